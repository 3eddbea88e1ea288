from semforge.transforms.testing import RuleTestCase


class TestReversedToSliceReverse(RuleTestCase):
    RULE = "reversed-to-slice-reverse"
    CASES = [
        (
            """
            def f(s):
                return s == "".join(reversed(s))
            """,
            """
            def f(s):
                return s == s[::-1]
            """,
            [["abba"], ["ab"], [""]],
        ),
        (
            """
            def f(xs, t):
                return list(reversed(xs)), tuple(reversed(t + t))
            """,
            """
            def f(xs, t):
                return xs[::-1], (t + t)[::-1]
            """,
            [[[3, 1, 2], (1, 2)], [[], ()]],
        ),
    ]
    UNTOUCHED = [
        # list(reversed(t)) of a tuple is a list; t[::-1] would be a tuple
        ("""
        def f(t):
            return list(reversed(t))
        """, "no evidence the reversed value is an exact list", "(t: tuple[int, ...])"),
        # a str's characters as a list are not the reversed str
        ("""
        def f(s):
            return list(reversed(s))
        """, "no evidence the reversed value is an exact list", "(s: str)"),
        # a joiner other than "" puts text between the characters
        ("""
        def f(s):
            return "-".join(reversed(s))
        """, "no candidate", "(s: str)"),
    ]
