from semforge.transforms.testing import RuleTestCase


class TestStrMembershipToCharList(RuleTestCase):
    RULE = "str-membership-to-char-list"
    DOMAIN = "(s: str, words: list[str])"
    CASES = [
        (  # characters of a str: a comprehension, a lambda given to filter, s[i], a for loop
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
            """
            def f(s, words):
                vowels = [ch for ch in s if ch in ["a", "e", "i", "o", "u"]]
                rest = list(filter(lambda c: c not in ['x', 'y', 'z'], s))
                n = 0
                for ch in reversed(s):
                    if ch in ["p", "q"]:
                        n += 1
                return vowels, rest, n, s[-1] in ["y", "Y"] if s else False
            """,
            [["hello world", []], ["", []], ["xyzzy pq", ["a"]]],
        ),
        (  # the characters of each word of a list of strs
            """
            def f(s, words):
                return [len([c for c in w if c in "02468"]) for w in words]
            """,
            """
            def f(s, words):
                return [len([c for c in w if c in ["0", "2", "4", "6", "8"]]) for w in words]
            """,
            [["", ["1234", "", "86"]]],
        ),
        (  # a helper's parameter that every call fills with a character
            """
            def f(s, words):
                def is_vowel(c):
                    return c in "aeiou"
                return [is_vowel(s[i]) for i in range(len(s))], list(filter(is_vowel, s))
            """,
            """
            def f(s, words):
                def is_vowel(c):
                    return c in ["a", "e", "i", "o", "u"]
                return [is_vowel(s[i]) for i in range(len(s))], list(filter(is_vowel, s))
            """,
            [["education", []], ["", []]],
        ),
    ]
    UNTOUCHED = [
        # one call of the helper passes a longer str; helpers calling each other prove nothing
        ("""
        def f(s, words):
            def is_vowel(c):
                return c in "aeiou"
            def a(ch):
                return ch in "xy" or b(ch)
            def b(ch):
                return ch in "ab" and a(ch)
            return [is_vowel(c) for c in s], is_vowel("ae"), [a(c) for c in s]
        """, "no evidence that the tested value is one character"),
        # the items of a list of strs may be "" or "ab": substring tests, not equality
        ("""
        def f(s, words):
            return [w for w in words if w in "abc"]
        """, "no evidence that the tested value is one character"),
        # the str itself, a slice (maybe ""), an index by a slice object: not one character
        ("""
        def f(s, words):
            part = slice(0, 2)
            return s in "abc", s[1:2] in "ab", s[part] in "ab"
        """, "no evidence that the tested value is one character"),
        # the loop variable is rebound to a longer str
        ("""
        def f(s, words):
            n = 0
            for ch in s:
                ch = ch * 2
                if ch in "aab":
                    n += 1
            return n
        """, "no evidence that the tested value is one character"),
        # a lambda with a default could be called otherwise; a helper also given the str
        ("""
        def f(s, words):
            def inner(t):
                return t in "ab"
            return list(filter(lambda q, r=1: q in "ab", s)), [inner(ch) for ch in s], inner(s)
        """, "no evidence that the tested value is one character"),
        # without a domain the str may be a subclass iterating as it likes
        ("""
        def f(s, words):
            return [ch in "ab" for ch in s]
        """, "no evidence that the tested value is one character", "(s, words)"),
        # one character (that is ==), escapes, or too long a list: not what one writes
        ("""
        def f(s, words):
            return [(ch in "a", ch in "a\\tb", ch in "abcdefghijklmnop") for ch in s]
        """, "no candidate"),
    ]
