from semforge.transforms.testing import RuleTestCase


class TestComprehensionToMapBuiltin(RuleTestCase):
    RULE = "comprehension-to-map-builtin"
    DOMAIN = "(s: str)"
    CASES = [
        (
            """
            def f(s):
                return sum([ord(ch) for ch in s if ch.isupper()])
            """,
            """
            def f(s):
                return sum(map(ord, filter(str.isupper, s)))
            """,
            [["Hello World"], [""], ["ÀÉ ǅ x"]],
        ),
        (  # a bare comprehension becomes a list; a filter alone; a generator in a join
            """
            def f(s):
                codes = [ord(c) for c in s]
                letters = [c for c in s if c.isalpha()]
                return codes, letters, "-".join(c for c in s.split() if c.isdigit())
            """,
            """
            def f(s):
                codes = list(map(ord, s))
                letters = list(filter(str.isalpha, s))
                return codes, letters, "-".join(filter(str.isdigit, s.split()))
            """,
            [["a1 22 b"], [""]],
        ),
        (  # max of lengths, sorted ints
            """
            def f(words: list[str]):
                return max(len(w) for w in words), sorted([len(w) for w in words])
            """,
            """
            def f(words: list[str]):
                return max(map(len, words)), sorted(map(len, words))
            """,
            [[["ab", "c", ""]], [["x"]]],
        ),
    ]
    UNTOUCHED = [
        # any/all stop early: a later item that raises would no longer be reached
        ("""
        def f(s):
            return any([int(c) for c in s])
        """, "any/all stop early"),
        # a predicate method on items that may not be strs
        ("""
        def f(xs):
            return [x for x in xs if x.isdigit()]
        """, "no evidence the filtered items are strs", "(xs: list[bytes])"),
        # items of unknown type (a user class may define __len__)
        ("""
        def f(xs):
            return [len(x) for x in xs]
        """, "no evidence the items are builtin scalars", None),
        # sum of floats is left as it is
        ("""
        def f(xs):
            return sum([abs(x) for x in xs])
        """, "sum could raise", "(xs: list[float])"),
        # a lazy generator outside a consumer
        """
        def f(s):
            g = (ord(c) for c in s)
            return list(g)
        """,
        # ord is shadowed
        ("""
        def ord(c):
            return 0

        def f(s):
            return [ord(c) for c in s]
        """, "ord is shadowed"),
    ]
