from semforge.transforms.testing import RuleTestCase


class TestRemoveRedundantIntCall(RuleTestCase):
    RULE = "remove-redundant-int-call"
    CASES = [
        (  # HumanEval/77's shape: a power of a builtin number (a complex raises in round())
            """
            def f(a):
                a = abs(a)
                return int(round(a ** (1. / 3))) ** 3 == a
            """,
            """
            def f(a):
                a = abs(a)
                return round(a ** (1. / 3)) ** 3 == a
            """,
            [[1], [64], [-8], [0], [180]],
        ),
        (  # floats and ints from the domain; math's rounding functions; len of anything
            """
            import math

            def f(x: float, n: int, xs: list):
                return int(round(x)), int(math.floor(x / 2)), int(math.ceil(n)), \\
                    int(math.trunc(x)), int(len(xs)), (int(round(n)))
            """,
            """
            import math

            def f(x: float, n: int, xs: list):
                return round(x), math.floor(x / 2), math.ceil(n), \\
                    math.trunc(x), len(xs), (round(n))
            """,
            [[2.5, 3, []], [-0.5, -7, [1, 2]], [1e300, 0, [0]], [-3.75, True, "ab"]],
        ),
        (  # round of a power that may be a complex: TypeError in round() either way
            """
            def f(a: int):
                return int(round(a ** 0.5))
            """,
            """
            def f(a: int):
                return round(a ** 0.5)
            """,
            [[4], [-4], [0], [10]],
        ),
    ]
    UNTOUCHED = [
        # round with ndigits returns a float for a float
        ("""
        def f(x: float):
            return int(round(x, 1))
        """, "no candidate"),
        # no evidence of a builtin number: a class's __round__/__floor__ may return anything
        ("""
        def f(x):
            return int(round(x))
        """, "no evidence round()'s argument is a builtin number"),
        ("""
        import math
        def f(x):
            return int(math.floor(x))
        """, "no evidence the math call's argument"),
        # math is not the stdlib module
        ("""
        import numpy as math
        def f(x: float):
            return int(math.floor(x))
        """, "no evidence the math call's argument"),
        # shadowed builtins
        ("""
        def round(x):
            return x
        def f(x: float):
            return int(round(x))
        """, "round is shadowed"),
        ("""
        int = float
        def f(xs: list):
            return int(len(xs))
        """, "int is shadowed"),
        ("""
        def f(xs: list):
            exec("pass")
            return int(len(xs))
        """, "rebind builtins at run time"),
        # int() of other things converts
        ("""
        def f(x: float, s: str):
            return int(x), int(s), int(abs(x)), int(s, 2)
        """, "no candidate"),
    ]
