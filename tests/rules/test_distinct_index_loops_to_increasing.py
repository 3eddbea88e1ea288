from semforge.transforms.testing import RuleTestCase


class TestDistinctIndexLoopsToIncreasing(RuleTestCase):
    RULE = "distinct-index-loops-to-increasing"
    DOMAIN = "(l: list[int], t: int)"
    CASES = [
        (  # HumanEval/40's shape: three loops, every ordering tried
            """
            def f(l, t):
                for i in range(len(l)):
                    for j in range(len(l)):
                        for k in range(len(l)):
                            if i != j and i != k and j != k and l[i] + l[j] + l[k] == 0:
                                return True
                return False
            """,
            """
            def f(l, t):
                for i in range(len(l)):
                    for j in range(i + 1, len(l)):
                        for k in range(j + 1, len(l)):
                            if l[i] + l[j] + l[k] == 0:
                                return True
                return False
            """,
            [[[1, 3, -2, 1], 0], [[1, 2, 3, 7], 0], [[], 0], [[0], 0], [[0, 0], 0],
             [[0, 0, 0], 0], [[True, -1, 0], 0]],
        ),
        (  # two loops, guards and terms in any order, another comparison and an int local
            """
            def f(l, t):
                for a in range(len(l)):
                    for b in range(len(l)):
                        if l[b] + l[a] > t and b != a:
                            return "yes"
                return "no"
            """,
            """
            def f(l, t):
                for a in range(len(l)):
                    for b in range(a + 1, len(l)):
                        if l[b] + l[a] > t:
                            return "yes"
                return "no"
            """,
            [[[1, 2], 2], [[5], 0], [[3, -3, 4], 6], [[], -1], [[2, 2], 3]],
        ),
    ]
    UNTOUCHED = [
        # floats: the sum's rounding depends on the order of its terms
        ("""
        def f(l, t):
            for i in range(len(l)):
                for j in range(len(l)):
                    for k in range(len(l)):
                        if i != j and i != k and j != k and l[i] + l[j] + l[k] == 0:
                            return True
            return False
        """, "no evidence the items are ints", "(l: list[float], t: int)"),
        # strs: concatenation is not commutative
        ("""
        def f(l, t):
            for i in range(len(l)):
                for j in range(len(l)):
                    if i != j and l[i] + l[j] == "ab":
                        return True
            return False
        """, "no evidence the items are ints", "(l: list[str], t: int)"),
        # a guard missing: l[i] + l[i] + l[k] counts too
        ("""
        def f(l, t):
            for i in range(len(l)):
                for j in range(len(l)):
                    for k in range(len(l)):
                        if i != j and j != k and l[i] + l[j] + l[k] == 0:
                            return True
            return False
        """, "no candidate"),
        # not symmetric: a difference, or the indexes themselves read
        ("""
        def f(l, t):
            for i in range(len(l)):
                for j in range(len(l)):
                    if i != j and l[i] - l[j] == t:
                        return True
            for i in range(len(l)):
                for j in range(len(l)):
                    if i != j and l[i] + l[j] == t and i < t:
                        return True
            return False
        """, "no candidate"),
        # the result tells which pair: returns the indexes
        ("""
        def f(l, t):
            for i in range(len(l)):
                for j in range(len(l)):
                    if i != j and l[i] + l[j] == t:
                        return i
            return -1
        """, "no candidate"),
        # the index is read after the loops
        ("""
        def f(l, t):
            for i in range(len(l)):
                for j in range(len(l)):
                    if i != j and l[i] + l[j] == t:
                        return True
            return j
        """, "is used outside the loop"),
        # the sum compared with a name of unknown type (its __eq__ may count calls)
        ("""
        def f(l, t):
            u = t
            for i in range(len(l)):
                for j in range(len(l)):
                    if i != j and l[i] + l[j] == g:
                        return True
            return False
        g = 3
        """, "may be unbound"),
        # a shadowed range
        ("""
        range = lambda n: [0, 1]
        def f(l, t):
            for i in range(len(l)):
                for j in range(len(l)):
                    if i != j and l[i] + l[j] == t:
                        return True
            return False
        """, "range is shadowed"),
    ]
