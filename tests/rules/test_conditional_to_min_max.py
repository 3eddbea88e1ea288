from semforge.transforms.testing import RuleTestCase

NAN = float("nan")


class TestConditionalToMinMax(RuleTestCase):
    RULE = "conditional-to-min-max"
    CASES = [
        (
            """
            def running(nums):
                lo, hi = 0, 0
                for x in nums:
                    lo = x if x < lo else lo
                    hi = (x if x > hi else hi)
                return lo, hi, (-1 if -1 > hi else hi) * 2
            """,
            """
            def running(nums):
                lo, hi = 0, 0
                for x in nums:
                    lo = min(lo, x)
                    hi = max(hi, x)
                return lo, hi, max(hi, -1) * 2
            """,
            [[[3, -1, 2]], [[]], [[NAN, 1.0]], [[-0.0, 0.0]], [[5]], [[2, 2, -7]]],
        ),
    ]
    UNTOUCHED = [
        # not the same operands on both sides, or not a pick of the compared values
        ("""
        def f(a, b):
            return (b if a < b else a), (b if b < a else b), (b if b <= a else a), (a + 1 if a < b else b)
        """, "no candidate"),
        # a global and a call
        ("""
        LIMIT = 3
        def f(a, xs):
            return LIMIT if LIMIT < a else a
        """, "not a local"),
        # min shadowed
        ("""
        def min(a, b):
            return a
        def f(a, b):
            return b if b < a else a
        """, "min is shadowed"),
        # both may be unbound
        ("""
        def f(xs):
            for x in xs:
                if x:
                    a = x
                else:
                    b = x
                c = b if b < a else a
            return c
        """, "neither argument is certainly bound"),
    ]
