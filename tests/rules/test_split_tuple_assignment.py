"""Fixtures for split-tuple-assignment."""

from semforge.transforms.testing import RuleTestCase


class TestSplitTupleAssignment(RuleTestCase):
    RULE = "split-tuple-assignment"
    CASES = [
        (
            """
            def fib(n):
                a, b = 0, 1
                for _ in range(n):
                    a, b = b, a + b
                return a
            """,
            """
            def fib(n):
                a = 0
                b = 1
                for _ in range(n):
                    a, b = b, a + b
                return a
            """,
        ),
        (
            """
            def f(xs):
                [lo, hi] = 0, len(xs) - 1  # bounds
                first, rest = xs[0], lo
                return lo, hi, first, rest
            """,
            """
            def f(xs):
                lo = 0
                hi = len(xs) - 1  # bounds
                first = xs[0]
                rest = lo
                return lo, hi, first, rest
            """,
        [[[1, 2, 3]], [[5]], ["abc"], [(4, 5)]],
        ),
    ]
    UNTOUCHED = [
        # a swap: the second value reads the first target
        ("def f(a, b):\n    a, b = b, a\n    return a, b\n", "a value reads a name assigned before it"),
        # a later value may raise and the exception be caught: `a` would be half-assigned
        ("""
        def f(s):
            a = 0
            try:
                a, b = 1, int(s)
            except ValueError:
                return a
            return a + b
        """, "inside try/with"),
        # `with` may swallow exceptions
        ("""
        def f(cm, s):
            with cm:
                a, b = 1, int(s)
            return a
        """, "inside try/with"),
        # a closure could observe the intermediate state
        ("""
        def f(g):
            peek = lambda: a
            a, b = 1, g(peek)
            return a, b
        """, "a name is used by a nested scope or declared global/nonlocal"),
        # a lazy generator reads `a` when the second value consumes it
        ("""
        def f(xs):
            a = 0
            gen = (a for _ in xs)
            a, b = 1, list(gen)
            return b
        """, "a name is used by a nested scope or declared global/nonlocal"),
        # global / nonlocal names, and exec/locals()
        ("def f():\n    global a\n    a, b = 1, 2\n", "a name is used by a nested scope or declared global/nonlocal"),
        ("def f():\n    a, b = 1, 2\n    return locals()\n", "the function uses exec/eval/locals()/vars()/super() or similar"),
        # module level and class bodies: other code can observe names
        ("a, b = 1, 2\n", "not in a function's own body"),
        ("class C:\n    a, b = 1, 2\n", "not in a function's own body"),
        # starred, unequal lengths, attribute targets, repeated names
        ("def f(t):\n    a, *b = 1, 2, 3\n", "targets and values differ in number"),
        ("def f(t):\n    a, b = t\n", "no candidate"),
        ("def f(o):\n    o.a, o.b = 1, 2\n", "a target is not a plain name"),
        ("def f():\n    a, a = 1, 2\n", "a name is assigned twice"),
    ]
