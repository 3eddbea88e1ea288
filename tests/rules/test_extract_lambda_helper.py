from semforge.transforms.testing import RuleTestCase


class TestExtractLambdaHelper(RuleTestCase):
    RULE = "extract-lambda-helper"
    CASES = [
        (  # a parameter of the def read by the lambda is passed; the docstring stays put
            '''
            from typing import List


            def filter_by_substring(strings: List[str], substring: str) -> List[str]:
                """Doc."""
                return list(filter(lambda s: substring in s, strings))
            ''',
            '''
            from typing import List


            def _is_member(substring, s):
                return substring in s


            def filter_by_substring(strings: List[str], substring: str) -> List[str]:
                """Doc."""
                return list(filter(lambda s: _is_member(substring, s), strings))
            ''',
            [[["abc", "bcd", "x"], "bc"], [[], "a"], [["", "a"], ""]],
        ),
        (  # a local bound before the statement is passed too
            """
            def by_last(pairs, k):
                n = len(pairs)
                return sorted(pairs, key=lambda p: (p[-1] * k, n))
            """,
            """
            def _by_pair(p, k, n):
                return (p[-1] * k, n)


            def by_last(pairs, k):
                n = len(pairs)
                return sorted(pairs, key=lambda p: _by_pair(p, k, n))
            """,
            [[[[1, 3], [2, 1], [5, 2]], -1], [[], 2], [[[1], [0, 0]], 1]],
        ),
        (  # methods: the helper goes before the class; globals are read by the helper
            """
            VOWELS = "aeiou"


            class Text:
                def count(self, s):
                    return len(list(filter(lambda ch: ch.lower() in VOWELS, s)))
            """,
            """
            VOWELS = "aeiou"


            def _is_member(ch):
                return ch.lower() in VOWELS


            class Text:
                def count(self, s):
                    return len(list(filter(_is_member, s)))
            """,
        ),
        (  # a lambda that would only forward its parameter: the helper is passed itself
            """
            def top(counts: dict[str, int]) -> list[str]:
                ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
                return [word for word, _ in ranked]
            """,
            """
            def _by_pair(item):
                return (-item[1], item[0])


            def top(counts: dict[str, int]) -> list[str]:
                ranked = sorted(counts.items(), key=_by_pair)
                return [word for word, _ in ranked]
            """,
            [[{"b": 2, "a": 2, "c": 5}], [{}]],
        ),
        (  # ... but not to a sorted the module may rebind: there the lambda stays
            """
            def top(xs):
                return sorted(xs, key=lambda x: -abs(x))


            sorted = lambda xs, key: [key(x) for x in xs]
            """,
            """
            def _by_negated(x):
                return -abs(x)


            def top(xs):
                return sorted(xs, key=lambda x: _by_negated(x))


            sorted = lambda xs, key: [key(x) for x in xs]
            """,
        ),
        (  # defaults stay on the lambda; a later rebinding is seen by the call alike
            """
            def scale(xs):
                t = 2
                key = lambda x, y=2: x * y * t + abs(x)
                t = 5
                return sorted(xs, key=key)
            """,
            """
            def _total(x, y, t):
                return x * y * t + abs(x)


            def scale(xs):
                t = 2
                key = lambda x, y=2: _total(x, y, t)
                t = 5
                return sorted(xs, key=key)
            """,
            [[[3, -1, 0, -4]], [[]], [[2.5, -2.5]]],
        ),
    ]
    UNTOUCHED = [
        # a local that may be unbound when the lambda runs (NameError moves into the helper's
        # caller, and is read eagerly there even where the body would not reach it)
        ("""
        def f(xs):
            if xs:
                y = 1
            return list(map(lambda x: x + y, xs))
        """, "'y' may be unbound when the lambda runs"),
        ("""
        def f(xs, a):
            del a
            return list(map(lambda x: x and a, xs))
        """, "'a' may be unbound when the lambda runs"),
        # a function of the module called from the body: recursion would go a frame deeper
        ("""
        def f(xs):
            return list(map(lambda x: g(x), xs))
        def g(x):
            return x
        """, "calls 'g', which is not a builtin"),
        ("""
        class T:
            def walk(self, xs):
                return list(map(lambda x: x.walk([]), xs))
        """, "calls a method named like a function of the module"),
        # recursion: one more frame per level
        ("""
        def walk(n):
            if n <= 0:
                return 0
            return sum(map(lambda x: x + 1, [walk(n - 1)]))
        """, "may be recursive"),
        # scopes the module-level helper cannot see
        ("""
        def f(xs):
            return [list(map(lambda x: x + i, xs)) for i in range(3)]
        """, "not directly in a def"),
        ("""
        def outer(k):
            def f(xs):
                return list(map(lambda x: x + k, xs))
            return f
        """, "'k' is a variable of an outer function"),
        ("""
        F = lambda x: x + 1
        """, "not directly in a def"),
        ("""
        class C:
            def m(self, xs):
                return list(map(lambda x: self.__k + x, xs))
        """, "__private"),
        # dynamic scopes and declarations
        ("""
        def f(xs):
            global G
            return list(map(lambda x: x + G, xs))
        """, "global or nonlocal"),
        ("""
        def f(xs):
            return list(map(lambda x: eval("x") + 1, xs))
        """, "exec/eval"),
        # a shadowed builtin is a global the rule does not reason about
        ("""
        def f(xs):
            return list(map(lambda x: len(x) + 1, xs))
        len = abs
        """, "calls 'len', which is not a builtin"),
        # nested scopes in the body
        ("""
        def f(xs):
            return list(map(lambda x: [y for y in x], xs))
        """, "comprehension"),
        # nothing to move
        ("""
        def f(xs):
            return sorted(xs, key=lambda x: x)
        """, "no candidate"),
    ]
