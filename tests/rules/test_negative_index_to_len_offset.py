from semforge.transforms.testing import RuleTestCase


class TestNegativeIndexToLenOffset(RuleTestCase):
    RULE = "negative-index-to-len-offset"
    DOMAIN = "(s: str)"
    CASES = [
        (
            """
            def f(s):
                return s[-1] == "y"
            """,
            """
            def f(s):
                return s[len(s) - 1] == "y"
            """,
            [["day"], ["x"], [""]],
        ),
        (  # str() of an int, evaluated twice (HumanEval/146)
            """
            def f(nums):
                return [n for n in nums if str(n)[-1] in "13579"]
            """,
            """
            def f(nums):
                return [n for n in nums if str(n)[len(str(n)) - 1] in "13579"]
            """,
            [[[15, -73, 14]], [[]]],
        ),
        (  # a list the function appends to
            """
            def f(n):
                xs = [1]
                for i in range(n):
                    xs.append(xs[-1] * 2)
                return xs
            """,
            """
            def f(n):
                xs = [1]
                for i in range(n):
                    xs.append(xs[len(xs) - 1] * 2)
                return xs
            """,
            [[3], [0]],
        ),
    ]
    UNTOUCHED = [
        # -2 is not s[len(s) - 2] on a one-item s
        "def f(s):\n    return s[-2]\n",
        # assigned or augmented: s[-1] += v takes the index again after v ran
        ("""
        def f(xs):
            xs[-1] += xs.pop()
            return xs
        """, "the subscript is a target", "(xs: list[int])"),
        ("""
        def f(xs):
            xs[-1] = 0
            return xs
        """, "the subscript is a target", "(xs: list[int])"),
        ("""
        def f(xs):
            del xs[-1]
            return xs
        """, "the subscript is a target", "(xs: list[int])"),
        # unknown type: a dict's key -1, or a user class's __getitem__/__len__
        ("""
        def f(d):
            return d[-1]
        """, "no evidence of an exact str, bytes, list or tuple", "(d: dict[int, int])"),
        # evaluated twice: a call may return something else the second time
        ("""
        def f(g):
            return g()[-1]
        """, "the sequence is not a local or str() of one"),
        # str() of an unknown object may run its __str__ twice
        ("""
        def f(x):
            return str(x)[-1]
        """, "str() of a value not proven a builtin scalar", "(x: list)"),
        ("""
        len = max
        def f(s):
            return s[-1]
        """, "len is shadowed"),
    ]
