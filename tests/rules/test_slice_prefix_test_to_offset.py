from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestSlicePrefixTestToOffset(RuleTestCase):
    RULE = "slice-prefix-test-to-offset"
    CASES = [
        ("""
def how_many_times(string_in: str, substring_in: str) -> int:
    string = "".join([string_in])
    substring = "".join([substring_in])
    occurences = 0
    for i in range(len(string)):
        if string[i:].startswith(substring):
            occurences += 1
    return occurences
""", """
def how_many_times(string_in: str, substring_in: str) -> int:
    string = "".join([string_in])
    substring = "".join([substring_in])
    occurences = 0
    for i in range(len(string)):
        if string.startswith(substring, i):
            occurences += 1
    return occurences
"""),
        ("""
def f(s_in: str, k_in: int, p_in: str):
    s = "".join([s_in])
    k = int(k_in)
    p = "".join([p_in])
    a = s[k:].endswith("ab")
    b = s[:k + 1].startswith(p)
    c = [i for i in range(1, len(s)) if s[i:].endswith(p)]
    return a, b, c
""", """
def f(s_in: str, k_in: int, p_in: str):
    s = "".join([s_in])
    k = int(k_in)
    p = "".join([p_in])
    a = s.endswith("ab", k)
    b = s.startswith(p, 0, k + 1)
    c = [i for i in range(1, len(s)) if s.endswith(p, i)]
    return a, b, c
"""),
    ]
    UNTOUCHED = [
        # a lower bound that may exceed len(s) with a prefix that may be empty
        ("""
        def f(s: str, k: int, p: str):
            return s[k:].startswith(p), s[k:].startswith("")
        """, "no evidence of a str sliced by a total int bound and a str prefix"),
        # ... the loop runs over another length, or rebinds s or i in its body
        ("""
        def f(s: str, t: str, p: str):
            for i in range(len(t)):
                print(s[i:].startswith(p))
            for i in range(len(s)):
                s = s[1:]
                print(s[i:].startswith(p))
            for i in range(len(s)):
                i += 5
                print(s[i:].startswith(p))
        """, "no evidence of a str sliced by a total int bound and a str prefix"),
        # ... or the test runs later, in a lambda or a generator expression
        ("""
        def f(s: str, p: str):
            return [lambda: s[i:].startswith(p) for i in range(len(s))]
        """, "no evidence of a str sliced by a total int bound and a str prefix"),
        ("""
        def f(s: str, p: str):
            g = (s[i:].startswith(p) for i in range(len(s)))
            s = ""
            return list(g)
        """, "no evidence of a str sliced by a total int bound and a str prefix"),
        # unknown types (a user class may define __getitem__ and startswith freely)
        ("""
        def f(s, k: int):
            return s[k:].startswith("a")
        """, "no evidence of a str sliced by a total int bound and a str prefix"),
        ("""
        def f(s: str, k, p: str):
            return s[:k].startswith(p)
        """, "no evidence of a str sliced by a total int bound and a str prefix"),
        # a bound or prefix that runs code or may raise: the evaluation order would change
        ("""
        def f(s: str, p: str):
            return s[:g()].startswith(p), s[:4].startswith(h())
        """, "no evidence of a str sliced by a total int bound and a str prefix"),
        # both bounds, a step, a tuple of prefixes, extra arguments
        ("""
        def f(s: str, a: int, b: int, p: str):
            return (s[a:b].startswith(p), s[::2].startswith(p), s[:a].startswith(("x", "y")),
                    s[:a].startswith(p, 1))
        """, "a slice with a step, or with both or no bounds"),("""
def how_many_times(string: str, substring: str) -> int:
    occurences = 0
    for i in range(len(string)):
        if string[i:].startswith(substring):
            occurences += 1
    return occurences
""", 'annotation is not evidence'), ("""
def f(s: str, k: int, p: str):
    a = s[k:].endswith("ab")
    b = s[:k + 1].startswith(p)
    c = [i for i in range(1, len(s)) if s[i:].endswith(p)]
    return a, b, c
""", 'annotation is not evidence')
    ]


def test_same_results():
    source = """
def f(s_in: str, p_in: str, k_in: int):
    s = "".join([s_in])
    p = "".join([p_in])
    k = int(k_in)
    a = [i for i in range(len(s)) if s[i:].startswith(p)]
    b = [s[:j].endswith(p) for j in range(-5, 6)]
    return a, b, s[k:].endswith('b'), s[:k].startswith(p)
"""
    result = get_rule("slice-prefix-test-to-offset").apply(source)
    assert result.sites == 4
    before, after = {}, {}
    exec(source, before)
    exec(result.code, after)
    for s in ("", "ab", "abab", "ba"):
        for p in ("", "a", "ab", "b"):
            for k in (-3, 0, 1, 5):
                assert before["f"](s, p, k) == after["f"](s, p, k)
