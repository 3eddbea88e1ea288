from semforge.transforms.testing import RuleTestCase


class TestSplitChainedComparison(RuleTestCase):
    RULE = "split-chained-comparison"
    CASES = [
        (
            """
            def f(lo, x, hi):
                if lo <= x < hi:
                    return 1
                return 0 < 5 <= hi
            """,
            """
            def f(lo, x, hi):
                if lo <= x and x < hi:
                    return 1
                return 0 < 5 <= hi
            """,
        ),
        (  # inside another expression the `and` is parenthesized; longer chains split once
            """
            def f(a, b, c, d):
                y = not a < b < c
                return g(a < b < c < d)
            """,
            """
            def f(a, b, c, d):
                y = not (a < b and b < c)
                return g((a < b and b < c < d))
            """,
        ),
    ]
    UNTOUCHED = [
        # the middle operand is a call: it would be evaluated twice
        ("""
        def f(a, c):
            return a < g() < c
        """, "an operand read twice is not a name or literal"),
        # attribute and subscript reads may run user code
        ("""
        def f(a, o, c):
            return a < o.x < c and a < o[0] < c
        """, "an operand read twice is not a name or literal"),
        # a module-level name could be rebound by a user __lt__ between the two reads
        ("""
        b = 3
        def f(a, c):
            return a < b < c
        """, "'b' is a global, builtin or closure variable"),
        ("""
        x = lo < mid < hi
        """, "'mid' is not a local of a function"),
        # global / nonlocal declarations
        ("""
        def f(a, c):
            global b
            return a < b < c
        """, "'b' is not a local of a function"),
        ("""
        def outer():
            b = 1
            def inner(a, c):
                return a < b < c
            return inner
        """, "'b' is a global, builtin or closure variable"),
        ("""
        def f(a, b, c):
            def g():
                nonlocal b
                b = 0
            return a < b < c
        """, "'b' is global or nonlocal"),
        # exec may see and rebind locals
        ("""
        def f(a, b, c):
            exec("b = 1")
            return a < b < c
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        # a walrus in the middle
        ("""
        def f(a, c):
            return a < (b := g()) < c
        """, "an operand read twice is not a name or literal"),
        # a single comparison
        ("""
        def f(a, b):
            return a < b
        """, "no candidate"),
    ]
