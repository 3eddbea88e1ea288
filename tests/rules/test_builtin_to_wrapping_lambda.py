from semforge.transforms.testing import RuleTestCase


class TestBuiltinToWrappingLambda(RuleTestCase):
    RULE = "builtin-to-wrapping-lambda"
    CASES = [
        (  # HumanEval/15's and /144's shapes
            """
            def f(n, frac):
                a, b = map(int, frac.split("/"))
                return " ".join(map(str, range(n + 1))), a * b
            """,
            """
            def f(n, frac):
                a, b = map(lambda x: int(x), frac.split("/"))
                return " ".join(map(lambda x: str(x), range(n + 1))), a * b
            """,
            [[3, "1/2"], [0, "10/5"], [5, "-3/7"]],
        ),
        (
            """
            def g(words, xs):
                return sorted(words, key=len), max(xs, key=abs, default=0), list(filter(bool, xs))
            """,
            """
            def g(words, xs):
                return sorted(words, key=lambda x: len(x)), max(xs, key=lambda x: abs(x), default=0), list(filter(lambda x: bool(x), xs))
            """,
            [[["bb", "a", ""], [3, -4, 0]], [[], []], [["x"], [0.5, -0.5]]],
        ),
    ]
    UNTOUCHED = [
        # two iterables (map would pass two arguments), a function of the module, a method
        ("""
        def helper(v):
            return v
        def f(a, b):
            return list(map(int, a, b)), list(map(helper, a)), sorted(a, key=str.lower)
        """, "no candidate"),
        ("""
        len = lambda v: 0
        def f(xs):
            return sorted(xs, key=len)
        """, "len is shadowed"),
        ("""
        def f(xs):
            return sorted(xs, key=len), globals()
        """, "rebind builtins at run time"),
        ("""
        def f(xs, n):
            if n:
                return f(xs, n - 1)
            return list(map(str, xs))
        """, "recursi"),
    ]
