from semforge.transforms.testing import RuleTestCase


class TestStrMethodToLambda(RuleTestCase):
    RULE = "str-method-to-lambda"
    CASES = [
        (
            """
            def f(s):
                return "".join(map(str.swapcase, s)), sorted(s.split(), key=str.lower)
            """,
            """
            def f(s):
                return "".join(map(lambda x: x.swapcase(), s)), sorted(s.split(), key=lambda x: x.lower())
            """,
            [["aB3 c9"], [""]],
        ),
    ]
    UNTOUCHED = [
        # str.strip on a non-str raises TypeError; x.strip() might not
        ("""
        def f(xs):
            return list(map(str.strip, xs))
        """, "no evidence every item is an exact str", "(xs: list[str] | str)"),
    ]
