from semforge.transforms.testing import RuleTestCase


class TestAdjacentIndexToZip(RuleTestCase):
    RULE = "adjacent-index-to-zip"
    CASES = [
        (  # a list the body cannot change: pairs of neighbours
            """
            def f(l):
                inc = True
                for i in range(len(l) - 1):
                    if l[i] > l[i + 1]:
                        inc = False
                return inc
            """,
            """
            def f(l):
                inc = True
                for a, b in zip(l, l[1:]):
                    if a > b:
                        inc = False
                return inc
            """,
            [[[1, 2, 2]], [[3, 1]], [[]], [[5]]],
        ),
        (  # a str, three neighbours, offsets written either way round
            """
            def f(s):
                for i in range(len(s) - 2):
                    if s[i] == s[1 + i] or s[i] == s[i + 2]:
                        return False
                return True
            """,
            """
            def f(s):
                for a, b, c in zip(s, s[1:], s[2:]):
                    if a == b or a == c:
                        return False
                return True
            """,
            [["abcd"], ["aba"], [""], ["ab"]],
        ),
    ]
    UNTOUCHED = [
        # the index is used after the loop (or in the body other than to index)
        ("""
        def f(s):
            for i in range(len(s) - 1):
                if s[i] == s[i + 1]:
                    break
            return i
        """, "is used other than to index", "(s: str)"),
        # the last offset is not read: zip would run longer or shorter
        ("""
        def f(s):
            n = 0
            for i in range(len(s) - 2):
                n += s[i] == s[i + 1]
            return n
        """, "does not read s[i + 2]", "(s: str)"),
        # a list the body may change (a call of unknown code)
        ("""
        def f(xs, g):
            for i in range(len(xs) - 1):
                g(xs[i], xs[i + 1])
        """, "may run user code", "(xs: list[int], g: int)"),
        # a nested scope reads the index late
        ("""
        def f(s):
            fs = []
            for i in range(len(s) - 1):
                fs.append(lambda: s[i] + s[i + 1])
            return [g() for g in fs]
        """, None, "(s: str)"),
    ]
