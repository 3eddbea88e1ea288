from semforge.transforms.testing import RuleTestCase


class TestStrideComprehensionToSlice(RuleTestCase):
    RULE = "stride-comprehension-to-slice"
    DOMAIN = "(xs: list[int], s: str)"
    CASES = [
        (
            """
            def f(xs, s):
                third = [xs[i] for i in range(len(xs)) if i % 3 == 0]
                third.sort()
                return third
            """,
            """
            def f(xs, s):
                third = xs[::3]
                third.sort()
                return third
            """,
            [[[3, 1, 2, 5, 4, 7, 6], "abcdefg"], [[], ""], [[9], "x"], [[5, 4], "ab"]],
        ),
        (  # a residue other than 0, written on the left
            """
            def f(xs, s):
                return [xs[i] for i in range(len(xs)) if 1 == i % 4]
            """,
            """
            def f(xs, s):
                return xs[1::4]
            """,
            [[[3, 1, 2, 5, 4, 7, 6], "abcdefg"], [[], ""], [[9], "x"], [[5, 4], "ab"]],
        ),
        (  # a str: the comprehension made a list of characters
            """
            def f(xs, s):
                odd = [s[j] for j in range(len(s)) if j % 2]
                even = [s[j] for j in range(len(s)) if not j % 2]
                return odd, even
            """,
            """
            def f(xs, s):
                odd = list(s[1::2])
                even = list(s[::2])
                return odd, even
            """,
            [[[3, 1, 2, 5, 4, 7, 6], "abcdefg"], [[], ""], [[9], "x"], [[5, 4], "ab"]],
        ),
        (  # a tuple: its slice is a tuple, so it is listed
            """
            def f(xs, s):
                t = tuple(xs)
                return [t[i] for i in range(len(t)) if i % 2 == 1]
            """,
            """
            def f(xs, s):
                t = tuple(xs)
                return list(t[1::2])
            """,
            [[[3, 1, 2, 5, 4, 7, 6], "abcdefg"], [[], ""], [[9], "x"], [[5, 4], "ab"]],
        ),
    ]
    UNTOUCHED = [
        # no evidence: a user sequence's __getitem__ may not slice
        ("""
        def f(xs, s):
            return [xs[i] for i in range(len(xs)) if i % 2 == 0]
        """, "no evidence", "(xs: list | None, s: str)"),
        # a residue the modulo never gives: nothing matches, the slice would take items
        ("""
        def f(xs, s):
            return [xs[i] for i in range(len(xs)) if i % 3 == 3]
        """, "no candidate"),
        # another sequence's length
        ("""
        def f(xs, s):
            return [xs[i] for i in range(len(s)) if i % 2 == 0]
        """, "no candidate"),
        # a start other than 0
        ("""
        def f(xs, s):
            return [xs[i] for i in range(1, len(xs)) if i % 2 == 0]
        """, "no candidate"),
        # shadowed len
        ("""
        def f(xs, s):
            len = lambda v: 3
            return [xs[i] for i in range(len(xs)) if i % 2 == 0]
        """, "len is shadowed"),
        # a second condition
        ("""
        def f(xs, s):
            return [xs[i] for i in range(len(xs)) if i % 2 == 0 if xs[i] > 0]
        """, "no candidate"),
        # i % 3 (truthy) is two residues
        ("""
        def f(xs, s):
            return [xs[i] for i in range(len(xs)) if i % 3]
        """, "no candidate"),
        # a recursive function: the comprehension's frame is a level of the recursion limit
        ("""
        def f(xs, s):
            if len(xs) > 3:
                return f(xs[1:], s)
            return [xs[i] for i in range(len(xs)) if i % 2 == 0]
        """, "recursive"),
    ]
