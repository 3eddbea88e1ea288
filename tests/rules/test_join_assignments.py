"""Fixtures for join-assignments."""

from semforge.transforms.testing import RuleTestCase


class TestJoinAssignments(RuleTestCase):
    RULE = "join-assignments"
    CASES = [
        (
            """
            def fib(n):
                a = 0
                b = 1
                for _ in range(n):
                    t = a
                    a = b
                    b = t + b
                return a
            """,
            """
            def fib(n):
                a, b = 0, 1
                for _ in range(n):
                    t, a = a, b
                    b = t + b
                return a
            """,
        ),
        (
            """
            def g():
                x = 1, 2
                y = yield  # resumed
                return x, y
            """,
            """
            def g():
                x, y = (1, 2), (yield)  # resumed
                return x, y
            """,
        ),
    ]
    UNTOUCHED = [
        # the second value reads the first name
        ("def f(x):\n    a = x\n    b = a + 1\n    return b\n", "a value reads a name assigned before it"),
        # inside try: if the second value raises, `a` is observable in the handler
        ("""
        def f(s):
            a = 0
            try:
                a = 1
                b = int(s)
            except ValueError:
                return a
            return b
        """, "inside try/with"),
        # closures and lazy generators
        ("def f(g):\n    h = lambda: a\n    a = 1\n    b = g(h)\n    return b\n", "a name is used by a nested scope or declared global/nonlocal"),
        # a comment on the second line would be lost
        ("def f():\n    a = 1\n    # why\n    b = 2\n    return a, b\n", "a comment between the assignments would be lost"),
        # same name twice, module level, class body, globals, dynamic scope
        ("def f():\n    a = 1\n    a = 2\n    return a\n", "both assign the same name"),
        ("a = 1\nb = 2\n", "no candidate"),
        ("class C:\n    a = 1\n    b = 2\n", "not in a function's own body"),
        ("def f():\n    global a\n    a = 1\n    b = 2\n", "a name is used by a nested scope or declared global/nonlocal"),
        ("def f():\n    a = 1\n    b = 2\n    return vars()\n", "the function uses exec/eval/locals()/vars()/super() or similar"),
        # annotated and augmented assignments
        ("def f():\n    a: int = 1\n    b = 2\n    return a, b\n", "no candidate"),
        ("def f(a):\n    a += 1\n    b = 2\n    return a, b\n", "no candidate"),
    ]
