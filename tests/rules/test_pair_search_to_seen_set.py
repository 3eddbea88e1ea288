from semforge.transforms.testing import RuleTestCase


class TestPairSearchToSeenSet(RuleTestCase):
    RULE = "pair-search-to-seen-set"
    DOMAIN = "(l: list[int], k: int)"
    CASES = [
        (  # every ordered pair of distinct positions
            """
            def f(l):
                for i in range(len(l)):
                    for j in range(len(l)):
                        if i != j and l[i] + l[j] == 0:
                            return True
                return False
            """,
            """
            def f(l):
                seen = set()
                for x in l:
                    if -x in seen:
                        return True
                    seen.add(x)
                return False
            """,
            [[[1, 3, -2, 1]], [[2, 4, -5, 3, 5, 7]], [[0]], [[0, 0]], [[]], [[5, -5]]],
        ),
        (  # enumerate, j after i, a sum given as a parameter
            """
            def f(l, k):
                for i, a in enumerate(l):
                    for j in range(i + 1, len(l)):
                        if a + l[j] == k:
                            return True
                return False
            """,
            """
            def f(l, k):
                seen = set()
                for a in l:
                    if k - a in seen:
                        return True
                    seen.add(a)
                return False
            """,
            [[[1, 2, 3], 5], [[1, 2, 3], 2], [[3, 3], 6], [[], 0], [[10**20, -3], 10**20 - 3]],
        ),
        (  # an outer range(len - 1), the sum on the left, a negative literal
            """
            def f(l):
                n = 0
                for i in range(len(l) - 1):
                    for j in range(i + 1, len(l)):
                        if -3 == l[j] + l[i]:
                            return True
                n += 1
                return n
            """,
            """
            def f(l):
                n = 0
                seen = set()
                for x in l:
                    if -3 - x in seen:
                        return True
                    seen.add(x)
                n += 1
                return n
            """,
            [[[1, -4]], [[-3]], [[0, 0, -3]], [[]], [[-1, -2, 7]]],
        ),
    ]
    UNTOUCHED = [
        # i == j included: 2 * l[i] == 0 would count
        ("""
        def f(l):
            for i in range(len(l)):
                for j in range(len(l)):
                    if l[i] + l[j] == 0:
                        return True
            return False
        """, "no candidate"),
        # floats: a + b == 0 rounds, k - b == a rounds differently
        ("""
        def f(l):
            for i in range(len(l)):
                for j in range(i + 1, len(l)):
                    if l[i] + l[j] == 0:
                        return True
            return False
        """, "no evidence the items are ints", "(l: list[float])"),
        # no type evidence at all
        ("""
        def f(l):
            for i in range(len(l)):
                for j in range(i + 1, len(l)):
                    if l[i] + l[j] == 0:
                        return True
            return False
        """, "no evidence the items are ints", "(l: list)"),
        # the index is read after the loop
        ("""
        def f(l):
            for i in range(len(l)):
                for j in range(i + 1, len(l)):
                    if l[i] + l[j] == 0:
                        return True
            return i
        """, "loop variable is used outside"),
        # the sum may be unbound (only read when two items exist)
        ("""
        def f(l, k):
            if k:
                t = k
            for i in range(len(l)):
                for j in range(i + 1, len(l)):
                    if l[i] + l[j] == t:
                        return True
            return False
        """, "may be unbound"),
        # the body does more than return True
        ("""
        def f(l):
            for i in range(len(l)):
                for j in range(i + 1, len(l)):
                    if l[i] + l[j] == 0:
                        print(i, j)
                        return True
            return False
        """, "no candidate"),
        # set is shadowed
        ("""
        set = list
        def f(l):
            for i in range(len(l)):
                for j in range(i + 1, len(l)):
                    if l[i] + l[j] == 0:
                        return True
            return False
        """, "set is shadowed"),
        # j starts at i: the item paired with itself
        ("""
        def f(l):
            for i in range(len(l)):
                for j in range(i, len(l)):
                    if l[i] + l[j] == 0:
                        return True
            return False
        """, "no candidate"),
        # a different list for j
        ("""
        def f(l, m):
            for i in range(len(l)):
                for j in range(i + 1, len(l)):
                    if l[i] + m[j] == 0:
                        return True
            return False
        """, "no candidate", "(l: list[int], m: list[int])"),
    ]
