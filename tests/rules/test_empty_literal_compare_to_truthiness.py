from semforge.transforms.testing import RuleTestCase


class TestEmptyLiteralCompareToTruthiness(RuleTestCase):
    RULE = "empty-literal-compare-to-truthiness"
    CASES = [
        (
            """
            def f(xs, s):
                if xs == []:
                    return None
                return [w for w in s.split(" ") if w != ""], "" == s
            """,
            """
            def f(xs, s):
                if not xs:
                    return None
                return [w for w in s.split(" ") if w], not s
            """,
            [[[3, 1], "a  b"], [[], ""], [[0], ""]],
        ),
        (  # a dict, a tuple; != in a ternary's test
            """
            def f(d):
                t = tuple(d)
                return (d == {}) + 1, "yes" if t != () else "no"
            """,
            """
            def f(d):
                t = tuple(d)
                return (not d) + 1, "yes" if t else "no"
            """,
            [[{"a": 1}], [{}]],
        ),
        (  # the items of a local list built once from a str and then only read are strs
            """
            def f(s):
                chars = list(s)
                return [c for c in chars if c != ""]
            """,
            """
            def f(s):
                chars = list(s)
                return [c for c in chars if c]
            """,
            [["ab c"], [""]],
        ),
    ]
    UNTOUCHED = [
        # a tuple is never == [], though it may be empty
        ("""
        def f(t):
            return t == []
        """, "no evidence the value is an exact list", "(t: tuple[int, ...])"),
        # != outside a condition gives a bool; the container itself would differ
        ("""
        def f(s):
            return s != ""
        """, "not in a condition", "(s: str)"),
        # bytes, and an object of unknown type (its __eq__ may differ from its truth)
        ("""
        def f(b, x):
            return b == b"", x == []
        """, "no evidence", "(b: bytes, x: list[int] | str)"),
    ]
