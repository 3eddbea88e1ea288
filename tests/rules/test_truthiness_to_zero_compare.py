from semforge.transforms.testing import RuleTestCase


class TestTruthinessToZeroCompare(RuleTestCase):
    RULE = "truthiness-to-zero-compare"
    CASES = [
        (
            """
            def f(n, xs):
                k = len(xs)
                if k and not n % 2:
                    return not n
                while n % 3:
                    n = n + 1
                return [x for x in range(n) if x % 2], (1 if xs[0] else 2) if xs else 0
            """,
            """
            def f(n, xs):
                k = len(xs)
                if k != 0 and n % 2 == 0:
                    return n == 0
                while n % 3 != 0:
                    n = n + 1
                return [x for x in range(n) if x % 2 != 0], (1 if xs[0] != 0 else 2) if xs else 0
            """,
            [[4, [1, 2]], [0, []], [-3, [0]]],
        ),
        (  # floats: -0.0 is false, nan is true, as nan != 0
            """
            def f(y):
                return 1 if y else 2
            """,
            """
            def f(y):
                return 1 if y != 0 else 2
            """,
            [[0.0], [-0.0], [float("nan")], [2.5]],
        ),
    ]
    UNTOUCHED = [
        # no evidence: a user class may define __bool__ and __ne__ apart
        ("""
        def f(x):
            if x:
                return 1
        """, "no evidence the value is an int or a float"),
        # bools, strs and containers keep their truth tests; outside a condition x stays x
        ("""
        def f(b, s, xs, n):
            if b or s:
                return n
            if xs:
                return -n
        """, "no candidate", "(b: bool, s: str, xs: list[int], n: int)"),
    ]
