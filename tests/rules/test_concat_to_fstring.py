from semforge.transforms.testing import RuleTestCase


class TestConcatToFString(RuleTestCase):
    RULE = "concat-to-fstring"
    CASES = [
        (
            """
            def f(n, name):
                return "db" + bin(n)[2:] + "db", name + "." + str(n), name + name.upper() + name
            """,
            """
            def f(n, name):
                return f"db{bin(n)[2:]}db", f"{name}.{str(n)}", f"{name}{name.upper()}{name}"
            """,
            [[5, "ab"], [-3, ""]],
        ),
    ]
    UNTOUCHED = [
        # a piece of unknown type: + could be a user's __radd__, a field its __format__
        ("""
        def f(x):
            return "<" + x + ">"
        """, "no evidence every piece is an exact str", "(x: list[str] | str)"),
        # two plain pieces stay a concatenation; literals only are a constant
        ("""
        def f(a, b):
            return a + b, "x" + "y"
        """, "no candidate", "(a: str, b: str)"),
        # a literal with braces or quotes, a piece with quotes: text that needs escaping
        ("""
        def f(a, d):
            return "{" + a + "}", a + "-" + d["k"]
        """, "cannot stand in an f-string field", "(a: str, d: dict[str, str])"),
    ]
