from semforge.transforms.testing import RuleTestCase

NAN = float("nan")


class TestMinMaxPairToConditional(RuleTestCase):
    RULE = "min-max-pair-to-conditional"
    CASES = [
        (  # a literal second: the comparison is read from the local's side (no yoda condition)
            """
            def f(xs):
                n = len(xs)
                return max(n, 0) + min(n, 3)
            """,
            """
            def f(xs):
                n = len(xs)
                return (0 if n < 0 else n) + (3 if n > 3 else n)
            """,
        ),
        (  # a running minimum (HumanEval/114's loop)
            """
            def min_prefix(nums):
                s, ans = 0, 0
                for x in nums:
                    s += x
                    ans = min(ans, s)
                    if s >= 0:
                        s = 0
                return ans
            """,
            """
            def min_prefix(nums):
                s, ans = 0, 0
                for x in nums:
                    s += x
                    ans = s if s < ans else ans
                    if s >= 0:
                        s = 0
                return ans
            """,
            [[[1, -2, 3, -7]], [[]], [[2.5, NAN, -1.0]], [[-0.0, 0.0]], [["a"]],
             [[5]], [[-1, -1]], [[3, -4, 2, -9, 1]], [[-2.5, 1e308, -1e308]]],
        ),
        (  # max, a literal operand (negative too), and parentheses where the result is an operand
            """
            def depth(s, floor):
                best, cnt = 0, 0
                for ch in s:
                    cnt += 1 if ch == "(" else -1
                    best = max(best, cnt)
                return max(best, -1) * 2, [min(floor, 0.5), max(3, floor)]
            """,
            """
            def depth(s, floor):
                best, cnt = 0, 0
                for ch in s:
                    cnt += 1 if ch == "(" else -1
                    best = cnt if cnt > best else best
                return (-1 if best < -1 else best) * 2, [min(floor, 0.5), (floor if floor > 3 else 3)]
            """,
            [["(()(", 0], ["", NAN], [")))", 0.5], ["((", True]],
        ),
        (  # a parameter is certainly bound: the other local may be unbound, named alike
            """
            def pick(xs, limit):
                for x in xs:
                    if x:
                        seen = x
                    limit = min(seen, limit)
                return limit
            """,
            """
            def pick(xs, limit):
                for x in xs:
                    if x:
                        seen = x
                    limit = limit if limit < seen else seen
                return limit
            """,
            [[[0, 2], 5], [[3, 1, 0], 2], [[], 1], [["b", "a"], "c"]],
        ),
        (  # bound earlier in the loop body that holds the call (runs first in every pass)
            """
            def f(xss):
                out = []
                for xs in xss:
                    cnt, top = 0, 0
                    for x in xs:
                        cnt += x
                        top = max(top, cnt)
                    out.append(top)
                return out
            """,
            """
            def f(xss):
                out = []
                for xs in xss:
                    cnt, top = 0, 0
                    for x in xs:
                        cnt += x
                        top = cnt if cnt > top else top
                    out.append(top)
                return out
            """,
            [[[[1, -2, 3], [], [-1, 5]]], [[]], [[[2, 2]]]],
        ),
    ]
    UNTOUCHED = [
        # a call or an attribute: the conditional would evaluate it twice
        ("""
        def f(xs, a):
            return min(a, len(xs)), max(a, xs.n)
        """, "not a plain local or a literal"),
        # one argument (an iterable), keywords, a starred argument
        ("""
        def f(xs, a):
            return min(xs), max(xs, key=abs), min(a, *xs), max(a, xs, default=0)
        """, "no candidate"),
        # a global: the comparison's dunders could rebind it before it is read again
        ("""
        LIMIT = 3
        def f(a):
            return min(a, LIMIT)
        """, "not a local"),
        # a local a nested function can rebind (nonlocal) from inside the comparison
        ("""
        def f(x):
            best = 0
            def reset():
                nonlocal best
                best = 100
            x.cb = reset
            best = min(best, x)
            return best
        """, "global or nonlocal"),
        ("""
        def f(x, y):
            key = lambda: y
            return max(x, y), key
        """, "seen by a nested function"),
        # both may be unbound: min reads a first, the conditional b first
        ("""
        def f(xs):
            for x in xs:
                if x:
                    a = x
                else:
                    b = x
                c = min(a, b)
            return c
        """, "neither argument is certainly bound"),
        # a recursion that can run through the comparison (a dunder of the module's own)
        ("""
        class Node:
            def __init__(self, kids):
                self.kids = kids
            def __lt__(self, other):
                return deepest(self.kids, other) < 0
        def deepest(a, b):
            return min(a, b)
        """, "recursi"),
        # min rebound in the module
        ("""
        min = lambda a, b: a
        def f(a, b):
            return min(a, b)
        """, "min is shadowed"),
        # frames and locals() can see the names; builtins can be rebound at run time
        ("""
        def f(a, b):
            print(locals())
            return max(a, b)
        """, "rebind builtins at run time"),
        ("""
        import builtins
        def f(a, b):
            return max(a, b)
        """, "rebind builtins at run time"),
        # module level and comprehensions: not a function's own locals
        ("""
        a, b = 1, 2
        c = max(a, b)
        def f(xs, b):
            return [min(x, b) for x in xs]
        """, "not in a function's own scope"),
        # bound earlier in the block, but a del elsewhere may unbind them
        ("""
        def f(xs):
            c = 0
            for x in xs:
                a, b = x, 1
                if x > 2:
                    del a, b
                    continue
                c = min(a, b)
            return c
        """, "neither argument is certainly bound"),
    ]
