from semforge.transforms.testing import RuleTestCase


class TestLoopToListComp(RuleTestCase):
    RULE = "loop-to-list-comp"
    CASES = [
        (  # the list starts in a tuple assignment; the loop reads the other name
            """
            def f(arr):
                ys, ans = sorted(arr)[::-1], []
                for y in ys:
                    if 1 <= y <= 9:
                        ans.append(str(y))
                return ans
            """,
            """
            def f(arr):
                ys = sorted(arr)[::-1]
                ans = [str(y) for y in ys if 1 <= y <= 9]
                return ans
            """,
            [[[3, 12, 1]], [[]], [[9, 0, 5]]],
        ),
        (
            """
            def f(xs):
                acc = []
                for x in xs:
                    if x > 0:
                        acc.append(x * 2)
                return acc
            """,
            """
            def f(xs):
                acc = [x * 2 for x in xs if x > 0]
                return acc
            """,
        ),
        (  # nested loops and one-line suites; conditions stay attached to their loop
            """
            def f(lst, x):
                res = []
                for i, l in enumerate(lst):
                    if l:
                        for j in range(len(l)):
                            if l[j] == x: res.append((i, j))
                return res
            """,
            """
            def f(lst, x):
                res = [(i, j) for i, l in enumerate(lst) if l for j in range(len(l)) if l[j] == x]
                return res
            """,
        ),
        (  # loose iterables and conditions get parentheses
            """
            def f(a, b, c):
                out = []
                for v in a if c else b:
                    if (lambda: v)() if c else v:
                        out.append(v)
                return out
            """,
            """
            def f(a, b, c):
                out = [v for v in (a if c else b) if ((lambda: v)() if c else v)]
                return out
            """,
        ),
    ]
    UNTOUCHED = [
        # a recursive function: the rewrite adds or removes a frame per level, so a deep recursion
        # hits the limit at another depth (tests/rules/test_review_contexts.py)
        ("""
        def flat(t):
            out = []
            for c in t:
                out.append(flat(c))
            return out
        """, 'may be recursive'),
        # late binding: the lambdas of a loop share one cell per call, those of a comprehension
        # one per run of it (tests/rules/test_review_contexts.py)
        ("""
        def f(rows):
            fs = []
            for row in rows:
                out = []
                for x in row:
                    out.append(lambda: x)
                fs.append(out)
            return fs
        """, 'late binding'),
        # a local that may be unbound when the element reads it (UnboundLocalError in the
        # loop, NameError in a comprehension)
        ("""
        def f(xs, c):
            if c:
                k = 1
            acc = []
            for x in xs:
                acc.append(x + k)
            return acc
        """, "local 'k' may be unbound"),
        # the loop variable is read after the loop (the comprehension would not bind it)
        ("""
        def f(xs):
            acc = []
            for x in xs:
                acc.append(x)
            return acc, x
        """, "a loop variable is used outside the loop"),
        # the loop variable is a parameter / bound elsewhere
        ("""
        def f(xs, x):
            acc = []
            for x in xs:
                acc.append(x)
            return acc
        """, "a loop variable is used outside the loop"),
        # the body reads the accumulator while it grows
        ("""
        def f(xs):
            acc = []
            for x in xs:
                acc.append(len(acc) + x)
            return acc
        """, "the list is read in the loop"),
        # an exception midway leaves a partial list that a handler could see
        ("""
        def f(xs):
            acc = []
            try:
                for x in xs:
                    acc.append(1 / x)
            except ZeroDivisionError:
                pass
            return acc
        """, "no candidate"),
        ("""
        def f(xs, lock):
            acc = []
            with lock:
                for x in xs:
                    acc.append(g(x))
            return acc
        """, "no candidate"),
        # a closure sees the accumulator
        ("""
        def f(xs):
            acc = []
            peek = lambda: len(acc)
            for x in xs:
                acc.append(peek())
            return acc
        """, "no candidate"),
        # global accumulator
        ("""
        def f(xs):
            global acc
            acc = []
            for x in xs:
                acc.append(x)
        """, "the list or a loop variable is global or nonlocal"),
        # for-else, extra statements, non-empty start, if-else
        ("""
        def f(xs):
            acc = []
            for x in xs:
                acc.append(x)
            else:
                acc.append(0)
            return acc
        """, "the loop is not nested for/if around a lone `acc.append(e)`"),
        ("""
        def f(xs):
            acc = []
            for x in xs:
                acc.append(x)
                print(x)
            return acc
        """, "the loop is not nested for/if around a lone `acc.append(e)`"),
        ("""
        def f(xs):
            acc = [0]
            for x in xs:
                acc.append(x)
            return acc
        """, "no candidate"),
        ("""
        def f(xs):
            acc = []
            for x in xs:
                if x:
                    acc.append(x)
                else:
                    acc.append(-x)
            return acc
        """, "the loop is not nested for/if around a lone `acc.append(e)`"),
        # module level
        ("""
        acc = []
        for x in range(3):
            acc.append(x)
        """, "no candidate"),
        # walrus and yield
        ("""
        def f(xs):
            acc = []
            for x in xs:
                acc.append((y := x))
            return acc, y
        """, "walrus, yield or await in the moved code"),
        ("""
        def f(xs):
            acc = []
            for x in xs:
                acc.append((yield x))
            return acc
        """, "walrus, yield or await in the moved code"),
        # a comment would be lost
        ("""
        def f(xs):
            acc = []
            for x in xs:
                # keep
                acc.append(x)
            return acc
        """, "the loop is not nested for/if around a lone `acc.append(e)`"),
        # not append
        ("""
        def f(xs):
            acc = []
            for x in xs:
                acc.extend(x)
            return acc
        """, "the loop is not nested for/if around a lone `acc.append(e)`"),
        # exec sees names
        ("""
        def f(xs):
            acc = []
            for x in xs:
                acc.append(x)
            exec("print(x)")
            return acc
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
    ]
