from semforge.transforms.testing import RuleTestCase


class TestPrefixAggregateToAccumulate(RuleTestCase):
    RULE = "prefix-aggregate-to-accumulate"
    DOMAIN = "(numbers: list[int])"
    CASES = [
        (
            """
            def f(numbers):
                return [max(numbers[:(i+1)]) for i in range(len(numbers))]
            """,
            """
            from itertools import accumulate

            def f(numbers):
                return list(accumulate(numbers, max))
            """,
            [[[1, 3, 2, 5, 4]], [[]], [[-1, -1, 0]]],
        ),
        (  # floats: max and min fold the same way (NaN and -0.0 included)
            """
            def f(xs):
                lows = [min(xs[0:i]) for i in range(1, len(xs) + 1)]
                return lows, [max(xs[:1 + i]) for i in range(len(xs))]
            """,
            """
            from itertools import accumulate

            def f(xs):
                lows = list(accumulate(xs, min))
                return lows, list(accumulate(xs, max))
            """,
            [[[1.5, float("nan"), 0.0, -0.0, 2.0]], [[]], [[float("nan"), 1.0]]],
        ),
        (  # int prefix sums; accumulate already imported
            """
            from itertools import accumulate

            def f(numbers):
                return [sum(numbers[:i + 1]) for i in range(len(numbers))]
            """,
            """
            from itertools import accumulate

            def f(numbers):
                return list(accumulate(numbers))
            """,
            [[[3, -1, 4]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # float sums: 0 + -0.0 is 0.0, and sum's rounding is the Python version's
        ("""
        def f(numbers):
            return [sum(numbers[:i + 1]) for i in range(len(numbers))]
        """, "no evidence the items are ints", "(numbers: list[float])"),
        # items of unknown type may count their comparisons
        ("""
        def f(numbers):
            return [max(numbers[:i + 1]) for i in range(len(numbers))]
        """, "no evidence", None),
        # a prefix that may be empty (max raises there)
        ("""
        def f(numbers):
            return [max(numbers[:i]) for i in range(len(numbers))]
        """, "no candidate"),
        # a class body: the item reads the module's xs, range(len(xs)) the class's
        ("""
        xs = [1]

        class C:
            xs = [3, 2]
            ys = [max(xs[:i + 1]) for i in range(len(xs))]
        """, "in a class body"),
        # accumulate is something else here
        ("""
        def accumulate(xs, f):
            return xs

        def f(numbers):
            return [max(numbers[:i + 1]) for i in range(len(numbers))]
        """, "accumulate is bound"),
    ]
