from semforge.transforms.testing import RuleTestCase


class TestPlusEqualsToListAppend(RuleTestCase):
    RULE = "plus-equals-to-list-append"
    CASES = [
        (
            """
            def f(xs):
                out = []
                for x in xs:
                    out += [x * 2]
                return out
            """,
            """
            def f(xs):
                out = []
                for x in xs:
                    out.append(x * 2)
                return out
            """,
            [[[3, 1, 2]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # a global list
        ("""
        xs = []

        def f(v):
            global xs
            xs += [v]
            return xs
        """, "not a local variable of the function", "(v: int)"),
        # a str += [..] raises; a tuple += [..] too: only lists
        ("""
        def f(t, v):
            t += [v]
            return t
        """, "no evidence the name holds an exact list", "(t: tuple[int, ...], v: int)"),
        # two items are extend, not append
        ("""
        def f(v):
            xs = []
            xs += [v, v]
            return xs
        """, "no candidate", "(v: int)"),
    ]
