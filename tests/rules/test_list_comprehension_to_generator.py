from semforge.transforms.testing import RuleTestCase


class TestListComprehensionToGenerator(RuleTestCase):
    RULE = "list-comprehension-to-generator"
    CASES = [
        (
            """
            def f(s, n):
                a = "".join([chr(ord(c) + 1) for c in s if c != " "])
                return a, sorted([i % 7 for i in range(n)], reverse=True)
            """,
            """
            def f(s, n):
                a = "".join(chr(ord(c) + 1) for c in s if c != " ")
                return a, sorted((i % 7 for i in range(n)), reverse=True)
            """,
            [["ab c", 9], ["", 0]],
        ),
    ]
    UNTOUCHED = [
        # user code in the item could raise StopIteration, which a generator turns into
        # RuntimeError
        ("""
        def f(xs, g):
            return "".join([g(x) for x in xs])
        """, "generator item or filter may run user code", "(xs: list[int], g: int)"),
        # consumers that do not build a list first
        ("""
        def f(n):
            return sum([i for i in range(n)]), any([i > 2 for i in range(n)])
        """, "no candidate", "(n: int)"),
    ]
