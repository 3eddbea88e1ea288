from semforge.transforms.testing import RuleTestCase


class TestReturnBool(RuleTestCase):
    RULE = "return-bool"
    CASES = [
        (
            """
            def f(x):
                if x % 2 == 0:
                    return True
                else:
                    return False
            """,
            """
            def f(x):
                return bool(x % 2 == 0)
            """,
        ),
        (  # a following `return False`; constants the other way round give `not`
            """
            def f(xs, y):
                for x in xs:
                    if x in y:
                        return False
                    return True
                if not xs:
                    return True
                return False
            """,
            """
            def f(xs, y):
                for x in xs:
                    return x not in y
                return not xs
            """,
        ),
        (  # ints (from the code): `not a > b` is exactly `a <= b`
            """
            def f(xs, y):
                n = len(xs)
                m = len(y)
                if n > m:
                    return False
                return True
            """,
            """
            def f(xs, y):
                n = len(xs)
                m = len(y)
                return n <= m
            """,
        ),
    ]
    UNTOUCHED = [
        # `return not x > y` is noise; `x <= y` is not its negation for floats (NaN)
        ("""
        def f(x, y):
            if x > y:
                return False
            return True
        """, "negating a comparison"),
        # `if a or b` calls a.__bool__ once; `not (a or b)` twice when a decides
        ("""
        def f(a, b):
            if a or b:
                return False
            else:
                return True
        """, "and/or test"),
        # `bool` is shadowed in the module
        ("""
        def bool(x):
            return x
        def f(x):
            if x:
                return True
            return False
        """, "bool is shadowed"),
        ("""
        def f(x, bool):
            if x:
                return True
            return False
        """, "bool is shadowed"),
        # the same constant in both branches
        ("""
        def f(x):
            if x:
                return True
            return True
        """, "both branches return the same bool"),
        # not constants
        ("""
        def f(x, t):
            if x:
                return t
            return False
        """, "no candidate"),
        # something happens before the second return
        ("""
        def f(x):
            if x:
                return True
            log(x)
            return False
        """, "the other branch"),
        # elif chain
        ("""
        def f(x, y):
            if x:
                return True
            elif y:
                return False
        """, "the other branch"),
    ]
