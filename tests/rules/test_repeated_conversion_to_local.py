from semforge.transforms.testing import RuleTestCase


class TestRepeatedConversionToLocal(RuleTestCase):
    RULE = "repeated-conversion-to-local"
    DOMAIN = "(n: int)"
    CASES = [
        (
            """
            def f(n):
                odd, even = 0, 0
                for i in range(1, n + 1):
                    if str(i) == str(i)[::-1]:
                        if i % 2 == 1:
                            odd += 1
                        else:
                            even += 1
                return even, odd
            """,
            """
            def f(n):
                odd, even = 0, 0
                for i in range(1, n + 1):
                    as_text = str(i)
                    if as_text == as_text[::-1]:
                        if i % 2 == 1:
                            odd += 1
                        else:
                            even += 1
                return even, odd
            """,
            [[0], [12], [123], [-5]],
        ),
        (  # a return; the conversion inside len() is still evaluated first
            """
            def f(n):
                return len(bin(n)) - bin(n).count("1")
            """,
            """
            def f(n):
                bits = bin(n)
                return len(bits) - bits.count("1")
            """,
            [[0], [5], [-8], [True]],
        ),
    ]
    UNTOUCHED = [
        # not evaluated first: g() runs before the conversion
        ("""
        def f(n):
            return g() + str(n) + str(n)
        """, "no candidate"),
        # an elif test runs only when the if test failed
        ("""
        def f(n):
            if n > 5:
                return 1
            elif str(n) == str(n)[::-1]:
                return 2
            return 3
        """, "no candidate"),
        # identity
        ("""
        def f(n):
            return str(n) is str(n)
        """, "identities"),
        # no evidence: str() of an object runs its __str__
        ("""
        def f(n):
            return str(n) + str(n)
        """, "no evidence", "(n: list)"),
        # a lambda could see the name
        ("""
        def f(n):
            g = lambda: n
            return str(n) + str(n)
        """, "seen by a nested"),
        # a walrus rebinds it between the conversions
        ("""
        def f(n):
            return str(n) + str((n := n + 1)) + str(n)
        """, "walrus"),
        # while tests are evaluated again each pass
        ("""
        def f(n):
            while str(n) != str(n)[::-1]:
                n += 1
            return n
        """, "no candidate"),
    ]
