from semforge.transforms.testing import RuleTestCase


class TestMergeChainedComparison(RuleTestCase):
    RULE = "merge-chained-comparison"
    CASES = [
        (
            """
            def f(lo, x, hi):
                if lo <= x and x < hi:
                    return 1
                return 0 < 5 and 5 <= hi
            """,
            """
            def f(lo, x, hi):
                if lo <= x < hi:
                    return 1
                return 0 < 5 <= hi
            """,
        ),
        (
            """
            def f(a, b, c, d):
                return a < b < c and c != d
            """,
            """
            def f(a, b, c, d):
                return a < b < c != d
            """,
        ),
    ]
    UNTOUCHED = [
        # different middle operands
        ("""
        def f(a, b, c, d):
            return a < b and c < d
        """, "the comparisons share no operand"),
        # call: evaluated twice in the original
        ("""
        def f(a, c):
            return a < g() and g() < c
        """, "the comparisons share no operand"),
        # attribute reads may run user code
        ("""
        def f(a, o, c):
            return a < o.x and o.x < c
        """, "the comparisons share no operand"),
        # module-level names
        ("""
        ok = lo < mid and mid < hi
        """, "'mid' is not a local of a function"),
        # `or` is not a chain
        ("""
        def f(a, b, c):
            return a < b or b < c
        """, "no candidate"),
        # nonlocal rebinding
        ("""
        def f(a, b, c):
            def g():
                nonlocal b
                b = 0
            return a < b and b < c
        """, "'b' is global or nonlocal"),
        # parenthesized comparisons are left alone
        ("""
        def f(a, b, c):
            return (a < b) and b < c
        """, "a parenthesized comparison"),
    ]
