from semforge.transforms.testing import RuleTestCase


class TestFloordivModToDivmod(RuleTestCase):
    RULE = "floordiv-mod-to-divmod"
    DOMAIN = "(x: int, base: int)"
    CASES = [
        (  # the remainder used inside the statement before the quotient update
            """
            def f(x, base):
                ret = ""
                while x > 0:
                    ret = str(x % base) + ret
                    x //= base
                return ret
            """,
            """
            def f(x, base):
                ret = ""
                while x > 0:
                    x, remainder = divmod(x, base)
                    ret = str(remainder) + ret
                return ret
            """,
            [[255, 16], [0, 2], [7, 3]],
        ),
        (  # a named remainder, then the update; a quotient and a remainder in either order
            """
            def f(x, base):
                digit = x % base
                x = x // base
                hours = x // 60
                minutes = x % 60
                rest = x % 7
                weeks = x // 7
                return digit, x, hours, minutes, rest, weeks
            """,
            """
            def f(x, base):
                x, digit = divmod(x, base)
                hours, minutes = divmod(x, 60)
                weeks, rest = divmod(x, 7)
                return digit, x, hours, minutes, rest, weeks
            """,
            [[1000, 7], [-31, 4], [5, -3]],
        ),
    ]
    UNTOUCHED = [
        # floats: divmod(x, y) is (x // y, x % y) there too, but only ints are claimed
        ("""
        def f(x, base):
            q = x // base
            r = x % base
            return q, r
        """, "no evidence that both operands are ints", "(x: float, base: float)"),
        # the statement reads x again after the remainder: it would see the new x
        ("""
        def f(x, base):
            ret = str(x % base) + str(x)
            x //= base
            return ret, x
        """, "a % b is not what the statement evaluates first"),
        # something that may raise runs before the remainder
        ("""
        def f(x, base):
            ret = int(str(base)[1]) + x % base
            x //= base
            return ret, x
        """, "a % b is not what the statement evaluates first"),
        # an exception handler would see x already divided
        ("""
        def f(x, base):
            try:
                ret = str(x % base) + undefined
                x //= base
            except NameError:
                return x
            return ret
        """, "inside try/with"),
        # the first statement rebinds an operand
        ("""
        def f(x, base):
            base = x % base
            x //= base
            return x, base
        """, "no candidate"),
    ]
