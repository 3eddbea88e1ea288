from semforge.transforms.testing import RuleTestCase


class TestReduceAddToSum(RuleTestCase):
    RULE = "reduce-add-to-sum"
    DOMAIN = "(xs: list[int])"
    CASES = [
        (
            """
            import functools

            def f(n):
                return functools.reduce(lambda a, b: a + b, map(lambda d: int(d), str(n)), 0)
            """,
            """
            import functools

            def f(n):
                return sum(map(lambda d: int(d), str(n)))
            """,
            [[147], [0]],
        ),
        (
            """
            import functools

            def f(xs):
                return functools.reduce(lambda a, b: a + b, [x * x for x in xs], 0)
            """,
            """
            import functools

            def f(xs):
                return sum([x * x for x in xs])
            """,
            [[[3, -1, 2]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # not a sum: another start, another fold, no start (reduce of nothing raises)
        "import functools\ndef f(xs):\n    return functools.reduce(lambda a, b: a + b, xs, 1)\n",
        "import functools\ndef f(xs):\n    return functools.reduce(lambda a, b: b + a, xs, 0)\n",
        "import functools\ndef f(xs):\n    return functools.reduce(lambda a, b: a + b, xs)\n",
        ("""
        import functools

        def f(xs):
            return functools.reduce(lambda a, b: a + b, xs, 0)
        """, "no evidence the items are ints", "(xs: list[str])"),
        ("""
        from mylib import functools

        def f(xs):
            return functools.reduce(lambda a, b: a + b, xs, 0)
        """, "the name functools may be bound to something else"),
    ]
