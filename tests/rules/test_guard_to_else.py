from semforge.transforms.testing import RuleTestCase


class TestGuardToElse(RuleTestCase):
    RULE = "guard-to-else"
    CASES = [
        (
            """
            def f(x):
                if x < 0:
                    return -1
                y = x * 2
                return y
            """,
            """
            def f(x):
                if x < 0:
                    return -1
                else:
                    y = x * 2
                    return y
            """,
        ),
        (  # successive guards nest; `break` is a jump too
            """
            def f(xs):
                for x in xs:
                    if x is None:
                        break
                    print(x)
                if not xs:
                    raise ValueError
                if len(xs) == 1:
                    return 0
                return 1
            """,
            """
            def f(xs):
                for x in xs:
                    if x is None:
                        break
                    else:
                        print(x)
                if not xs:
                    raise ValueError
                else:
                    if len(xs) == 1:
                        return 0
                    else:
                        return 1
            """,
        ),
    ]
    UNTOUCHED = [
        # nothing follows the guard
        ("""
        def f(x):
            if x:
                return 1
        """, "nothing follows the if"),
        # the branch can fall through
        ("""
        def f(x):
            if x:
                y = 1
            return 2
        """, "the if branch does not end with return, raise, continue or break"),
        # a return nested deeper does not always jump
        ("""
        def f(x, c):
            if x:
                if c:
                    return 1
            return 3
        """, "the if branch does not end with return"),
        # module level: never nests the rest of the module
        ("""
        import sys
        if sys.version_info < (3,):
            raise ImportError
        x = 1
        """, "no candidate"),
        # an if with an else is not a bare guard
        ("""
        def f(x):
            if x:
                return 1
            else:
                pass
            return 2
        """, "the if already has an else or elif"),
    ]
