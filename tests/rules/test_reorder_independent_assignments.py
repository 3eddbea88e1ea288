from semforge.transforms.testing import RuleTestCase


class TestReorderIndependentAssignments(RuleTestCase):
    RULE = "reorder-independent-assignments"
    CASES = [
        (
            """
            def f(xs, n):
                count = 0
                seen = []
                pair = (xs, n)
                best = None

                lo = n
                hi = -1
                return count, seen, pair, best, lo, hi
            """,
            """
            def f(xs, n):
                seen = []
                count = 0
                best = None
                pair = (xs, n)

                hi = -1
                lo = n
                return count, seen, pair, best, lo, hi
            """,
        ),
    ]
    UNTOUCHED = [
        # the second reads what the first writes
        """
        def f(n):
            a = n
            b = a
            return b
        """,
        # the same target twice
        """
        def f():
            a = 1
            a = 2
            return a
        """,
        # calls, operators, attributes and subscripts may run user code or raise
        """
        def f(xs, n):
            a = len(xs)
            b = n + 1
            c = xs.y
            d = xs[0]
            e = 1
        """,
        # a name that is not a parameter may be unbound (the error would change)
        """
        def f(n):
            a = undefined_global
            b = n
        """,
        # a deleted parameter may be unbound
        """
        def f(n, m):
            del n
            a = n
            b = m
        """,
        # global targets, exec/locals
        """
        def f():
            global a
            a = 1
            b = 2
        """,
        """
        def f():
            a = 1
            b = 2
            return locals()
        """,
        # comments stay with their statements: not moved
        """
        def f():
            # first
            a = 1
            b = 2
        """,
        # module level
        """
        a = 1
        b = 2
        """,
        # tuple targets, augmented and annotated assignments
        """
        def f():
            a, b = 1, 2
            c += 1
            d: int = 3
            e = 4
        """,
    ]
