from semforge.transforms.testing import RuleTestCase


class TestListAppendToPlusEquals(RuleTestCase):
    RULE = "list-append-to-plus-equals"
    CASES = [
        (
            """
            def f(xs):
                out = []
                for x in xs:
                    if x % 2:
                        out.append(x * 2)
                out.append(len(out)); return out
            """,
            """
            def f(xs):
                out = []
                for x in xs:
                    if x % 2:
                        out += [x * 2]
                out += [len(out)]; return out
            """,
            [[[3, 1, 2]], [[]]],
        ),
        (  # a parameter known to be a list from the domain; the item reads the list first
            """
            def f(xs):
                xs.append(xs[-1] + 1)
                return xs
            """,
            """
            def f(xs):
                xs += [xs[-1] + 1]
                return xs
            """,
            [[[3, 1, 2]], [[0]]],
        ),
    ]
    UNTOUCHED = [
        # a global list: xs += [...] would make xs an unbound local
        ("""
        xs = []

        def f(v):
            xs.append(v)
            return xs
        """, "not a local variable of the function", "(v: int)"),
        # a free variable of a nested function, likewise
        ("""
        def f(v):
            xs = []
            def add(w):
                xs.append(w)
            add(v)
            return xs
        """, "not a local variable of the function", "(v: int)"),
        # an object of unknown type may define append and __iadd__ apart
        ("""
        def f(acc, v):
            acc.append(v)
            return acc
        """, "no evidence the name holds an exact list", "(acc: list[int] | set[int], v: int)"),
        # the call's result is used
        ("""
        def f(v):
            xs = []
            r = xs.append(v)
            return xs, r
        """, "no candidate", "(v: int)"),
    ]
