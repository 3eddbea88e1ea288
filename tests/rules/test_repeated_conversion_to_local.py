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
        (  # a later operand of an and-chain converts first: bound where it runs, by a walrus
            """
            def f(n):
                odd = "13579"
                return n > 10 and str(n)[0] in odd and str(n)[-1] in odd
            """,
            """
            def f(n):
                odd = "13579"
                return n > 10 and (as_text := str(n))[0] in odd and as_text[-1] in odd
            """,
            [[5], [13], [15], [-31], [123]],
        ),
        (  # an earlier operand's conversion may run without binding: left alone
            """
            def f(n):
                return (n > 10 or str(n) == "3") and len(str(n)) > 1 and str(n) > "2"
            """,
            """
            def f(n):
                return (n > 10 or str(n) == "3") and len(as_text := str(n)) > 1 and as_text > "2"
            """,
            [[5], [3], [13], [-31], [123]],
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
        # only in an if's body, not in its test
        ("""
        def f(n):
            total = 0
            if n > 3:
                total += int(n) + int(n)
            return total
        """, "no candidate"),
        # float() is not a conversion it makes (a NaN is not equal to itself)
        ("""
        def f(s):
            if float(s) > 1:
                return float(s) in [float(s)]
            return False
        """, "no candidate", "(s: str)"),
        # in the chain, the first conversion may not run (an operand's conditional part)
        ("""
        def f(n):
            return n > 10 and (n if n > 50 else str(n)) == str(n)
        """, "no candidate"),
        # while tests are evaluated again each pass
        ("""
        def f(n):
            while str(n) != str(n)[::-1]:
                n += 1
            return n
        """, "no candidate"),
    ]
