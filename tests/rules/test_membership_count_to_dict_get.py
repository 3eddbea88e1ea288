from semforge.transforms.testing import RuleTestCase


class TestMembershipCountToDictGet(RuleTestCase):
    RULE = "membership-count-to-dict-get"
    DOMAIN = "(lst: list[int])"
    CASES = [
        (
            """
            def f(lst):
                count = dict()
                for x in lst:
                    if x not in count: count[x] = 0
                    count[x] += 1
                    if count[x] > 2: return False
                return lst == sorted(lst)
            """,
            """
            def f(lst):
                count = dict()
                for x in lst:
                    count[x] = count.get(x, 0) + 1
                    if count[x] > 2: return False
                return lst == sorted(lst)
            """,
            [[[1, 2, 2, 3]], [[1, 2, 2, 2]], [[]], [[3, 1]]],
        ),
        (  # if/else in both orders, str and float keys
            """
            def f(s):
                seen = {}
                for ch in s:
                    if ch in seen:
                        seen[ch] += 1
                    else:
                        seen[ch] = 1
                return max(seen.values()) if seen else 0
            """,
            """
            def f(s):
                seen = {}
                for ch in s:
                    seen[ch] = seen.get(ch, 0) + 1
                return max(seen.values()) if seen else 0
            """,
            [["hello"], [""], ["aaa"]],
        ),
        (
            """
            def f(xs):
                d = {}
                for v in xs:
                    if v not in d:
                        d[v] = 2
                    else:
                        d[v] += 2
                return sorted(d.items())
            """,
            """
            def f(xs):
                d = {}
                for v in xs:
                    d[v] = d.get(v, 0) + 2
                return sorted(d.items())
            """,
            [[[1.5, 0.0, -0.0, 1.5, float("nan")]], [[]], [[float("inf"), float("inf")]]],
        ),
        (  # a tuple assignment gives the dict; its key a str from split
            """
            def f(test):
                count, ans = dict(), dict()
                for word in test.split(" "):
                    if word != "":
                        if word not in count: count[word] = 0
                        count[word] += 1
                return sorted(count.items()), ans
            """,
            """
            def f(test):
                count, ans = dict(), dict()
                for word in test.split(" "):
                    if word != "":
                        count[word] = count.get(word, 0) + 1
                return sorted(count.items()), ans
            """,
            [["a b b"], [""], ["x  y x"]],
        ),
    ]
    UNTOUCHED = [
        # a tuple assignment giving it another value
        ("""
        def f(lst, other):
            count, ans = other, {}
            for x in lst:
                if x not in count: count[x] = 0
                count[x] += 1
            return count
        """, "another mapping", "(lst: list[int], other: dict)"),
        # the dict comes from outside: it could hold lists (+= extends) or be a defaultdict
        ("""
        def f(lst, count):
            for x in lst:
                if x not in count: count[x] = 0
                count[x] += 1
            return count
        """, "may be another mapping", "(lst: list[int], count: dict)"),
        # keys of unknown type: hashing could run user code
        ("""
        def f(lst):
            count = {}
            for x in lst:
                if x not in count: count[x] = 0
                count[x] += 1
            return count
        """, "no evidence the key is a builtin scalar", "(lst: list)"),
        # a list value is stored elsewhere: += on it is not + 1
        ("""
        def f(lst):
            count = {}
            count[0] = []
            for x in lst:
                if x not in count: count[x] = 0
                count[x] += 1
            return count
        """, "non-int values"),
        # a starred target stores a list
        ("""
        def f(lst):
            count = {}
            first, *count[0] = 1, 2, 3
            for x in lst:
                if x not in count: count[x] = 0
                count[x] += 1
            return count
        """, "non-int values"),
        # the dict escapes to a call that may change it
        ("""
        def f(lst):
            count = {}
            for x in lst:
                if x not in count: count[x] = 0
                g(count)
                count[x] += 1
            return count
        """, "no candidate"),
        ("""
        def f(lst):
            count = {}
            helper(count)
            for x in lst:
                if x not in count: count[x] = 0
                count[x] += 1
            return count
        """, "non-int values"),
        # different increments
        ("""
        def f(lst):
            count = {}
            for x in lst:
                if x in count:
                    count[x] += 1
                else:
                    count[x] = 2
            return count
        """, "no candidate"),
        # a nested function sees the dict
        ("""
        def f(lst):
            count = {}
            get = lambda k: count[k]
            for x in lst:
                if x not in count: count[x] = 0
                count[x] += 1
            return get
        """, "is seen by a nested function"),
        # the dict may be unbound
        ("""
        def f(lst):
            if lst:
                count = {}
            for x in lst:
                if x not in count: count[x] = 0
                count[x] += 1
            return 1
        """, "may be unbound"),
    ]
