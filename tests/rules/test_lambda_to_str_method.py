from semforge.transforms.testing import RuleTestCase


class TestLambdaToStrMethod(RuleTestCase):
    RULE = "lambda-to-str-method"
    CASES = [
        (
            """
            def f(s):
                a = "".join(map(lambda c: c.swapcase(), s))
                b = len(list(filter(lambda ch: ch.isdigit(), s)))
                return a, b, sorted(s.split(), key=lambda w: w.lower())
            """,
            """
            def f(s):
                a = "".join(map(str.swapcase, s))
                b = len(list(filter(str.isdigit, s)))
                return a, b, sorted(s.split(), key=str.lower)
            """,
            [["aB3 c9"], [""]],
        ),
    ]
    UNTOUCHED = [
        # items of unknown type: x.strip() may be another class's method
        ("""
        def f(xs):
            return list(map(lambda x: x.strip(), xs))
        """, "no evidence every item is an exact str", "(xs: list[str] | str)"),
        # max(a, b, key=...) calls the key on a and b, not on their characters
        ("""
        def f(a, b):
            return max(a, b, key=lambda s: s.lower())
        """, "no evidence every item is an exact str", "(a: str, b: str)"),
        # a method with arguments, or a call on something else than the parameter
        ("""
        def f(s, t):
            return list(map(lambda c: c.startswith("a"), s)), list(map(lambda c: t.lower(), s))
        """, "no candidate", "(s: str, t: str)"),
    ]
