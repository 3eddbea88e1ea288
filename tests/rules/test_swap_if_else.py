from semforge.transforms.testing import RuleTestCase


class TestSwapIfElse(RuleTestCase):
    RULE = "swap-if-else"
    CASES = [
        (
            """
            def f(x):
                if not x:
                    return 1
                else:
                    return 2
            """,
            """
            def f(x):
                if x:
                    return 2
                else:
                    return 1
            """,
        ),
        (  # membership and identity tests flip: `not in` is defined as the negation
            """
            def f(a, b):
                if a in b:
                    r = 1
                else:
                    r = 2
                if a is not None:
                    r += 1
                else:
                    r -= 1
                return r
            """,
            """
            def f(a, b):
                if a not in b:
                    r = 2
                else:
                    r = 1
                if a is None:
                    r -= 1
                else:
                    r += 1
                return r
            """,
        ),
        (  # `and`/`or` need parentheses under `not`
            """
            if a and b:
                x = 1
            else:
                x = 2
            """,
            """
            if not (a and b):
                x = 2
            else:
                x = 1
            """,
        ),
        (  # walrus keeps its parentheses
            """
            if not (n := f()):
                x = 1
            else:
                x = n
            """,
            """
            if (n := f()):
                x = n
            else:
                x = 1
            """,
        ),
        (  # an elif with a plain else is swapped in place
            """
            if a:
                x = 1
            elif b:
                x = 2
            else:
                x = 3
            """,
            """
            if a:
                x = 1
            elif not b:
                x = 3
            else:
                x = 2
            """,
        ),
        (  # parentheses that hold a line break stay
            """
            if not (a <
                    b):
                x = 1
            else:
                x = 2
            """,
            """
            if (a <
                    b):
                x = 2
            else:
                x = 1
            """,
        ),
        (  # `if(x):` has no space after `if`
            """
            if(x):
                a = 1
            else:
                a = 2
            """,
            """
            if not (x):
                a = 2
            else:
                a = 1
            """,
        ),
    ]
    UNTOUCHED = [
        ("""
        if a:
            x = 1
        """, "no candidate"),
        # `not a < b` is noise, and `a >= b` is not its negation (NaN): left alone
        ("""
        def f(a, b):
            if a < b:
                r = 1
            else:
                r = 2
            return r
        """, "negating a comparison"),
        ("""
        if a:
            x = 1
        elif b:
            x = 2
        """, "an elif chain"),
    ]
