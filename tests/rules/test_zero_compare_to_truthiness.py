from semforge.transforms.testing import RuleTestCase


class TestZeroCompareToTruthiness(RuleTestCase):
    RULE = "zero-compare-to-truthiness"
    CASES = [
        (  # ints from range() and len(): no domain needed
            """
            def f(s):
                n = len(s)
                out = [i for i in range(n) if i % 3 == 0]
                if n != 0 and n % 2 != 0:
                    return out, n == 0
                while n != 0 and (n == 0):
                    n = n - 1
                return [i for i in range(n) if i != 0]
            """,
            """
            def f(s):
                n = len(s)
                out = [i for i in range(n) if not i % 3]
                if n and n % 2:
                    return out, not n
                while n and (not n):
                    n = n - 1
                return [i for i in range(n) if i]
            """,
            [["ab "], [""], ["abcdefg"]],
        ),
        (  # the domain types parameters; floats too (-0.0 and 0.0 are false, nan is true)
            """
            def f(x, y):
                if x == 0:
                    return 0
                return y == 0 if y != 0 else 1
            """,
            """
            def f(x, y):
                if not x:
                    return 0
                return not y if y else 1
            """,
            [[0, 0.0], [3, -0.0], [2, float("nan")], [1, 2.5]],
        ),
    ]
    UNTOUCHED = [
        # `not len(xs)`: linters flag it; the list's own truth is another rule's rewrite
        ("""
        def f(xs):
            if len(xs) == 0:
                return 1
            return 2
        """, "a len() call", "(xs: list[int])"),
        # no evidence: a numpy array raises on bool, a user class may define __bool__ apart
        ("""
        def f(x):
            return x == 0
        """, "no evidence the operand is a number"),
        # a str against 0 is always False; strs are empty-literal-compare-to-truthiness's
        ("""
        def f(s):
            return s == 0 or s == ""
        """, "no evidence the operand is a number", "(s: str)"),
        # outside a condition `n != 0` is a bool, `n` is not
        ("""
        def f(n):
            return n != 0
        """, "not in a condition", "(n: int)"),
        # `not n == 0` -> `not not n`
        ("""
        def f(n):
            if not n == 0:
                return 1
        """, "under not", "(n: int)"),
        # `not a + b` reads as `(not a) + b`
        ("""
        def f(a, b):
            if a + b == 0:
                return 1
        """, "arithmetic other than %", "(a: int, b: int)"),
        # the literal first, chains, other literals
        ("""
        def f(n):
            return 0 == n or 0 == n == 0 or n == 0.0 or n == 1
        """, "no candidate", "(n: int)"),
    ]
