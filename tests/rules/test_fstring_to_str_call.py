from semforge.transforms.testing import RuleTestCase


class TestFStringToStrCall(RuleTestCase):
    RULE = "fstring-to-str-call"
    CASES = [
        (
            """
            def f(n):
                return len(f"{n}")
            """,
            """
            def f(n):
                return len(str(n))
            """,
            [[12345], [-7], [0]],
        ),
        (
            """
            def f(x, k):
                return f"{x % k}" + f"{x / k}"
            """,
            """
            def f(x, k):
                return str(x % k) + str(x / k)
            """,
            [[17, 5], [-3, 2]],
        ),
    ]
    UNTOUCHED = [
        # an object's __str__ and __format__ may differ
        ("""
        def f(x):
            return f"{x}"
        """, "no evidence the field is an int, float, bool or str", "(x: list[int])"),
        # a spec, a conversion or text around the field is not str()
        ("""
        def f(n):
            return f"{n:>4}", f"{n!r}", f"n={n}", f"{n=}"
        """, "no candidate", "(n: int)"),
    ]
