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
        (  # the domain proves total values: len of a str, arithmetic on ints bound before
            """
            def f(s, n):
                size = len(s)
                half = n // 2
                rest = n - 1
                low = s.lower()
                return size, half, rest, low
            """,
            """
            def f(s, n):
                half = n // 2
                size = len(s)
                low = s.lower()
                rest = n - 1
                return size, half, rest, low
            """,
            [["Ab", 5], ["", -3]],
        ),
    ]
    UNTOUCHED = [
        # a total value over a name that may be unbound there (bound only in a branch)
        ("""
        def f(n, c):
            if c:
                m = 1
            a = n + 1
            b = m + 1
            return a, b
        """, "a value is not built from literals and parameters only", "(n: int, c: bool)"),
        # a division by zero raises: not total
        ("""
        def f(xs, n):
            k = n + 1
            size = len(xs) // 0
            return k, size
        """, "a value is not built from literals and parameters only", "(xs: list[int], n: int)"),
        # the second reads what the first writes
        ("""
        def f(n):
            a = n
            b = a
            return b
        """, "a value is not built from literals and parameters only"),
        # the same target twice
        ("""
        def f():
            a = 1
            a = 2
            return a
        """, "both assign the same name"),
        # calls, operators, attributes and subscripts may run user code or raise
        ("""
        def f(xs, n):
            a = len(xs)
            b = n + 1
            c = xs.y
            d = xs[0]
            e = 1
        """, "a value is not built from literals and parameters only"),
        # a name that is not a parameter may be unbound (the error would change)
        ("""
        def f(n):
            a = undefined_global
            b = n
        """, "a value is not built from literals and parameters only"),
        # a deleted parameter may be unbound
        ("""
        def f(n, m):
            del n
            a = n
            b = m
        """, "a value is not built from literals and parameters only"),
        # global targets, exec/locals
        ("""
        def f():
            global a
            a = 1
            b = 2
        """, "a target is global or nonlocal"),
        ("""
        def f():
            a = 1
            b = 2
            return locals()
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        # comments stay with their statements: not moved
        ("""
        def f():
            # first
            a = 1
            b = 2
        """, "a comment would move with the statements"),
        # module level
        ("""
        a = 1
        b = 2
        """, "no candidate"),
        # tuple targets, augmented and annotated assignments
        ("""
        def f():
            a, b = 1, 2
            c += 1
            d: int = 3
            e = 4
        """, "no candidate"),
    ]
