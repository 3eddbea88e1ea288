from semforge.transforms.testing import RuleTestCase


class TestSliceReverseToReversed(RuleTestCase):
    RULE = "slice-reverse-to-reversed"
    CASES = [
        (  # a palindrome test on a str
            """
            def f(s):
                return s == s[::-1]
            """,
            """
            def f(s):
                return s == "".join(reversed(s))
            """,
            [["abba"], ["ab"], [""]],
        ),
        (  # a list, and a str made on the spot
            """
            def f(xs, n):
                return xs[::-1], (str(n) + "x")[::-1]
            """,
            """
            def f(xs, n):
                return list(reversed(xs)), "".join(reversed(str(n) + "x"))
            """,
            [[[3, 1, 2], 12], [[], -4]],
        ),
        (  # a tuple
            """
            def f(t):
                return t[::-1]
            """,
            """
            def f(t):
                return tuple(reversed(t))
            """,
            [[(1, 2, 3)], [()]],
        ),
    ]
    UNTOUCHED = [
        # an object of unknown type may define __getitem__ and __reversed__ apart
        ("""
        def f(s):
            return s[::-1]
        """, "no evidence the value is an exact str, list or tuple", "(s: str | list[int])"),
        # reversed is not the builtin
        ("""
        from mylib import reversed

        def f(s):
            return s[::-1]
        """, "reversed is shadowed", "(s: str)"),
        # identity: "".join of one character returns that very string
        ("""
        def f(s):
            return s[::-1] is s
        """, "identity", "(s: str)"),
        # other steps and bounds are other slices
        ("""
        def f(s):
            return s[::-2] + s[1::-1]
        """, "no candidate", "(s: str)"),
    ]
