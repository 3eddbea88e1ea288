from semforge.transforms.testing import RuleTestCase


class TestCharFilterToStrCount(RuleTestCase):
    RULE = "char-filter-to-str-count"
    DOMAIN = "(s: str)"
    CASES = [
        (
            """
            def f(s):
                return len(list(filter(lambda ch: ch in 'aeiouAEIOU', s)))
            """,
            """
            def f(s):
                return sum(map(s.count, 'aeiouAEIOU'))
            """,
            [["hello World"], [""], ["İstanbul ß"]],
        ),
        (  # str() of an int is a str: no domain needed
            """
            def f(n):
                return [len(list(filter(lambda c: c == '7', str(i)))) for i in range(n)]
            """,
            """
            def f(n):
                return [str(i).count('7') for i in range(n)]
            """,
            [[100], [0]],
        ),
        (
            """
            def f(s):
                return [sum(1 for c in w if c in "xyz") + sum(c in "ab" for c in w) + len([c for c in w if c == "q"]) for w in s.split()]
            """,
            """
            def f(s):
                return [sum(map(w.count, 'xyz')) + sum(map(w.count, 'ab')) + w.count('q') for w in s.split()]
            """,
            [["axy qq zb"], [""]],
        ),
    ]
    UNTOUCHED = [
        # a list of strs: "ab" in "aeiou" is a substring test there, and list.count differs
        ("""
        def f(s):
            return len(list(filter(lambda ch: ch in 'aeiou', s)))
        """, "no evidence the counted value is a str", "(s: list[str])"),
        # repeated characters would be counted twice
        """
        def f(s):
            return sum(1 for c in s if c in 'aab')
        """,
        # without a domain there is no evidence s is a str
        ("""
        def f(s):
            return sum(1 for c in s if c in 'ab')
        """, "no evidence the counted value is a str", None),
    ]
