from semforge.transforms.testing import RuleTestCase


class TestDivmodToFloordivMod(RuleTestCase):
    RULE = "divmod-to-floordiv-mod"
    DOMAIN = "(x: int, base: int)"
    CASES = [
        (
            """
            def f(x, base):
                hours, minutes = divmod(x, 60)
                x, digit = divmod(x, base)
                return hours, minutes, x, digit
            """,
            """
            def f(x, base):
                hours = x // 60
                minutes = x % 60
                digit = x % base
                x //= base
                return hours, minutes, x, digit
            """,
            [[1000, 7], [-31, 4], [5, -3], [3, 0]],
        ),
    ]
    UNTOUCHED = [
        # floats: only ints are claimed
        ("""
        def f(x, base):
            q, r = divmod(x, base)
            return q, r
        """, "no evidence that both operands are ints", "(x: float, base: float)"),
        # the remainder rebinds the divisor the quotient would still need
        ("""
        def f(x, base):
            x, base = divmod(x, base)
            return x, base
        """, "no candidate"),
    ]
