"""Fixtures for split-chained-assignment."""

from semforge.transforms.testing import RuleTestCase


class TestSplitChainedAssignment(RuleTestCase):
    RULE = "split-chained-assignment"
    CASES = [
        (
            """
            def f(node, n):
                cur = node.next = n  # link
                a = b = c = []
                return cur, a, b, c
            """,
            """
            def f(node, n):
                cur = n
                node.next = cur  # link
                a = []
                b = a
                c = a
                return cur, a, b, c
            """,
        ),
        ("total = count = 0\n", "total = 0\ncount = total\n"),
        (
            """
            class K:
                def m(self):
                    self.x = y = 2
                    r = s = 3
            """,
            """
            class K:
                def m(self):
                    self.x = y = 2
                    r = 3
                    s = r
            """,
        ),
    ]
    UNTOUCHED = [
        # reading an attribute or subscript back runs code: the first target must be a name
        ("def f(o, v):\n    o.a = b = v\n", "the first target is not a plain name"),
        ("def f(d, v):\n    d['k'] = b = v\n", "the first target is not a plain name"),
        # class bodies (a metaclass namespace may not give values back)
        ("class C:\n    a = b = 0\n", "in a class body"),
        # exec/locals() in the function
        ("def f():\n    a = b = 0\n    exec('')\n", "the function uses exec/eval/locals()/vars()/super() or similar"),
        # tuple first target
        ("def f(t):\n    a, b = c = t\n", "the first target is not a plain name"),
    ]
