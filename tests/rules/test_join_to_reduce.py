from semforge.transforms.testing import RuleTestCase


class TestJoinToReduce(RuleTestCase):
    RULE = "join-to-reduce"
    DOMAIN = "(words: list[str])"
    CASES = [
        (
            """
            def f(words):
                return "".join(words)
            """,
            """
            import functools

            def f(words):
                return functools.reduce(lambda a, b: a + b, words, "")
            """,
            [[["ab", "", "c"]], [[]], [["x"]]],
        ),
        (  # a map over a str's characters (HumanEval/27)
            """
            def f(s):
                return ''.join(map(lambda ch: ch.swapcase(), s))
            """,
            """
            import functools

            def f(s):
                return functools.reduce(lambda a, b: a + b, map(lambda ch: ch.swapcase(), s), '')
            """,
            [["Hello"], [""]],
        ),
        (  # a bare generator argument gets its own parentheses beside the others
            """
            def f(words):
                return "".join(w.upper() for w in words)
            """,
            """
            import functools

            def f(words):
                return functools.reduce(lambda a, b: a + b, (w.upper() for w in words), "")
            """,
            [[["ab", "", "c"]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # a separator: not a plain concatenation
        "def f(words):\n    return ' '.join(words)\n",
        # items not proven strs: join raises on an int, a str subclass may override +
        ("""
        def f(words, xs):
            return "".join(xs)
        """, "no evidence the items are strs"),
        ("""
        functools = None
        def f(words):
            return "".join(words)
        """, "the name functools may be bound to something else"),
        ("""
        def f(n):
            if n > 0:
                return f(n - 1) + "".join("a-b".split("-"))
            return ""
        """, "recursi", "(n: int)"),
    ]
