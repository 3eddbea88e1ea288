from semforge.transforms.testing import RuleTestCase


class TestNameIntermediate(RuleTestCase):
    RULE = "name-intermediate"
    CASES = [
        (  # the left operand is computed first anyway; a builtin's argument comes first too
            """
            def f(s: str, c: str):
                # how many others
                return len(s.strip()) - s.count(c)
            """,
            """
            def f(s: str, c: str):
                # how many others
                length = len(s.strip())
                return length - s.count(c)
            """,
        ),
        (  # one per function; an assignment's value; a name in use gets a suffix
            """
            def g(xs: list):
                total = 2
                k = sorted(set(xs))[0] + total
                return xs[k % len(xs)] * 2 if xs else 0
            """,
            """
            def g(xs: list):
                total = 2
                element = sorted(set(xs))[0]
                k = element + total
                return xs[k % len(xs)] * 2 if xs else 0
            """,
        ),
    ]
    UNTOUCHED = [
        # the whole value (`t = e; return t` is noise), a bare name, a method's object first
        ("""
        def f(a, b):
            x = max(a, b)
            return a
        """, "no candidate"),
        # a user function is looked up before its arguments: they cannot move before it
        ("""
        def f(s):
            return helper(s.strip())
        """, "no candidate"),
        ("""
        def f(s):
            return eval("s") + len(s)
        """, "exec/eval"),
    ]
