from semforge.transforms.testing import RuleTestCase


class TestInlineIntermediate(RuleTestCase):
    RULE = "inline-intermediate"
    CASES = [
        (
            """
            def f(s: str, c: str):
                # how many others
                length = len(s.strip())
                return length - s.count(c)
            """,
            """
            def f(s: str, c: str):
                # how many others
                return len(s.strip()) - s.count(c)
            """,
        ),
        (  # the whole value; parentheses where precedence needs them
            """
            def g(xs: list, k: int):
                kept = [x for x in xs if x > k]
                return kept


            def h(a: int, b: int):
                t = a + b
                return t * 2
            """,
            """
            def g(xs: list, k: int):
                return [x for x in xs if x > k]


            def h(a: int, b: int):
                return (a + b) * 2
            """,
        ),
    ]
    UNTOUCHED = [
        # read twice, or not first: inlining would evaluate it twice or later
        ("""
        def f(a, b):
            t = a + b
            return t * t
        """, "bound or read elsewhere"),
        ("""
        def f(a, b):
            t = a + b
            return b * t
        """, "no candidate"),
        ("""
        def f(a):
            t = a + 1  # keep this note
            return t
        """, "comment"),
    ]
