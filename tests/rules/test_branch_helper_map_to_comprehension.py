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
        (  # HumanEval/105's shape: a call of the helper on a proven int, inside a loop
            """
            def f(arr: list[int]):
                def word(x: int) -> str:
                    if x == 1:
                        return "One"
                    elif x == 2:
                        return "Two"
                    else:
                        return "Many"
                ans = []
                for v in sorted(arr):
                    ans.append(word(v) + "!")
                return ans
            """,
            """
            def f(arr: list[int]):
                ans = []
                for v in sorted(arr):
                    ans.append(("One" if v == 1 else "Two" if v == 2 else "Many") + "!")
                return ans
            """,
            [[[1, 2, 3]], [[]]],
        ),
        (  # HumanEval/81's shape: ordering tests against float literals, in a comprehension
            """
            def f(grades: list[float]):
                def letter(score):
                    if score == 4.0:
                        return "A+"
                    elif score > 3.7:
                        return "A"
                    elif score > -1.5:
                        return "B"
                    else:
                        return "E"
                return [letter(g) + "" for g in grades]
            """,
            """
            def f(grades: list[float]):
                return [("A+" if g == 4.0 else "A" if g > 3.7 else "B" if g > -1.5 else "E") + "" for g in grades]
            """,
            [[[4.0, 3.8, 0.0, -2.0, float("nan")]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # two calls: the table would be written twice
        ("""
        def f(arr: list[int]):
            def word(x: int) -> str:
                if x == 1:
                    return "One"
            return [word(v) for v in arr] + [word(v) for v in arr]
        """, "used more than once"),
        # the helper is called with an expression, not a name
        ("""
        def f(xs: list[int]):
            def g(x):
                if x == 1:
                    return 2
            return [g(x + 1) for x in xs]
        """, "called with other than one name"),
        # identity tests are not a table
        ("""
        def f(xs: list[int]):
            def g(x):
                if x is None:
                    return 2
            return [g(x) for x in xs]
        """, "no candidate"),
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
