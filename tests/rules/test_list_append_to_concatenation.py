from semforge.transforms.testing import RuleTestCase


class TestListAppendToConcatenation(RuleTestCase):
    RULE = "list-append-to-concatenation"
    CASES = [
        (
            """
            def f(xs):
                ans = []
                for x in xs:
                    if x > 0:
                        ans.append(x * 2)
                return ans, len(ans)
            """,
            """
            def f(xs):
                ans = []
                for x in xs:
                    if x > 0:
                        ans = ans + [x * 2]
                return ans, len(ans)
            """,
            [[[1, -2, 3]], [[]]],
        ),
        (  # a generator item keeps its own parentheses inside the list display
            """
            def f(xs):
                out = sorted(xs)
                for x in xs: out.append(sum(x for _ in range(2)))
                out.append(max(out))
                return out
            """,
            """
            def f(xs):
                out = sorted(xs)
                for x in xs: out = out + [sum(x for _ in range(2))]
                out = out + [max(out)]
                return out
            """,
            [[[3, 1]], [[0]]],
        ),
        (  # bound in a tuple assignment of displays, returned in a tuple
            """
            def f(xs):
                even, odd = [], []
                for x in xs:
                    if x % 2:
                        odd.append(x)
                    else:
                        even.append(x)
                return even, odd
            """,
            """
            def f(xs):
                even, odd = [], []
                for x in xs:
                    if x % 2:
                        odd = odd + [x]
                    else:
                        even = even + [x]
                return even, odd
            """,
            [[[1, 2, 3, 4]], [[]]],
        ),
    ]
    UNTOUCHED = [
        # max/min of several arguments return one of them, sum([], acc) its start: an alias
        ("""
        def f(n):
            ans = [5]
            top = max(ans, [0])
            ans.append(n)
            return top
        """, "may be aliased"),
        ("""
        def f(n):
            ans = [5]
            total = sum([], ans)
            ans.append(n)
            return total
        """, "may be aliased"),
        # a finally block runs after the return took the list, and grows it in place
        ("""
        def f(n):
            ans = [5]
            try:
                return ans
            finally:
                ans.append(n)
        """, "may be aliased"),
        # a chained assignment: two names, one list
        ("""
        def f(xs):
            ans = other = []
            ans.append(1)
            return other
        """, "not a local bound only to fresh lists"),
        # another name holds the list: it would not see the new list's item
        ("""
        def f(xs):
            ans = []
            other = ans
            ans.append(1)
            return other
        """, "may be aliased"),
        # an iterator over the list sees items appended in place, not the new list's
        ("""
        def f(xs):
            ans = [0]
            it = iter(ans)
            ans.append(1)
            return list(it)
        """, "may be aliased"),
        # a loop over the list that appends to it runs over the grown list
        ("""
        def f(xs):
            ans = [1]
            for v in ans:
                if len(ans) < 5:
                    ans.append(v)
            return ans
        """, "may be aliased"),
        # the list holds itself
        ("""
        def f(xs):
            ans = []
            ans.append(ans)
            return len(ans)
        """, "may be aliased"),
        # a parameter: the caller holds the list
        ("""
        def f(xs):
            xs.append(1)
            return xs
        """, "not a local bound only to fresh lists"),
        # a closure sees the name
        ("""
        def f(xs):
            ans = []
            get = lambda: ans
            ans.append(1)
            return get()
        """, "seen by a nested function"),
        # a walrus in the item
        ("""
        def f(xs):
            ans = []
            ans.append((n := len(ans)))
            return ans, n
        """, "walrus, yield or await"),
    ]
