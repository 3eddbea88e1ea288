from semforge.transforms.testing import RuleTestCase


class TestReduceConcatToJoin(RuleTestCase):
    RULE = "reduce-concat-to-join"
    DOMAIN = "(s: str)"
    CASES = [
        (
            """
            import functools

            def f(s):
                return functools.reduce(lambda a, b: a + b, map(lambda ch: ch.upper(), s), "")
            """,
            """
            import functools

            def f(s):
                return "".join(map(lambda ch: ch.upper(), s))
            """,
            [["Hello"], [""]],
        ),
    ]
    UNTOUCHED = [
        # another start, another order, no start
        "import functools\ndef f(s):\n    return functools.reduce(lambda a, b: a + b, s, '-')\n",
        "import functools\ndef f(s):\n    return functools.reduce(lambda a, b: b + a, s, '')\n",
        "import functools\ndef f(s):\n    return functools.reduce(lambda a, b: a + b, s)\n",
        ("""
        import functools

        def f(s, xs):
            return functools.reduce(lambda a, b: a + b, xs, "")
        """, "no evidence the items are strs"),
    ]
