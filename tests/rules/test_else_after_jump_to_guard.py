from semforge.transforms.testing import RuleTestCase


class TestElseAfterJumpToGuard(RuleTestCase):
    RULE = "else-after-jump-to-guard"
    CASES = [
        (
            """
            def f(x):
                if x < 0:
                    return -1
                else:
                    y = x * 2
                    return y
            """,
            """
            def f(x):
                if x < 0:
                    return -1
                y = x * 2
                return y
            """,
        ),
        (  # raise, continue and one-line suites
            """
            def f(xs):
                for x in xs:
                    if x is None: continue
                    else: print(x)
                if not xs:
                    raise ValueError
                else:
                    return 1
            """,
            """
            def f(xs):
                for x in xs:
                    if x is None: continue
                    print(x)
                if not xs:
                    raise ValueError
                return 1
            """,
        ),
    ]
    UNTOUCHED = [
        # the branch can fall through
        ("""
        def f(x):
            if x:
                y = 1
            else:
                y = 2
            return y
        """, "the if branch does not end with return, raise, continue or break"),
        # a return nested in an inner if does not always jump
        ("""
        def f(x, c):
            if x:
                if c:
                    return 1
            else:
                return 2
            return 3
        """, "the if branch does not end with return, raise, continue or break"),
        # elif chains are left alone
        ("""
        def f(x):
            if x:
                return 1
            elif x is None:
                return 2
            return 3
        """, "an elif, not a plain else"),
        # try/finally as the last statement may fall through
        ("""
        def f(x):
            if x:
                try:
                    return 1
                finally:
                    pass
            else:
                return 2
        """, "the if branch does not end with return, raise, continue or break"),
    ]
