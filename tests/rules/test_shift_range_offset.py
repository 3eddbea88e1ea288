from semforge.transforms.testing import RuleTestCase

INPUTS = [["abcd", 3], ["", 0], ["x", -2], ["hello", 1]]


class TestShiftRangeOffset(RuleTestCase):
    RULE = "shift-range-offset"
    DOMAIN = "(s: str, n: int)"
    CASES = [
        (
            """
            def f(s, n):
                return [s[:(i + 1)] for i in range(len(s))]
            """,
            """
            def f(s, n):
                return [s[:i] for i in range(1, len(s) + 1)]
            """,
            INPUTS,
        ),
        (  # range(n - 1) with i + 1 in the item and the condition; a generator
            """
            def f(s, n):
                return sum(i + 1 for i in range(n - 1) if (i + 1) % 2)
            """,
            """
            def f(s, n):
                return sum(i for i in range(1, n) if i % 2)
            """,
            INPUTS,
        ),
        (  # a start, a step, a loose bound
            """
            def f(s, n):
                return [s[i + 2:] for i in range(1, n << 1, 2)]
            """,
            """
            def f(s, n):
                return [s[i:] for i in range(3, (n << 1) + 2, 2)]
            """,
            INPUTS,
        ),
    ]
    UNTOUCHED = [
        # i is used alone too
        ("""
        def f(s, n):
            return [s[i:i + 1] for i in range(len(s))]
        """, "no candidate"),
        # two offsets
        ("""
        def f(s, n):
            return [i + 1 + (i + 2) for i in range(n)]
        """, "no candidate"),
        # a float bound: range() raises TypeError either way, but b + 1 could run user code
        ("""
        def f(s, n):
            return [i + 1 for i in range(n)]
        """, "no evidence", "(s: str, n: int | float)"),
        # a lambda sees the variable
        ("""
        def f(s, n):
            return [(lambda: i + 1)() for i in range(n)]
        """, "lambda"),
    ]
