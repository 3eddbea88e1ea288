from semforge.transforms.testing import RuleTestCase


class TestSortedIndexToMinMax(RuleTestCase):
    RULE = "sorted-index-to-min-max"
    DOMAIN = "(xs: list[int])"
    CASES = [
        (
            """
            def f(xs):
                return None if xs == [] else sorted(xs)[-1]
            """,
            """
            def f(xs):
                return None if xs == [] else max(xs)
            """,
            [[[3, -1, 3]], [[]]],
        ),
        (
            """
            def f(words):
                if not words:
                    return None
                shortest = sorted(len(w) for w in words)[0]
                return shortest
            """,
            """
            def f(words):
                if not words:
                    return None
                shortest = min(len(w) for w in words)
                return shortest
            """,
            [[["ab", "c", "abc"]], [[]]],
        ),
        (  # a descending sort's first item is the largest
            """
            def f(s):
                if s:
                    return sorted(s, reverse=True)[0]
                return ""
            """,
            """
            def f(s):
                if s:
                    return max(s)
                return ""
            """,
            [["hello"], [""]],
        ),
    ]
    UNTOUCHED = [
        ("""
        def f(xs):
            return sorted(xs)[-1]
        """, "no guard proves the iterable non-empty"),
        ("""
        def f(xs):
            return sorted(xs)[-1] if xs else None
        """, "no evidence equal items are indistinguishable", "(xs: list[float])"),
        # another index, a key
        """
        def f(xs):
            return sorted(xs)[1] if xs else None
        """,
        """
        def f(xs):
            return sorted(xs, key=abs)[-1] if xs else None
        """,
        ("""
        def f(xs, max):
            return sorted(xs)[-1] if xs else None
        """, "max is shadowed"),
    ]
