from semforge.transforms.testing import RuleTestCase


class TestIfToTernary(RuleTestCase):
    RULE = "if-to-ternary"
    CASES = [
        (
            """
            def f(x):
                if x > 0:
                    y = 1
                else:
                    y = -1
                if y:
                    return x
                else:
                    return y, x
            """,
            """
            def f(x):
                y = 1 if x > 0 else -1
                return x if y else (y, x)
            """,
        ),
        (  # operands the expression grammar needs parenthesized
            """
            if n := g():
                h = lambda: 0
            else:
                h = p if q else r
            """,
            """
            h = (lambda: 0) if (n := g()) else p if q else r
            """,
        ),
    ]
    UNTOUCHED = [
        # different targets
        ("""
        if c:
            x = 1
        else:
            y = 1
        """, "the branches assign different names"),
        # attribute targets and augmented assignment
        ("""
        if c:
            o.x = 1
        else:
            o.x = 2
        """, "the branches are not both `name = value` or both `return value`"),
        ("""
        if c:
            x += 1
        else:
            x += 2
        """, "the branches are not both `name = value` or both `return value`"),
        # more than one statement in a branch
        ("""
        if c:
            x = 1
            y = 2
        else:
            x = 2
        """, "a branch is not one statement without comments"),
        # a bare return
        ("""
        def f(c):
            if c:
                return
            else:
                return 1
        """, "the branches are not both `name = value` or both `return value`"),
        # elif chain
        ("""
        if c:
            x = 1
        elif d:
            x = 2
        """, "part of an elif chain"),
        # comments would be lost
        ("""
        if c:
            # because
            x = 1
        else:
            x = 2
        """, "a branch is not one statement without comments"),
        # no else
        ("""
        if c:
            x = 1
        """, "no candidate"),
    ]


def test_elif_branch_is_not_collapsed():
    """Found by semforge rewrite on more-itertools: a collapsed `elif` left its chain and ran
    unconditionally."""
    from semforge.transforms.testing import assert_untouched

    assert_untouched("if-to-ternary", """
    def f(stop, n):
        if stop is None:
            j = n
        elif stop >= 0:
            j = min(stop, n)
        else:
            j = max(n + stop, 0)
        return j
    """)
