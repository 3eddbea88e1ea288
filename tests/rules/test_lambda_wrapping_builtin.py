from semforge.transforms.testing import RuleTestCase


class TestLambdaWrappingBuiltin(RuleTestCase):
    RULE = "lambda-wrapping-builtin"
    CASES = [
        (  # HumanEval/84's and /74's shapes
            """
            def digit_sum(n, words):
                total = sum(map(lambda x: int(x), str(n)))
                return total, sum(map(lambda s: len(s), words))
            """,
            """
            def digit_sum(n, words):
                total = sum(map(int, str(n)))
                return total, sum(map(len, words))
            """,
            [[147, ["ab", ""]], [0, []], [-3, ["x"]]],
        ),
        (  # key= of sorted/min/max, and filter
            """
            def f(words, xs):
                a = sorted(words, key=lambda ch: ord(ch))
                b = max(xs, key=lambda v: abs(v), default=None)
                return a, b, list(filter(lambda v: bool(v), xs)), min(words, key=lambda w: len(w))
            """,
            """
            def f(words, xs):
                a = sorted(words, key=ord)
                b = max(xs, key=abs, default=None)
                return a, b, list(filter(bool, xs)), min(words, key=len)
            """,
            [["cab", [3, -4, 0]], ["z", []], ["", [1]]],
        ),
    ]
    UNTOUCHED = [
        # two iterables: the lambda takes one argument, int(a, b) two
        ("""
        def f(a, b):
            return list(map(lambda x: int(x), a, b))
        """, "no candidate"),
        # not a builtin, or not only the parameter
        ("""
        def helper(x):
            return x
        def f(xs):
            return list(map(lambda x: helper(x), xs)), list(map(lambda x: int(x, 2), xs)), \\
                sorted(xs, key=lambda x: x.lower())
        """, "helper is not a builtin known"),
        # a builtin that reads its caller's frame
        ("""
        def f(xs):
            return list(map(lambda x: eval(x), xs))
        """, "not a builtin known not to read its caller's frame"),
        # a shadowed builtin, and a module that can rebind builtins
        ("""
        int = float
        def f(xs):
            return list(map(lambda x: int(x), xs))
        """, "int is shadowed"),
        ("""
        def f(xs):
            exec("x = 1")
            return list(map(lambda x: int(x), xs))
        """, "rebind builtins at run time"),
        # a recursive function: one frame less per item moves the RecursionError
        ("""
        def f(xs, n):
            if n == 0:
                return list(map(lambda x: str(x), xs))
            return f(xs, n - 1)
        """, "recursi"),
    ]
