from semforge.transforms.testing import RuleTestCase


class TestLenOffsetToNegativeIndex(RuleTestCase):
    RULE = "len-offset-to-negative-index"
    DOMAIN = "(s: str)"
    CASES = [
        (
            """
            def f(s):
                return s[len(s) - 1] == "y"
            """,
            """
            def f(s):
                return s[-1] == "y"
            """,
            [["day"], [""]],
        ),
        (
            """
            def f(n):
                return int(str(n)[len(str(n)) - 1])
            """,
            """
            def f(n):
                return int(str(n)[-1])
            """,
            [[147], [-5]],
        ),
    ]
    UNTOUCHED = [
        # not the same sequence
        "def f(s, t):\n    return s[len(t) - 1]\n",
        "def f(s):\n    return s[len(s) - 2]\n",
        ("""
        def f(xs):
            xs[len(xs) - 1] += xs.pop()
            return xs
        """, "the subscript is a target", "(xs: list[int])"),
        ("""
        def f(d):
            return d[len(d) - 1]
        """, "no evidence of an exact str, bytes, list or tuple", "(d: dict[int, int])"),
    ]
