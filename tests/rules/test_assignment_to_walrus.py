from semforge.transforms.testing import RuleTestCase


class TestAssignmentToWalrus(RuleTestCase):
    RULE = "assignment-to-walrus"
    CASES = [
        (
            """
            def f(xs, best):
                for a, b in zip(xs, xs[1:]):
                    diff = b - a

                    if diff < best:
                        best = diff
                parts = str(best).split(".")
                if len(parts) != 2:
                    return best, parts
                return diff
            """,
            """
            def f(xs, best):
                for a, b in zip(xs, xs[1:]):
                    if (diff := b - a) < best:
                        best = diff
                if len(parts := str(best).split(".")) != 2:
                    return best, parts
                return diff
            """,
            [[[3, 1, 2], 5], [[1.5, 2.0], 9.0]],
        ),
    ]
    UNTOUCHED = [
        # the name is not what the test evaluates first: y would be read before v runs
        ("""
        def f(y, g):
            x = g()
            if y < x:
                return x
        """, "no candidate"),
        # a conditional expression buries the test
        ("""
        def f(c, n):
            x = n + 1 if c else n - 1
            if x < 0:
                return x
        """, "reads badly"),
        # a long value buries it too
        ("""
        def f(word, n):
            cnt = len(list(filter(lambda ch: ch not in "aeiou", word)))
            if cnt == n:
                return word
        """, "too long"),
        # a comment on the assignment would be lost; module level; global names
        ("""
        x = 1
        if x > 0:
            pass
        def f(n):
            global y
            y = n  # the new value
            if y > 0:
                return y
            z = n
            if z:
                return z
        """, "a comment"),
        ("""
        def f(n):
            global y
            y = n
            if y > 0:
                return y
        """, "not a plain local of a function"),
        # a shadowed len: its lookup could run after v rebinds it
        ("""
        def f(s):
            parts = s.split()
            if len(parts) > 2:
                return parts
        len = print
        """, "no candidate"),
    ]
