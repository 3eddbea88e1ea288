from semforge.transforms.testing import RuleTestCase


class TestStrCallToFString(RuleTestCase):
    RULE = "str-call-to-fstring"
    CASES = [
        (
            """
            def f(n):
                return len(str(n))
            """,
            """
            def f(n):
                return len(f"{n}")
            """,
            [[12345], [-7], [0]],
        ),
        (  # an expression, and a float
            """
            def f(x, k):
                return str(x % k) + str(x / k)
            """,
            """
            def f(x, k):
                return f"{x % k}" + f"{x / k}"
            """,
            [[17, 5], [-3, 2]],
        ),
    ]
    UNTOUCHED = [
        # an object's __str__ and __format__ may differ
        ("""
        def f(x):
            return str(x)
        """, "no evidence the argument is an int, float, bool or str", "(x: list[int])"),
        # a quote in the argument cannot stand in a 3.11 field
        ("""
        def f(d):
            return str(len(d["k"]))
        """, "cannot stand in an f-string field", "(d: dict[str, str])"),
        # str with an encoding decodes bytes
        ("""
        def f(b):
            return str(b, "ascii")
        """, "no candidate", "(b: bytes)"),
        # str is not the builtin
        ("""
        str = repr

        def f(n):
            return str(n)
        """, "str is shadowed", "(n: int)"),
    ]
