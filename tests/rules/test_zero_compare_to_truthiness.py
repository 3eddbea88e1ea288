from semforge.transforms.testing import RuleTestCase


class TestZeroCompareToTruthiness(RuleTestCase):
    RULE = "zero-compare-to-truthiness"
    CASES = [
        (  # ints from range() and len(), strs from str methods
            """
            def f(s):
                n = len(s)
                t = s.strip()
                out = [i for i in range(n) if i % 3 == 0]
                if t != "" and n != 0:
                    return out, n == 0
                while n != 0 and (t == ""):
                    n = n - 1
                return out
            """,
            """
            def f(s):
                n = len(s)
                t = s.strip()
                out = [i for i in range(n) if not i % 3]
                if t and n:
                    return out, not n
                while n and (not t):
                    n = n - 1
                return out
            """,
            [["ab "], [""], ["  "]],
        ),
        (  # the domain types parameters; floats too (-0.0 and 0.0 are false, nan is true)
            """
            def f(x, s, y):
                if x == 0 or s == '':
                    return 0
                return y != 0 if s != "" else [c for c in s if c != ""]
            """,
            """
            def f(x, s, y):
                if not x or not s:
                    return 0
                return y != 0 if s else [c for c in s if c]
            """,
            [[0, "a", 0.0], [3, "", -0.0], [2, "b", float("nan")], [1, "c", 2.5]],
        ),
    ]
    UNTOUCHED = [
        # no evidence: a numpy array raises on bool, a user class may define __bool__ apart
        ("""
        def f(x):
            return x == 0
        """, "no evidence the operand is a number"),
        # an int against "" (always False) and a str against 0
        ("""
        def f(n, s):
            return n == "" or s == 0
        """, "no evidence the operand is a number", "(n: int, s: str)"),
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
