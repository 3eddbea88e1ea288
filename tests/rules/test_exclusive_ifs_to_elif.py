from semforge.transforms.testing import RuleTestCase


class TestExclusiveIfsToElif(RuleTestCase):
    RULE = "exclusive-ifs-to-elif"
    CASES = [
        (  # characters of a str from the seeds' inputs; a comment above the second test stays
            """
            def f(brackets):
                depth = 0
                for ch in brackets:
                    if ch == "(": depth += 1
                    # closing
                    if ch == ")": depth -= 1
                    if depth < 0:
                        return False
                return depth == 0
            """,
            """
            def f(brackets):
                depth = 0
                for ch in brackets:
                    if ch == "(": depth += 1
                    # closing
                    elif ch == ")": depth -= 1
                    if depth < 0:
                        return False
                return depth == 0
            """,
            [["(()())"], [")("], [""], ["(("]],
        ),
        (  # three tests of an int (an int and a float literal of different values)
            """
            def f(n):
                out = []
                if n == 0:
                    out.append("zero")
                if n == 1.5:
                    out.append("never")
                if n == 2:
                    out.append("two")
                return out
            """,
            """
            def f(n):
                out = []
                if n == 0:
                    out.append("zero")
                elif n == 1.5:
                    out.append("never")
                elif n == 2:
                    out.append("two")
                return out
            """,
            [[0], [2], [7], [-1]],
        ),
        (  # membership of one character in literals with no character in common
            """
            def f(num):
                even, odd = 0, 0
                for ch in str(num):
                    if ch in "02468": even += 1
                    if ch in "13579": odd += 1
                return even, odd
            """,
            """
            def f(num):
                even, odd = 0, 0
                for ch in str(num):
                    if ch in "02468": even += 1
                    elif ch in "13579": odd += 1
                return even, odd
            """,
            [[-12], [0], [13579], [2468]],
        ),
    ]
    UNTOUCHED = [
        # no evidence of the tested value's type (its __eq__ could say yes twice)
        ("""
        def f(x):
            if x == "a":
                print(1)
            if x == "b":
                print(2)
        """, "no evidence 'x' is a builtin str or number"),
        # the first body rebinds the value
        ("""
        def f(s):
            if s == "a":
                s = "b"
            if s == "b":
                return 1
            return 0
        """, "'s' is rebound in an if's body", "(s: str)"),
        # equal literals (1 == 1.0): both tests may hold
        ("""
        def f(n):
            k = 0
            if n == 1:
                k += 1
            if n == 1.0:
                k += 1
            return k
        """, "two tests against equal literals", "(n: int)"),
        # a global, which the first body's call could rebind
        ("""
        def f():
            global mode
            if mode == "a":
                g()
            if mode == "b":
                return 1
        """, "no evidence 'mode' is a builtin str or number"),
        # "" is in every str: the item is a str, not known to be one character
        ("""
        def f(words):
            n = 0
            for w in words:
                if w in "abc": n += 1
                if w in "xyz": n += 2
            return n
        """, "one character", "(words: list[str])"),
        # the literals share a character
        ("""
        def f(s):
            n = 0
            for ch in s:
                if ch in "abc": n += 1
                if ch in "cde": n += 2
            return n
        """, "sharing a character", "(s: str)"),
    ]

    def test_second_if_with_else_untouched(self):
        from semforge.domain import Domain
        from semforge.transforms.registry import get_rule

        src = "def f(s):\n    if s == 'a':\n        print(1)\n    if s == 'b':\n        print(2)\n    else:\n        print(3)\n"
        assert get_rule(self.RULE).apply(src, domain=Domain.parse("(s: str)", "f")).sites == 0
