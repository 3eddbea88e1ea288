from semforge.transforms.testing import RuleTestCase


class TestSubscriptLambdaToGetitem(RuleTestCase):
    RULE = "subscript-lambda-to-getitem"
    CASES = [
        (  # HumanEval/19's shape: sort words by a dict of ranks (a missing word: KeyError both)
            """
            def f(numbers):
                to_int = {'zero': 0, 'one': 1, 'two': 2}
                if numbers == "": return ""
                return " ".join(sorted(numbers.split(" "), key=lambda n: to_int[n]))
            """,
            """
            def f(numbers):
                to_int = {'zero': 0, 'one': 1, 'two': 2}
                if numbers == "": return ""
                return " ".join(sorted(numbers.split(" "), key=to_int.__getitem__))
            """,
            [["two zero one"], [""], ["one"], ["three one"]],
        ),
        (  # a dict filled after its display (mutation is seen by the bound method too), max/min
            # key=, map over a list display, filter over a str; an index error both ways
            """
            def f(xs):
                counts = {}
                for x in xs:
                    counts[x] = counts.get(x, 0) + 1
                names = ["zero", "one", "two"]
                flags = "ab"
                top = max(counts, key=lambda k: counts[k], default=None)
                low = min(xs, key=lambda k: counts[k], default=None)
                return top, low, list(map(lambda i: names[i], xs)), list(filter(lambda i: flags[i], xs))
            """,
            """
            def f(xs):
                counts = {}
                for x in xs:
                    counts[x] = counts.get(x, 0) + 1
                names = ["zero", "one", "two"]
                flags = "ab"
                top = max(counts, key=counts.__getitem__, default=None)
                low = min(xs, key=counts.__getitem__, default=None)
                return top, low, list(map(names.__getitem__, xs)), list(filter(flags.__getitem__, xs))
            """,
            [[[0, 1, 1]], [[]], [[1, 0, 1, 0, 0]], [[2]], [[5]]],
        ),
        (  # a parameter of the domain's exact type, never bound again: the argsort idiom
            """
            def f(arr):
                order = sorted(range(len(arr)), key=lambda i: arr[i])
                return order, max(range(len(arr)), key=lambda i: arr[i], default=-1)
            """,
            """
            def f(arr):
                order = sorted(range(len(arr)), key=arr.__getitem__)
                return order, max(range(len(arr)), key=arr.__getitem__, default=-1)
            """,
            [[[3, 1, 2]], [[]], [[1.5, float("nan"), -0.0, 0.0]]],
        ),
    ]
    UNTOUCHED = [
        # rebound after the lambda is made (map is lazy: the lambda reads the new dict)
        ("""
        def f(xs):
            d = {1: 2}
            it = map(lambda k: d[k], xs)
            d = {1: 3}
            return list(it)
        """, "not bound once"),
        # bound only on one path: an empty iteration never runs the lambda, but the bound
        # method would be looked up at once (UnboundLocalError)
        ("""
        def f(xs, flag):
            if flag:
                d = {1: 2}
            return sorted(xs, key=lambda k: d[k])
        """, "not bound once"),
        # a parameter of no known type, or bound again, or a call's result: of any type (an
        # empty xs never looks __getitem__ up)
        ("""
        def f(xs, d):
            return sorted(xs, key=lambda k: d[k])
        """, "no evidence d is a dict"),
        ("""
        def f(xs, d):
            d = dict(d)
            return sorted(xs, key=lambda k: d[k])
        """, "d is a parameter bound again", "(xs: list[int], d: dict[int, int])"),
        ("""
        def f(xs):
            d = dict(a=1)
            return sorted(xs, key=lambda k: d[k])
        """, "not bound once, by a display"),
        # rebound by a nested function (nonlocal) or deleted
        ("""
        def f(xs):
            d = {1: 2}
            def g():
                nonlocal d
                d = {}
            return sorted(xs, key=lambda k: (g(), d[k])[1])
        """, "no candidate"),
        ("""
        def f(xs):
            d = {1: 2, 2: 1}
            def g(k):
                nonlocal d
                d = {1: 0, 2: 0}
                return k
            return sorted(map(g, xs), key=lambda k: d[k])
        """, "rebound out of sight"),
        ("""
        def f(xs):
            d = {1: 2}
            r = sorted(xs, key=lambda k: d[k])
            del d
            return r
        """, "not bound once"),
        # a global: any call may rebind it
        ("""
        D = {1: 2}
        def f(xs):
            return sorted(xs, key=lambda k: D[k])
        """, "D is not bound once"),
        # not one plain index of another name
        ("""
        def f(xs):
            d = {1: 2}
            return sorted(xs, key=lambda k: d[k:]), sorted(xs, key=lambda k: d[k, 0]), \\
                sorted(xs, key=lambda k: d[k + 1])
        """, "no candidate"),
        # a shadowed consumer, and a module that can rebind builtins
        ("""
        sorted = lambda xs, key: [key(x) for x in xs]
        def f(xs):
            d = {1: 2}
            return sorted(xs, key=lambda k: d[k])
        """, "no candidate"),
        ("""
        def f(xs):
            d = {1: 2}
            exec("pass")
            return sorted(xs, key=lambda k: d[k])
        """, "no candidate"),
        # recursion: one frame less per item moves the RecursionError
        ("""
        def f(xs, n):
            d = {1: 2}
            if n:
                return f(xs, n - 1)
            return sorted(xs, key=lambda k: d[k])
        """, "recursi"),
    ]
