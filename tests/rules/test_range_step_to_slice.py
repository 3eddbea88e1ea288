from semforge.transforms.testing import RuleTestCase


class TestRangeStepToSlice(RuleTestCase):
    RULE = "range-step-to-slice"
    CASES = [
        (
            """
            def f(lst, s):
                total = 0
                for i in range(1, len(lst), 2):
                    if lst[i] % 2 == 0:
                        total += lst[i]
                for j in range(0, len(s), 3):
                    total += s[j] in "AEIOU"
                return total
            """,
            """
            def f(lst, s):
                total = 0
                for lst_item in lst[1::2]:
                    if lst_item % 2 == 0:
                        total += lst_item
                for s_item in s[::3]:
                    total += s_item in "AEIOU"
                return total
            """,
            [[[1, 2, 3, 4, 5, 6], "AbcEfgIhA"], [[], ""], [[7], "x"]],
        ),
    ]
    UNTOUCHED = [
        # the index itself is used
        ("""
        def f(s):
            out = []
            for i in range(0, len(s), 2):
                out.append((i, s[i]))
            return out
        """, "is used other than to index", "(s: str)"),
        # step 1: range-len-to-enumerate's (or a plain for) business
        ("""
        def f(s):
            return [s[i] for i in range(1, len(s), 1)]
        """, "no candidate", "(s: str)"),
    ]
