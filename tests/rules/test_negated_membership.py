from semforge.transforms.testing import RuleTestCase


class TestNegatedMembership(RuleTestCase):
    RULE = "negated-membership"
    CASES = [
        (
            """
            def f(a, b, c):
                if not (a in b) and not a is None:
                    return c not in b or (a is not c)
                return [x for x in b if x not in c], not (a in
                    b)
            """,
            """
            def f(a, b, c):
                if a not in b and a is not None:
                    return c not in b or (a is not c)
                return [x for x in b if x not in c], (a not in
                    b)
            """,
        ),
    ]
    UNTOUCHED = [
        # `not a == b` is not `a != b` (__ne__ may differ), nor `not a < b` `a >= b` (NaN)
        ("""
        def f(a, b):
            return not a == b or not (a < b) or a != b
        """, "no candidate"),
        # chains
        ("""
        def f(a, b, c):
            return a in b in c or not (a in b in c) or a not in b not in c
        """, "a chained comparison"),
        # plain membership, and the negated operators (never turned into `not a in b`)
        ("""
        def f(a, b):
            return a in b or a is b or a not in b or a is not b
        """, "no candidate"),
    ]
