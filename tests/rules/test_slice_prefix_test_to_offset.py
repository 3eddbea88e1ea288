from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestSlicePrefixTestToOffset(RuleTestCase):
    RULE = "slice-prefix-test-to-offset"
    CASES = [
        (
            """
            def how_many_times(string: str, substring: str) -> int:
                occurences = 0
                for i in range(len(string)):
                    if string[i:].startswith(substring):
                        occurences += 1
                return occurences
            """,
            """
            def how_many_times(string: str, substring: str) -> int:
                occurences = 0
                for i in range(len(string)):
                    if string.startswith(substring, i):
                        occurences += 1
                return occurences
            """,
        ),
        (  # a non-empty literal prefix; an upper bound; a comprehension over range(a, len(s))
            """
            def f(s: str, k: int, p: str):
                a = s[k:].endswith("ab")
                b = s[:k + 1].startswith(p)
                c = [i for i in range(1, len(s)) if s[i:].endswith(p)]
                return a, b, c
            """,
            """
            def f(s: str, k: int, p: str):
                a = s.endswith("ab", k)
                b = s.startswith(p, 0, k + 1)
                c = [i for i in range(1, len(s)) if s.endswith(p, i)]
                return a, b, c
            """,
        ),
    ]
    UNTOUCHED = [
        # a lower bound that may exceed len(s) with a prefix that may be empty
        """
        def f(s: str, k: int, p: str):
            return s[k:].startswith(p), s[k:].startswith("")
        """,
        # ... the loop runs over another length, or rebinds s or i in its body
        """
        def f(s: str, t: str, p: str):
            for i in range(len(t)):
                print(s[i:].startswith(p))
            for i in range(len(s)):
                s = s[1:]
                print(s[i:].startswith(p))
            for i in range(len(s)):
                i += 5
                print(s[i:].startswith(p))
        """,
        # ... or the test runs later, in a lambda or a generator expression
        """
        def f(s: str, p: str):
            return [lambda: s[i:].startswith(p) for i in range(len(s))]
        """,
        """
        def f(s: str, p: str):
            g = (s[i:].startswith(p) for i in range(len(s)))
            s = ""
            return list(g)
        """,
        # unknown types (a user class may define __getitem__ and startswith freely)
        """
        def f(s, k: int):
            return s[k:].startswith("a")
        """,
        """
        def f(s: str, k, p: str):
            return s[:k].startswith(p)
        """,
        # a bound or prefix that runs code or may raise: the evaluation order would change
        """
        def f(s: str, p: str):
            return s[:g()].startswith(p), s[:4].startswith(h())
        """,
        # both bounds, a step, a tuple of prefixes, extra arguments
        """
        def f(s: str, a: int, b: int, p: str):
            return (s[a:b].startswith(p), s[::2].startswith(p), s[:a].startswith(("x", "y")),
                    s[:a].startswith(p, 1))
        """,
    ]


def test_same_results():
    source = ("def f(s: str, p: str, k: int):\n"
              "    a = [i for i in range(len(s)) if s[i:].startswith(p)]\n"
              "    b = [s[:j].endswith(p) for j in range(-5, 6)]\n"
              "    return a, b, s[k:].endswith('b'), s[:k].startswith(p)\n")
    result = get_rule("slice-prefix-test-to-offset").apply(source)
    assert result.sites == 4
    before, after = {}, {}
    exec(source, before)
    exec(result.code, after)
    for s in ("", "ab", "abab", "ba"):
        for p in ("", "a", "ab", "b"):
            for k in (-3, 0, 1, 5):
                assert before["f"](s, p, k) == after["f"](s, p, k)
