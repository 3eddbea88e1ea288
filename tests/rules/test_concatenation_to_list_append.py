from semforge.transforms.testing import RuleTestCase


class TestConcatenationToListAppend(RuleTestCase):
    RULE = "concatenation-to-list-append"
    CASES = [
        (
            """
            def f(xs):
                ans = []
                for x in xs:
                    if x > 0:
                        ans = ans + [x * 2]
                return ans, len(ans)
            """,
            """
            def f(xs):
                ans = []
                for x in xs:
                    if x > 0:
                        ans.append(x * 2)
                return ans, len(ans)
            """,
            [[[1, -2, 3]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # another name holds the old list: appending in place would change it too
        ("""
        def f(xs):
            ans = []
            other = ans
            ans = ans + [1]
            return other
        """, "may be aliased"),
        # a parameter may be any type with its own +
        ("""
        def f(xs):
            xs = xs + [1]
            return xs
        """, "not a local bound only to fresh lists"),
        # two items, or a list on the left: not the one-item append
        ("""
        def f(xs):
            ans = []
            ans = ans + [1, 2]
            ans = [0] + ans
            return ans
        """, "no candidate"),
    ]
