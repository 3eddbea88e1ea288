from semforge.transforms.testing import RuleTestCase


class TestSortedReversedToReverseFlag(RuleTestCase):
    RULE = "sorted-reversed-to-reverse-flag"
    DOMAIN = "(arr: list[int])"
    CASES = [
        (
            """
            def f(arr):
                return sorted(arr)[::-1][:3]
            """,
            """
            def f(arr):
                return sorted(arr, reverse=True)[:3]
            """,
            [[[3, 1, 2, 3]], [[]]],
        ),
        (  # the characters of a str
            """
            def f(s):
                return ''.join(sorted(s)[::-1])
            """,
            """
            def f(s):
                return ''.join(sorted(s, reverse=True))
            """,
            [["hello"], [""]],
        ),
    ]
    UNTOUCHED = [
        # floats: 0.0 == -0.0, and which comes first shows
        ("""
        def f(arr):
            return sorted(arr)[::-1]
        """, "no evidence equal items are indistinguishable", "(arr: list[float])"),
        # a key: items with equal keys differ
        """
        def f(arr):
            return sorted(arr, key=abs)[::-1]
        """,
    ]
