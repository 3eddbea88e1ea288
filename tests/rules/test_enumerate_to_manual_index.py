from semforge.transforms.testing import RuleTestCase


class TestEnumerateToManualIndex(RuleTestCase):
    RULE = "enumerate-to-manual-index"
    CASES = [
        (  # a generator expression moved into the loop header keeps parentheses
            """
            def f(lines):
                out = []
                for i, line in enumerate(l.strip() for l in lines):
                    out.append((i, line))
                return out
            """,
            """
            def f(lines):
                out = []
                idx = 0
                for line in (l.strip() for l in lines):
                    i = idx
                    idx += 1
                    out.append((i, line))
                return out
            """,
        ),
        (
            """
            def find(xs, target):
                # scan
                for i, x in enumerate(xs):
                    if x == target:
                        return i
                return -1
            """,
            """
            def find(xs, target):
                # scan
                idx = 0
                for x in xs:
                    i = idx
                    idx += 1
                    if x == target:
                        return i
                return -1
            """,
        ),
        (  # a start, continue/else, a one-line body, and a name `idx` already taken
            """
            def f(rows, idx):
                for (n, row) in enumerate(rows, start=1):
                    if not row:
                        continue
                    print(n, row, idx)
                else:
                    pass
                for k, v in enumerate(rows, -1): print(k)
            """,
            """
            def f(rows, idx):
                idx_1 = 1
                for row in rows:
                    n = idx_1
                    idx_1 += 1
                    if not row:
                        continue
                    print(n, row, idx)
                else:
                    pass
                idx_2 = -1
                for v in rows: k = idx_2; idx_2 += 1; print(k)
            """,
        ),
    ]
    UNTOUCHED = [
        # module level and class body: the counter would become a global / class attribute
        ("""
        for i, x in enumerate(xs):
            print(i, x)
        class C:
            for i, x in enumerate('ab'):
                pass
        """, "not in a function's own scope"),
        # a computed start would be evaluated before xs; a keyword other than start
        ("""
        def f(xs, s):
            for i, x in enumerate(xs, s):
                pass
            for i, x in enumerate(xs, begin=1):
                pass
            for i, x in enumerate(*xs):
                pass
        """, "enumerate() with arguments other than an iterable and an int literal start"),
        # targets that are not two distinct plain names
        ("""
        def f(xs, obj):
            for obj.i, x in enumerate(xs):
                pass
            for i, (a, b) in enumerate(xs):
                pass
            for i, i in enumerate(xs):
                pass
            for t in enumerate(xs):
                pass
        """, "loop target is not two distinct plain names"),
        # shadowed enumerate, locals() and async for
        ("""
        def enumerate(xs):
            return []
        def f(xs):
            for i, x in enumerate(xs):
                pass
        """, "enumerate is shadowed"),
        ("""
        def f(xs):
            for i, x in enumerate(xs):
                print(locals())
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        ("""
        async def f(xs):
            async for i, x in enumerate(xs):
                pass
        """, "async for loop"),
    ]


class TestEnumerateLineBreaks(RuleTestCase):
    RULE = "enumerate-to-manual-index"
    CASES = [
        (
            """
            def f(a, b):
                for i, x in enumerate(a +
                                      b):
                    print(i, x)
            """,
            """
            def f(a, b):
                idx = 0
                for x in (a +
                                      b):
                    i = idx
                    idx += 1
                    print(i, x)
            """,
        ),
    ]
