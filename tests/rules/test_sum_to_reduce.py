from semforge.transforms.testing import RuleTestCase


class TestSumToReduce(RuleTestCase):
    RULE = "sum-to-reduce"
    DOMAIN = "(xs: list[int])"
    CASES = [
        (
            """
            def f(xs):
                return sum(xs)
            """,
            """
            import functools

            def f(xs):
                return functools.reduce(lambda a, b: a + b, xs, 0)
            """,
            [[[3, -1, 2]], [[]]],
        ),
        (  # the digits of a number (HumanEval/84): int() is an int whatever it reads
            """
            def f(n):
                return sum(map(lambda d: int(d), str(n)))
            """,
            """
            import functools

            def f(n):
                return functools.reduce(lambda a, b: a + b, map(lambda d: int(d), str(n)), 0)
            """,
            [[147], [0]],
        ),
        (  # a bare generator argument gets its own parentheses beside the others
            """
            def f(xs):
                return sum(x * x for x in xs)
            """,
            """
            import functools

            def f(xs):
                return functools.reduce(lambda a, b: a + b, (x * x for x in xs), 0)
            """,
            [[[3, -1, 2]], [[]]],
        ),
        (  # functools already imported
            """
            import functools

            def f(xs):
                return sum([x * x for x in xs])
            """,
            """
            import functools

            def f(xs):
                return functools.reduce(lambda a, b: a + b, [x * x for x in xs], 0)
            """,
        ),
    ]
    UNTOUCHED = [
        # floats: CPython 3.12's sum compensates the rounding, a fold does not
        ("""
        def f(xs):
            return sum(xs)
        """, "no evidence the items are ints", "(xs: list[float])"),
        ("""
        def f(xs, ys):
            return sum(ys)
        """, "no evidence the items are ints"),
        # a start value, a shadowed sum, functools rebound
        "def f(xs):\n    return sum(xs, 10)\n",
        ("""
        def f(xs, sum):
            return sum(xs)
        """, "sum is shadowed"),
        ("""
        functools = None
        def f(xs):
            return sum(xs)
        """, "the name functools may be bound to something else"),
        ("""
        import functools
        functools.reduce = max
        def f(xs):
            return sum(xs)
        """, "functools' attributes are assigned"),
        # recursion: the lambda is one frame more
        ("""
        def f(n):
            if n > 0:
                return f(n - 1) + sum(range(n))
            return 0
        """, "recursi", "(n: int)"),
    ]
