from semforge.transforms.testing import RuleTestCase


class TestComprehensionCopyToListCall(RuleTestCase):
    RULE = "comprehension-copy-to-list-call"
    DOMAIN = "(xs: list[int])"
    CASES = [
        (
            """
            def f(xs):
                return [x for x in filter(lambda v: v > 0, xs)]
            """,
            """
            def f(xs):
                return list(filter(lambda v: v > 0, xs))
            """,
            [[[3, -1, 0, 2]], [[]]],
        ),
        (
            """
            def f(d):
                keys = [k for k in d.keys()]
                return keys
            """,
            """
            def f(d):
                keys = list(d.keys())
                return keys
            """,
            [[{"a": 1}], [{}]],
        ),
    ]
    UNTOUCHED = [
        # not a plain copy
        "def f(xs):\n    return [x + 1 for x in xs]\n",
        "def f(xs):\n    return [x for x in xs if x]\n",
        "def f(xs):\n    return [y for x in xs for y in x]\n",
        "def f(xs):\n    return [(a, b) for a, b in xs]\n",
        ("""
        def f(xs, it):
            return [x for x in it]
        """, "no evidence the copied iterable is a builtin one"),
        ("""
        def f(xs, list):
            return [x for x in xs]
        """, "list is shadowed"),
    ]
