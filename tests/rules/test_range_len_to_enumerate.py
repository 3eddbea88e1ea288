from semforge.transforms.testing import RuleTestCase


class TestRangeLenToEnumerate(RuleTestCase):
    RULE = "range-len-to-enumerate"
    CASES = [
        (
            """
            def count_upper_even(s: str):
                count = 0
                for i in range(len(s)):
                    if i % 2 == 0 and s[i] in "AEIOU":
                        count += 1
                return count
            """,
            """
            def count_upper_even(s: str):
                count = 0
                for i, s_item in enumerate(s):
                    if i % 2 == 0 and s_item in "AEIOU":
                        count += 1
                return count
            """,
        ),
        (  # a tuple; reads in a comprehension keep indexing; s[i + 1] is not s[i]
            """
            def f(t: tuple, s: str):
                out = []
                for k in range(len(t)):
                    out.append((t[k], [t[k] for _ in range(2)]))
                for j in range(len(s)):
                    print(s[j], s[j + 1:])
                return out
            """,
            """
            def f(t: tuple, s: str):
                out = []
                for k, t_item in enumerate(t):
                    out.append((t_item, [t[k] for _ in range(2)]))
                for j, s_item in enumerate(s):
                    print(s_item, s[j + 1:])
                return out
            """,
        ),
    ]
    UNTOUCHED = [
        # lists may be mutated by the body (directly or through an alias)
        """
        def f(xs: list):
            for i in range(len(xs)):
                g(xs)
                print(xs[i])
        """,
        # unknown type; the sequence or the index rebound in the body
        """
        def f(xs, s: str):
            for i in range(len(xs)):
                print(xs[i])
            for i in range(len(s)):
                s = s[1:]
                print(s[i])
            for i in range(len(s)):
                i = 0
                print(s[i])
        """,
        # no read of s[i]; range with a start; an index expression
        """
        def f(s: str):
            for i in range(len(s)):
                print(i)
            for i in range(1, len(s)):
                print(s[i])
            for i in range(len(s) - 1):
                print(s[i])
        """,
        # identity observed (non-Latin-1 characters are fresh objects per s[i])
        """
        def f(s: str):
            for i in range(len(s)):
                if s[i] is s[i]:
                    pass
        """,
        # module level and class body
        """
        s = "abc"
        for i in range(len(s)):
            print(s[i])
        """,
        # a store target is left to raise as before; only loads would be rewritten
        """
        def f(s: str):
            for i in range(len(s)):
                s[i] = 'x'
        """,
    ]
