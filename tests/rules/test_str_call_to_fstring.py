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
        (  # a local list built once from a str and then only read holds strs
            """
            def f(s):
                parts = s.split(".")
                return "-".join(str(p) for p in parts)
            """,
            """
            def f(s):
                parts = s.split(".")
                return "-".join(f"{p}" for p in parts)
            """,
            [["a.b.c"], [""], ["x"]],
        ),
        (  # ... and a slice of a list[int] argument holds its ints
            """
            def f(xs):
                ys = xs[::-1]
                return str(ys[0]) if ys else ""
            """,
            """
            def f(xs):
                ys = xs[::-1]
                return f"{ys[0]}" if ys else ""
            """,
            [[[1, 2, 3]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # an object's __str__ and __format__ may differ
        ("""
        def f(x):
            return str(x)
        """, "no evidence the argument is an int, float, bool or str", "(x: list[int])"),
        # the local list is given an item of another type after it is built
        ("""
        def f(xs):
            ys = xs[::-1]
            ys.append(object())
            return str(ys[0]) if ys else ""
        """, "no evidence the argument is an int, float, bool or str", "(xs: list[int])"),
        # two bindings: the second list's items are unknown
        ("""
        def f(xs, zs):
            ys = sorted(xs)
            if len(ys) > 2:
                ys = zs
            return str(ys[0])
        """, "no evidence the argument is an int, float, bool or str", "(xs: list[int], zs: list)"),
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
