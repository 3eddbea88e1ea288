from semforge.transforms.testing import RuleTestCase


class TestTypeCompareToIdentity(RuleTestCase):
    RULE = "type-compare-to-identity"
    DOMAIN = "(x: int | float, d: dict[str, int], items: list)"
    CASES = [
        (  # a number of the domain, a dict's str keys, len()'s int; either side, == and !=
            """
            def f(x, d, items):
                if type(x) != int or int == type(x):
                    return False
                return [k for k in d if type(k) == str], type(len(items)) != bool
            """,
            """
            def f(x, d, items):
                if type(x) is not int or int is type(x):
                    return False
                return [k for k in d if type(k) is str], type(len(items)) is not bool
            """,
            [[1, {"a": 1}, []], [2.5, {}, [1]], [True, {"b": 2}, [[]]]],
        ),
    ]
    UNTOUCHED = [
        # the items of an unannotated list may be objects of a class whose metaclass defines ==
        ("""
        def f(x, d, items):
            return [type(v) == int for v in items]
        """, "no evidence the value's class is a builtin one"),
        # a shadowed builtin class or type(): anything may answer ==
        ("""
        class int:
            pass
        def f(x, d, items):
            return type(x) == int
        """, "int is shadowed"),
        ("""
        def type(v):
            return v
        def f(x, d, items):
            return type(x) == int
        """, "type is shadowed"),
        # not a builtin class, a chained comparison, an ordering: left alone
        ("""
        def f(x, d, items):
            return type(x) == Foo, type(x) == int == type(x), type(x) < int, type(x) == type(d)
        """, "no candidate"),
    ]
