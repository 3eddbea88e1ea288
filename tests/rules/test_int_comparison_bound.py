from semforge.transforms.testing import RuleTestCase


class TestIntComparisonBound(RuleTestCase):
    RULE = "int-comparison-bound"
    CASES = [
        (  # literal bounds, both ways; range() loop variables and len() are ints
            """
            def f(s):
                n = len(s)
                for i in range(n):
                    if i > 0 and i <= 9 and n >= 2 or n < 1:
                        return i
                return n > -1
            """,
            """
            def f(s):
                n = len(s)
                for i in range(n):
                    if i >= 1 and i < 10 and n > 1 or n <= 0:
                        return i
                return n >= 0
            """,
        ),
        (  # +/- 1 folded into the operator, and the last index spelled out
            """
            def f(xs, k):
                m = len(xs)
                return [k < m + 1, k <= m - 1, k > (m - 1), k >= m + 1, k < m, k < len(xs)]
            """,
            """
            def f(xs, k):
                m = len(xs)
                return [k <= m, k < m, k >= m, k > m, k <= m - 1, k <= len(xs) - 1]
            """,
            [[[1, 2], 1], [[], 0], [[5], -3]],
        ),
        (  # the domain types the items of a list that is only read, and lambda parameters
            """
            def f(lst):
                return list(filter(lambda x: x > 0, lst)), [y for y in lst if y <= 2]
            """,
            """
            def f(lst):
                return list(filter(lambda x: x >= 1, lst)), [y for y in lst if y < 3]
            """,
            [[[0, 1, 3, -2]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # floats: 0.5 > 0 but not 0.5 >= 1
        ("""
        def f(x, xs):
            return x > 0 or [y for y in xs if y < 3]
        """, "no evidence both operands are ints", "(x: float, xs: list[float])"),
        # no evidence at all: a user class's __gt__ may do anything
        ("""
        def f(x):
            return x > 0
        """, "no evidence both operands are ints"),
        # towards a negative literal: x >= 0 is how it is written
        ("""
        def f(n):
            return n >= 0 or n < 0
        """, "negative literal", "(n: int)"),
        # chains (the bound is the next link's operand), literal first, other shapes
        ("""
        def f(n, m):
            return 0 <= n < 10 or 1 < n or n >= m or n <= m or n > m
        """, "no candidate", "(n: int, m: int)"),
        # a list the function mutates: its items are not known to stay ints
        ("""
        def f(xs):
            xs.append(0.5)
            return [x for x in xs if x > 0]
        """, "no evidence both operands are ints", "(xs: list[int])"),
    ]
