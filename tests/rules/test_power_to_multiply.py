from semforge.transforms.testing import RuleTestCase


class TestPowerToMultiply(RuleTestCase):
    RULE = "power-to-multiply"
    CASES = [
        (
            """
            def sum_squares(n: int):
                total = 0
                for i in range(n):
                    total += i ** 2
                return total
            """,
            """
            def sum_squares(n: int):
                total = 0
                for i in range(n):
                    total += i * i
                return total
            """,
        ),
        ("""
def f(a, k_in: int):
    k = int(k_in)
    return a / k ** 2, -k ** 2, a + k ** 2, 2 ** k ** 2, (k ** 2).bit_length(), a * k**2
""", """
def f(a, k_in: int):
    k = int(k_in)
    return a / (k * k), -(k * k), a + k * k, 2 ** (k * k), (k * k).bit_length(), a * (k * k)
"""),
        (  # int evidence from len() and from int literals with += int
            """
            def g(xs):
                n = len(xs)
                m = 0
                m += n
                return [n ** 2, m ** 2]
            """,
            """
            def g(xs):
                n = len(xs)
                m = 0
                m += n
                return [n * n, m * m]
            """,
        ),
    ]
    UNTOUCHED = [
        # no evidence: a user type may define __pow__ differently from __mul__
        ("""
        def f(x):
            return x ** 2
        """, "no evidence 'x' is an int"),
        # floats: 1e200 ** 2 raises OverflowError, 1e200 * 1e200 is inf
        ("""
        def f(x: float, y: int):
            z = y / 2
            return x ** 2 + z ** 2 + (y * 1.0) ** 2
        """, "no evidence 'x' is an int"),
        # an int variable that is also assigned a float somewhere
        ("""
        def f(y: int):
            y = y / 3
            return y ** 2
        """, "no evidence 'y' is an int"),
        # other exponents, attributes and calls (reading twice could run code twice)
        ("""
        def f(self, n: int):
            return n ** 3 + n ** 2.0 + self.n ** 2 + len(self) ** 2 + n ** -2
        """, "no candidate"),
        # module-level and class-level names
        ("""
        n = 3
        sq = n ** 2
        class C:
            k = 2
            sq = k ** 2
        """, "no evidence 'n' is an int"),
        # a parameter with an int annotation but a None default
        ("""
        def f(n: int = None):
            return n ** 2
        """, "no evidence 'n' is an int"),
        # a name bound by a with/except/import target
        ("""
        def f(path):
            with open(path) as n:
                return n ** 2
        """, "no evidence 'n' is an int"),("""
def f(a, k: int):
    return a / k ** 2, -k ** 2, a + k ** 2, 2 ** k ** 2, (k ** 2).bit_length(), a * k**2
""", 'annotation is not evidence')
    ]


class TestPowerToMultiplyHiddenBindings(RuleTestCase):
    """Bindings the scope analysis does not record as assignments still cancel evidence."""

    RULE = "power-to-multiply"
    CASES = [
        ("""
def f(n_in: int):
    n = int(n_in)
    return n ** 2
""", """
def f(n_in: int):
    n = int(n_in)
    return n * n
"""),
    ]
    UNTOUCHED = [
        # a match capture rebinds n
        ("""
        def f(n: int, cmd):
            match cmd:
                case [n, *rest]:
                    pass
            return n ** 2
        """, "no evidence 'n' is an int"),
        ("""
        def f(n: int, cmd):
            match cmd:
                case {"k": 1, **n}:
                    pass
                case [*n]:
                    pass
            return n ** 2
        """, "no evidence 'n' is an int"),
        # a walrus inside a comprehension binds in the function
        ("""
        def f(n: int, xs):
            [(n := x) for x in xs]
            return n ** 2
        """, "no evidence 'n' is an int"),("""
def f(n: int):
    return n ** 2
""", 'annotation is not evidence')
    ]
