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
                    if i < n - 1 and i >= 2 and best != i:
                        best = i
                return best == 0
            """,
        ),
        (  # the domain types parameters; total calls of known type are operands too
            """
            def f(s, n, m):
                if n > len(s) or n == m:
                    return s.lower() < s
                return m <= n
            """,
            """
            def f(s, n, m):
                if len(s) < n or n == m:
                    return s > s.lower()
                return n >= m
            """,
            [["ab", 1, 2], ["", 0, 0]],
        ),
    ]
    UNTOUCHED = [
        # an equality of two non-literals: the mirror keeps the operator and teaches nothing
        ("""
        def f(xs):
            n = len(xs)
            m = 2
            return n == m or m != n
        """, "an equality between two non-literals"),
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
        # operands that are calls or attributes of values of unknown type
        ("""
        def f(xs):
            n = 0
            return len(xs) > n or xs.n < n
        """, "no evidence both operands hold immutable builtin values"),
        # an int against a str: the TypeError's message names them in order
        ("""
        def f(n, s):
            return s.lower() > n
        """, "no evidence both operands hold immutable builtin values", "(n: int, s: str)"),
        # a subscript may raise: evaluating it first could change which error is raised
        ("""
        def f(xs, n):
            return xs[0] < n
        """, "no evidence both operands hold immutable builtin values", "(xs: list[int], n: int)"),
        # `i < n - 1` -> `n - 1 > i`: a bound reads best on the right
        ("""
        def f(xs, i):
            n = len(xs)
            return i < n - 1
        """, "arithmetic first", "(xs: list[int], i: int)"),
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
