from semforge.transforms.testing import RuleTestCase


class TestZipToAdjacentIndex(RuleTestCase):
    RULE = "zip-to-adjacent-index"
    CASES = [
        (
            """
            def f(s):
                for a, b, c in zip(s, s[1:], s[2:]):
                    if a == b or a == c or b == c:
                        return False
                return True
            """,
            """
            def f(s):
                for i in range(len(s) - 2):
                    if s[i] == s[i + 1] or s[i] == s[i + 2] or s[i + 1] == s[i + 2]:
                        return False
                return True
            """,
            [["abcd"], ["aba"], [""], ["ab"]],
        ),
        (  # the first argument cut short instead
            """
            def f(t):
                n = 0
                for x, y in zip(t[:-1], t[1:]):
                    n += x < y
                return n
            """,
            """
            def f(t):
                n = 0
                for i in range(len(t) - 1):
                    n += t[i] < t[i + 1]
                return n
            """,
            [["abca"], [""], ["z"]],
        ),
    ]
    UNTOUCHED = [
        # a loop variable read after the loop
        ("""
        def f(s):
            for a, b in zip(s, s[1:]):
                pass
            return a
        """, "is used outside the loop body", "(s: str)"),
        # two different sequences: zip stops at the shorter one
        ("""
        def f(s, t):
            return [a + b for a, b in zip(s, t[1:])]
        """, "no candidate", "(s: str, t: str)"),
    ]
