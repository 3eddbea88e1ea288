from semforge.transforms.testing import RuleTestCase


class TestListCallToComprehension(RuleTestCase):
    RULE = "list-call-to-comprehension"
    DOMAIN = "(xs: list[int])"
    CASES = [
        (  # a filter of a lambda (HumanEval/30)
            """
            def f(xs):
                return list(filter(lambda x: x > 0, xs))
            """,
            """
            def f(xs):
                return [item for item in filter(lambda x: x > 0, xs)]
            """,
            [[[3, -1, 0, 2]], [[]]],
        ),
        (  # a dict's keys, and a str's characters
            """
            def f(d, s):
                return list(d.keys()) + list(s)
            """,
            """
            def f(d, s):
                return [item for item in d.keys()] + [item_1 for item_1 in s]
            """,
            [[{"a": 1, "b": 2}, "xy"], [{}, ""]],
        ),
        (  # reversed of a list
            """
            def f(xs):
                return list(reversed(xs))
            """,
            """
            def f(xs):
                return [item for item in reversed(xs)]
            """,
            [[[1, 2, 3]], [[]]],
        ),
        (  # a map whose function raises StopIteration ends both copies alike
            """
            def f(xs):
                return list(map(lambda x: next(iter([])) if x < 0 else x, xs))
            """,
            """
            def f(xs):
                return [item for item in map(lambda x: next(iter([])) if x < 0 else x, xs)]
            """,
            [[[1, 2, -1, 3]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # a user iterable: list() asks its __len__ first, the comprehension does not
        ("""
        def f(xs, it):
            return list(it)
        """, "no evidence the copied iterable is a builtin one"),
        # reversed's length hint calls the sequence's __len__ (user code on a user type)
        ("""
        def f(xs, seq):
            return list(reversed(seq))
        """, "no evidence the copied iterable is a builtin one"),
        # a recursive function: the comprehension is one frame more at the limit
        ("""
        def f(xs):
            if len(xs) > 1:
                return f(list(xs[1:]))
            return xs
        """, "recursi"),
        ("""
        list = tuple
        def f(xs):
            return list(xs)
        """, "list is shadowed"),
        # range is left out: nothing here knows it is small, and no argument: nothing to copy
        "def f(n):\n    return list(range(n))\n",
        "def f():\n    return list()\n",
        "def f(xs):\n    return list(xs, *())\n",
    ]
