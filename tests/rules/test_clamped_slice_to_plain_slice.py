from semforge.transforms.testing import RuleTestCase

INPUTS = [["abcdefgh", [1, 2, 3, 4, 5], 2], ["", [], 0], ["xy", [7], -3], ["abc", [1, 2], 9]]


class TestClampedSliceToPlainSlice(RuleTestCase):
    RULE = "clamped-slice-to-plain-slice"
    DOMAIN = "(s: str, xs: list[int], k: int)"
    CASES = [
        (
            """
            def f(s, xs, k):
                return [s[(3 * i):min((3 * i + 3), len(s))] for i in range((len(s) + 2) // 3)]
            """,
            """
            def f(s, xs, k):
                return [s[(3 * i):3 * i + 3] for i in range((len(s) + 2) // 3)]
            """,
            INPUTS,
        ),
        (  # len first, a lower bound, a negative bound, a list
            """
            def f(s, xs, k):
                return xs[min(len(xs), k):], xs[:min(k - 5, len(xs))]
            """,
            """
            def f(s, xs, k):
                return xs[k:], xs[:k - 5]
            """,
            INPUTS,
        ),
    ]
    UNTOUCHED = [
        # another sequence's length
        ("""
        def f(s, xs, k):
            return s[:min(k, len(xs))]
        """, "no candidate"),
        # a negative step clamps the stop to len(s) - 1, not len(s)
        ("""
        def f(s, xs, k):
            return s[:min(k, len(s)):-1]
        """, "no candidate"),
        # a float bound: slicing raises TypeError where min() might give len(s)
        ("""
        def f(s, xs, k):
            return s[:min(k / 2, len(s))]
        """, "no evidence the bound is an int"),
        # a user sequence's __len__ and slicing are its own
        ("""
        def f(s, xs, k):
            return s[:min(k, len(s))]
        """, "no evidence", "(s: list | str | None, xs: list[int], k: int)"),
        # shadowed min
        ("""
        def f(s, xs, k):
            min = max
            return s[:min(k, len(s))]
        """, "min is shadowed"),
        # a recursive function: the min() call is a level of the recursion limit
        ("""
        def f(s, xs, k):
            if k > 0:
                return f(s, xs, k - 1)
            return s[:min(k, len(s))]
        """, "recursive"),
    ]
