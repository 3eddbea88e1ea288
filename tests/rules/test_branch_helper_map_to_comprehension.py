from semforge.transforms.testing import RuleTestCase


class TestBranchHelperMapToComprehension(RuleTestCase):
    RULE = "branch-helper-map-to-comprehension"
    CASES = [
        (  # HumanEval/17's shape: one-line branches, the chain falls off to None
            """
            def f(s: str):
                def beats(note: str) -> int:
                    if note == "o": return 4
                    elif note == "o|": return 2
                    elif note == ".|": return 1
                return list(map(beats, s.split(" ")))
            """,
            """
            def f(s: str):
                return [4 if note == "o" else 2 if note == "o|" else 1 if note == ".|" else None for note in s.split(" ")]
            """,
            [["o o| .| o"], [""], ["x  o"], ["o|"]],
        ),
        (  # int items, literal on the left, a trailing return as the default
            """
            def f(xs: list[int]):
                def name(d):
                    if 1 == d:
                        return "one"
                    elif d == 2:
                        return "two"
                    return "many"
                out = list(map(name, xs))
                return out
            """,
            """
            def f(xs: list[int]):
                out = ["one" if 1 == d else "two" if d == 2 else "many" for d in xs]
                return out
            """,
            [[[1, 2, 3]], [[]], [[0, 2, -1, 1]]],
        ),
        (  # an else branch and a bare return
            """
            def f(s: str):
                def kind(c: str):
                    if c == "a":
                        return
                    else:
                        return 0
                return list(map(kind, s))
            """,
            """
            def f(s: str):
                return [None if c == "a" else 0 for c in s]
            """,
            [["abc"], [""]],
        ),
    ]
    UNTOUCHED = [
        # items of unknown type: their __eq__ may raise StopIteration, which ends map early
        ("""
        def f(xs):
            def g(x):
                if x == 1:
                    return 2
            return list(map(g, xs))
        """, "no evidence the items are builtin scalars"),
        # the helper is used a second time
        ("""
        def f(s: str):
            def g(x):
                if x == "a":
                    return 1
            return list(map(g, s)), g("a")
        """, "used more than once"),
        # the map object is returned lazily, not copied by list()
        ("""
        def f(s: str):
            def g(x):
                if x == "a":
                    return 1
            return map(g, s)
        """, "not copied at once"),
        # a branch computes (not a table of literals)
        ("""
        def f(s: str):
            def g(x):
                if x == "a":
                    return x * 2
            return list(map(g, s))
        """, "no candidate"),
        # the helper reads the enclosing function's variable
        ("""
        def f(s: str, k: int):
            def g(x):
                if x == "a":
                    return k
            return list(map(g, s))
        """, "no candidate"),
        # list is shadowed
        ("""
        list = tuple

        def f(s: str):
            def g(x):
                if x == "a":
                    return 1
            return list(map(g, s))
        """, "not copied at once"),
    ]
