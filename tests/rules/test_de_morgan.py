from semforge.transforms.testing import RuleTestCase


class TestDeMorgan(RuleTestCase):
    RULE = "de-morgan"
    CASES = [
        (
            """
            def f(a, b):
                if not (a and b):
                    return 1
                while not (a or b):
                    a = g()
            """,
            """
            def f(a, b):
                if not a or not b:
                    return 1
                while not a and not b:
                    a = g()
            """,
        ),
        (  # and back
            """
            if not x or not y:
                pass
            """,
            """
            if not (x and y):
                pass
            """,
        ),
        (  # nested in a condition: parentheses keep the precedence
            """
            if c and not (a or b):
                pass
            """,
            """
            if c and (not a and not b):
                pass
            """,
        ),
        (  # loose operands get parentheses; comparisons need none
            """
            if not (a in b and (x or y)):
                pass
            while not (not z and w is None):
                pass
            """,
            """
            if a not in b or not (x or y):
                pass
            while z or w is not None:
                pass
            """,
        ),
        (  # parentheses that held a line break are kept
            """
            if not (a and
                    b and c):
                pass
            """,
            """
            if (not (a and
                    b) or not c):
                pass
            """,
        ),
    ]
    UNTOUCHED = [
        # `not a < b` would be noise, and `a >= b` is not its negation for floats (NaN)
        ("""
        def f(a, b, x):
            if not (a < b and x):
                pass
        """, "negating a comparison"),
        # value context: `and`/`or` return operands, and `not (a and b)` calls a.__bool__ twice
        ("""
        x = not (a and b)
        """, "not in an if/while condition"),
        ("""
        def f(a, b):
            return not a or not b
        """, "not in an if/while condition"),
        ("""
        y = [not (a and b) for a in r]
        """, "not in an if/while condition"),
        # the test of a conditional expression is not treated as a condition
        ("""
        z = 1 if not (a and b) else 2
        """, "not in an if/while condition"),
        # a call argument inside a condition is a value
        ("""
        if f(not (a and b)):
            pass
        """, "not in an if/while condition"),
        # plain `not x` has nothing to distribute
        ("""
        if not a:
            pass
        """, "no candidate"),
    ]
