from semforge.transforms.testing import RuleTestCase


class TestTernaryToIf(RuleTestCase):
    RULE = "ternary-to-if"
    CASES = [
        (
            """
            def f(x):
                # sign
                y = 1 if x > 0 else -1
                return x if y else (y, x)
            """,
            """
            def f(x):
                # sign
                if x > 0:
                    y = 1
                else:
                    y = -1
                if y:
                    return x
                else:
                    return (y, x)
            """,
        ),
        (  # chained and attribute targets: the value is still computed before the targets
            """
            a = o.x = p if (q := g()) else r
            """,
            """
            if (q := g()):
                a = o.x = p
            else:
                a = o.x = r
            """,
        ),
        (  # a condition broken over lines inside the expression's parentheses
            """
            x = (p if a and
                 b else q)
            """,
            """
            if (a and
                 b):
                x = p
            else:
                x = q
            """,
        ),
    ]
    UNTOUCHED = [
        # augmented assignment reads its target before the condition
        ("""
        x += a if c else b
        """, "augmented assignment"),
        # annotated assignment
        ("""
        x: int = a if c else b
        """, "annotated assignment"),
        # several statements on the line
        ("""
        y = 0; x = a if c else b
        """, "not alone on its line"),
        # nested inside a larger expression
        ("""
        x = 1 + (a if c else b)
        """, "no candidate"),
        ("""
        f(a if c else b)
        """, "no candidate"),
        # lambdas have no statements
        ("""
        g = lambda c: a if c else b
        """, "no candidate"),
    ]
