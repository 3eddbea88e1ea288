from semforge.transforms.testing import RuleTestCase


class TestEnumerateToCounter(RuleTestCase):
    RULE = "enumerate-to-counter"
    CASES = [
        (
            """
            def f(xs):
                for i, x in enumerate(xs, start=-1):
                    if x: continue
                    i = 0
                else:
                    return i, x
            """,
            """
            def f(xs):
                piece = -1
                for x in xs:
                    i = piece
                    piece += 1
                    if x: continue
                    i = 0
                else:
                    return i, x
            """,
        ),
        (  # a generator argument gets its own parentheses
            """
            def f(ys):
                for (i, x) in enumerate(y * 2 for y in ys): print(i, x)
            """,
            """
            def f(ys):
                piece = 0
                for x in (y * 2 for y in ys):
                    i = piece
                    piece += 1
                    print(i, x)
            """,
        ),
    ]
    UNTOUCHED = [
        # module level and class bodies
        """
        for i, x in enumerate("ab"):
            pass
        """,
        # enumerate rebound
        """
        def enumerate(xs):
            return [(1, x) for x in xs]
        def f(xs):
            for i, x in enumerate(xs):
                print(i, x)
        """,
        """
        def f(xs, enumerate):
            for i, x in enumerate(xs):
                print(i, x)
        """,
        # the same name twice, nested unpacking, attribute targets
        """
        def f(xs):
            for x, x in enumerate(xs):
                print(x)
            for i, (a, b) in enumerate(xs):
                print(i, a, b)
            for i, self.x in enumerate(xs):
                pass
        """,
        # a start that is not an int literal (enumerate checks it)
        """
        def f(xs, s):
            for i, x in enumerate(xs, s):
                print(i, x)
            for i, x in enumerate(xs, 1.5):
                print(i, x)
        """,
        # starred arguments, async for, locals()
        """
        def f(args):
            for i, x in enumerate(*args):
                print(i, x)
        """,
        """
        async def f(xs):
            async for i, x in enumerate(xs):
                print(i, x)
        """,
        """
        def f(xs):
            for i, x in enumerate(xs):
                print(locals())
        """,
    ]
