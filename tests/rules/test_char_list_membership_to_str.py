from semforge.transforms.testing import RuleTestCase


class TestCharListMembershipToStr(RuleTestCase):
    RULE = "char-list-membership-to-str"
    DOMAIN = "(s: str, words: list[str])"
    CASES = [
        (  # characters of a str: a comprehension, a lambda given to filter, s[i], a for loop
            """
            def f(s, words):
                vowels = [ch for ch in s if ch in ["a", "e", "i", "o", "u"]]
                rest = list(filter(lambda c: c not in ('x', 'y', 'z'), s))
                n = 0
                for ch in reversed(s):
                    if ch in ["p", "q"]:
                        n += 1
                return vowels, rest, n, s[-1] in ["y", "Y"] if s else False
            """,
            """
            def f(s, words):
                vowels = [ch for ch in s if ch in "aeiou"]
                rest = list(filter(lambda c: c not in 'xyz', s))
                n = 0
                for ch in reversed(s):
                    if ch in "pq":
                        n += 1
                return vowels, rest, n, s[-1] in "yY" if s else False
            """,
            [["hello world", []], ["", []], ["xyzzy pq", ["a"]]],
        ),
    ]
    UNTOUCHED = [
        # the items of a list of strs may be "" or "ab": "" in "abc" is true
        ("""
        def f(s, words):
            return [w for w in words if w in ["a", "b", "c"]]
        """, "no evidence that the tested value is one character"),
        # a slice may be "" (a substring of every str)
        ("""
        def f(s, words):
            return s[1:2] in ["a", "b"]
        """, "no evidence that the tested value is one character"),
        # longer items, repeated items, mixed quotes, escapes, a variable: not a set of characters
        ("""
        def f(s, words):
            return [(c in ["ab", "c"], c in ["a", "a"], c in ["a", 'b'], c in ["\\t", "a"],
                     c in [s, "a"]) for c in s]
        """, "no candidate"),
    ]
