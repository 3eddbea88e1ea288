from semforge.transforms.testing import RuleTestCase


class TestMinMaxToSortedIndex(RuleTestCase):
    RULE = "min-max-to-sorted-index"
    DOMAIN = "(xs: list[int])"
    CASES = [
        (  # guarded by a conditional expression (HumanEval/136)
            """
            def f(xs):
                neg = list(filter(lambda x: x < 0, xs))
                return None if neg == [] else max(neg)
            """,
            """
            def f(xs):
                neg = list(filter(lambda x: x < 0, xs))
                return None if neg == [] else sorted(neg)[-1]
            """,
            [[[3, -1, -7, 2]], [[]], [[-2, -2]]],
        ),
        (  # an early return just before, over a generator of ints (HumanEval/12)
            """
            def f(words):
                if not words:
                    return None
                longest = max(len(w) for w in words)
                return longest
            """,
            """
            def f(words):
                if not words:
                    return None
                longest = sorted(len(w) for w in words)[-1]
                return longest
            """,
            [[["ab", "c", "abc"]], [[]]],
        ),
        (  # min opening the body of `if xs:`, a str's characters
            """
            def f(s):
                if len(s) > 0:
                    return min(s)
                return ""
            """,
            """
            def f(s):
                if len(s) > 0:
                    return sorted(s)[0]
                return ""
            """,
            [["hello"], [""]],
        ),
        (  # the test and the branch the other way round
            """
            def f(xs):
                return min(xs) if xs else 0
            """,
            """
            def f(xs):
                return sorted(xs)[0] if xs else 0
            """,
        ),
    ]
    UNTOUCHED = [
        # no guard: max([]) raises ValueError, the index IndexError
        ("""
        def f(xs):
            return max(xs)
        """, "no guard proves the iterable non-empty"),
        # guarded, but something runs in between that may empty the list
        ("""
        def f(xs):
            if not xs:
                return 0
            xs.pop()
            return max(xs)
        """, "no guard proves the iterable non-empty"),
        # the guard's body does not leave
        ("""
        def f(xs):
            if not xs:
                print("empty")
            return max(xs)
        """, "no guard proves the iterable non-empty"),
        # the wrong branch
        ("""
        def f(xs):
            return max(xs) if not xs else 0
        """, "no guard proves the iterable non-empty"),
        # a str compared with [] is never equal: no emptiness test
        ("""
        def f(s):
            return None if s == [] else max(s)
        """, "no guard proves the iterable non-empty", "(s: str)"),
        # floats: 0.0 == -0.0 and NaN: which equal item comes back shows
        ("""
        def f(xs):
            return max(xs) if xs else None
        """, "no evidence equal items are indistinguishable", "(xs: list[float])"),
        # a generator with a filter may yield nothing from a non-empty list
        ("""
        def f(xs):
            if not xs:
                return 0
            return max(x for x in xs if x > 0)
        """, "no evidence of a builtin sized iterable"),
        # a key or a default: not the plain extreme
        """
        def f(xs):
            return max(xs, key=abs) if xs else 0
        """,
        """
        def f(xs):
            return max(xs, default=0)
        """,
        # several arguments
        """
        def f(a, b):
            return max(a, b)
        """,
        # shadowed builtins
        ("""
        sorted = list
        def f(xs):
            return max(xs) if xs else 0
        """, "sorted is shadowed"),
        ("""
        def f(xs, max):
            return max(xs) if xs else 0
        """, "max is shadowed"),
        # unknown item types
        ("""
        def f(xs):
            return max(xs) if xs else 0
        """, "no evidence equal items are indistinguishable", "(xs: list)"),
    ]
