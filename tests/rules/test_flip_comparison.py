from semforge.transforms.testing import RuleTestCase


class TestFlipComparison(RuleTestCase):
    RULE = "flip-comparison"
    CASES = [
        (
            """
            def f(xs):
                n = len(xs)
                best = 0
                for i in range(n):
                    if i < n - 1 and 2 <= i and best != i:
                        best = i
                return 0 == best
            """,
            """
            def f(xs):
                n = len(xs)
                best = 0
                for i in range(n):
                    if i < n - 1 and i >= 2 and i != best:
                        best = i
                return best == 0
            """,
        ),
    ]
    UNTOUCHED = [
        # `x >= 2` -> `2 <= x` would be a yoda condition
        ("""
        def f(xs):
            n = len(xs)
            return n >= 2
        """, "yoda"),
        # parameters carry no evidence: their __eq__/__lt__ may be anything
        ("""
        def f(a, b: int):
            return a < b or a == 1 or b != 0
        """, "no evidence both operands hold immutable builtin values"),
        # an operand that may be a list or a user object
        ("""
        def f(g):
            x = g()
            y = 0
            return x < y
        """, "no evidence both operands hold immutable builtin values"),
        # chains, `in`, `is`
        ("""
        def f():
            a = 1
            b = 2
            return a < b < 3 or a in (1,) or a is b
        """, "a chained comparison"),
        # operands that are calls or attributes
        ("""
        def f(xs):
            n = 0
            return len(xs) > n or xs.n < n
        """, "an operand is not a name or literal"),
        # module level, two literals
        ("""
        a = 1
        b = a < 2
        def f():
            return 1 < 2
        """, "not in a function"),
        # `len` shadowed: its result is no evidence
        ("""
        def f(xs, len):
            n = len(xs)
            m = 0
            return n < m
        """, "no evidence both operands hold immutable builtin values"),
    ]
