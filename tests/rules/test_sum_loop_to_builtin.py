from semforge.transforms.testing import RuleTestCase


class TestSumLoopToBuiltin(RuleTestCase):
    RULE = "sum-loop-to-builtin"
    CASES = [
        ("""
def total(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    acc = 0
    for x in xs:
        acc += x
    return acc
""", """
def total(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    acc = sum(xs)
    return acc
"""),
        ("""
def count_digits(s_in: str, k_in: int):
    s = "".join([s_in])
    k = int(k_in)
    n = 0
    for c in s:
        if c.isdigit():
            n += int(c) * k
    return n
""", """
def count_digits(s_in: str, k_in: int):
    s = "".join([s_in])
    k = int(k_in)
    n = sum([int(c) * k for c in s if c.isdigit()])
    return n
"""),
        (  # bools count as ints; a loop in a nested block; an iterable that needs parentheses
            """
            def f(n: int, a: list[int], b: list[int], flag):
                if n:
                    hits = 0
                    for i in range(n):
                        hits += i % 3 == 0
                    big = 0
                    for j in a if flag else b:
                        big += len(str(j))
                    return hits, big
            """,
            """
            def f(n: int, a: list[int], b: list[int], flag):
                if n:
                    hits = sum([i % 3 == 0 for i in range(n)])
                    big = sum([len(str(j)) for j in (a if flag else b)])
                    return hits, big
            """,
        ),
        (  # bodies written on their header's line
            """
            def f(txt: str):
                cnt = 0
                for ch in txt:
                    if ch.islower() and ord(ch) % 2 == 1: cnt += 1
                total = 0
                for c in txt: total += ord(c)
                return cnt, total
            """,
            """
            def f(txt: str):
                cnt = sum([1 for ch in txt if ch.islower() and ord(ch) % 2 == 1])
                total = sum([ord(c) for c in txt])
                return cnt, total
            """,
        ),        (  # the accumulator starts in a tuple assignment: the other names keep theirs
            """
            def f(arr):
                rev, cnt = arr[::-1], 0
                for i in range(len(arr) // 2):
                    if arr[i] != rev[i]:
                        cnt += 1
                k, n, m = 2, 0, len(arr)
                for x in arr:
                    n += k * x
                return cnt, n, m
            """,
            """
            def f(arr):
                rev = arr[::-1]
                cnt = sum([1 for i in range(len(arr) // 2) if arr[i] != rev[i]])
                k, m = 2, len(arr)
                n = sum([k * x for x in arr])
                return cnt, n, m
            """,
            [[[1, 2, 3, 1]], [[]], [[4, 5, 5, 4]]],
        ),
    ]
    UNTOUCHED = [
        # a recursive function: the rewrite adds or removes a frame per level, so a deep recursion
        # hits the limit at another depth (tests/rules/test_review_contexts.py)
        ("""
        def size(t):
            acc = 0
            for c in t:
                acc += int(size(c))
            return acc + 1
        """, 'may be recursive'),
        # the frame is inspected by name; yield inside the moved expression
        ("""
        def f(xs: list[int]):
            s = 0
            for x in xs:
                s += x
            return locals()
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        ("""
        def f(xs: list[int]):
            s = 0
            for x in xs:
                s += (yield x)
            return s
        """, "yield, await, walrus, lambda or comprehension in the moved code"),
        # floats: Python 3.12's sum() is compensated, the loop is not; unknown items
        ("""
        def f(xs: list[float], ys):
            s = 0
            for x in xs:
                s += x
            t = 0
            for y in ys:
                t += y
            return s, t
        """, "no evidence that the added items are ints"),
        # the loop variable is read after the loop
        ("""
        def f(xs: list[int]):
            s = 0
            for x in xs:
                s += x
            return s, x
        """, "a loop variable is used outside the loop"),
        # inside try: a half-summed accumulator is visible to the handler
        ("""
        def f(xs: list[int]):
            s = 0
            try:
                s = 0
                for x in xs:
                    s += 10 // x
            except ZeroDivisionError:
                return s
            return s
        """, "inside try/with"),
        # the accumulator is read in the loop, or by a closure, or is global
        ("""
        def f(xs: list[int]):
            s = 0
            for x in xs:
                s += x + s
            return s
        def g(xs: list[int]):
            s = 0
            get = lambda: s
            for x in xs:
                s += x
            return get()
        def h(xs: list[int]):
            global s
            s = 0
            for x in xs:
                s += x
        """, "the accumulator is read in the loop"),
        # another local read in the body might be unbound (UnboundLocalError vs NameError)
        ("""
        def f(xs: list[int], flag):
            if flag:
                k = 2
            s = 0
            for x in xs:
                s += x * k
            return s
        """, "local 'k' may be unbound"),
        # other body shapes: else clauses, extra statements, elif, a non-zero start, -=
        ("""
        def f(xs: list[int]):
            s = 0
            for x in xs:
                s += x
            else:
                s = -1
            t = 0
            for x in xs:
                t += x
                print(t)
            u = 1
            for x in xs:
                u += x
            v = 0
            for x in xs:
                v -= x
            w = 0
            for x in xs:
                if x:
                    w += x
                else:
                    w += 1
            return s, t, u, v, w
        """, "the loop has an else clause"),
        # module level, sum shadowed, await in the body
        ("""
        s = 0
        for x in range(3):
            s += x
        """, "no candidate"),
        ("""
        def sum(xs):
            return 0
        def f(xs: list[int]):
            s = 0
            for x in xs:
                s += x
            return s
        """, "sum is shadowed"),
        ("""
        async def f(xs: list[int], g):
            s = 0
            for x in xs:
                s += await g(x)
            return s
        """, "yield, await, walrus, lambda or comprehension in the moved code"),("""
def total(xs: list[int]):
    acc = 0
    for x in xs:
        acc += x
    return acc
""", 'annotation is not evidence'), ("""
def count_digits(s: str, k: int):
    n = 0
    for c in s:
        if c.isdigit():
            n += int(c) * k
    return n
""", 'annotation is not evidence')
    ]


class TestSumLoopToBuiltinHiddenLocals(RuleTestCase):
    """A match capture is a local that may be unbound, like any other assignment."""

    RULE = "sum-loop-to-builtin"
    CASES = [
        ("""
def f(xs_in: list[int], k_in: int):
    xs = tuple(int(v) for v in xs_in)
    k = int(k_in)
    s = 0
    for x in xs:
        s += x * k
    return s
""", """
def f(xs_in: list[int], k_in: int):
    xs = tuple(int(v) for v in xs_in)
    k = int(k_in)
    s = sum([x * k for x in xs])
    return s
"""),
    ]
    UNTOUCHED = [
        ("""
        def f(xs: list[int], cmd):
            match cmd:
                case [k]:
                    pass
            s = 0
            for x in xs:
                s += x * len(k)
            return s
        """, "local 'k' may be unbound"),("""
def f(xs: list[int], k: int):
    s = 0
    for x in xs:
        s += x * k
    return s
""", 'annotation is not evidence')
    ]


class TestSumLoopToBuiltinIterableReadsTarget(RuleTestCase):
    """``for x in x`` with no other binding raises UnboundLocalError; ``sum(.. for x in x)``
    would read a global ``x`` instead."""

    RULE = "sum-loop-to-builtin"
    CASES = [("""
def f(xs_in: list[int], k_in: int):
    xs = tuple(int(v) for v in xs_in)
    k = int(k_in)
    s = 0
    for x in xs:
        s += x * k
    return s
""", """
def f(xs_in: list[int], k_in: int):
    xs = tuple(int(v) for v in xs_in)
    k = int(k_in)
    s = sum([x * k for x in xs])
    return s
""")]
    UNTOUCHED = [
        ("""
        def f():
            s = 0
            for x in x:
                s += len(str(x))
            return s
        """, "a loop variable is used outside the loop"),("""
def f(xs: list[int], k: int):
    s = 0
    for x in xs:
        s += x * k
    return s
""", 'annotation is not evidence')
    ]


class TestSumLoopToBuiltinItems(RuleTestCase):
    """Adding the items themselves becomes sum() over the iterable (kept a single argument)."""

    RULE = "sum-loop-to-builtin"
    CASES = [
        (
            """
            def f(n: int):
                s = 0
                for i in range(n):
                    s += i
                t = 0
                for k in 1, 2, 3:
                    t += k
                return s, t
            """,
            """
            def f(n: int):
                s = sum(range(n))
                t = sum((1, 2, 3))
                return s, t
            """,
        ),
    ]


class TestSumLoopOverFilter(RuleTestCase):
    """A lambda in the loop's iterable stays in the function's scope as the argument."""

    RULE = "sum-loop-to-builtin"
    DOMAIN = "(arr: list[int], k: int)"
    CASES = [
        (
            """
            def f(arr, k):
                total = 0
                for item in filter(lambda x: x % 3 <= 1, arr[:k]):
                    total += item
                return total
            """,
            """
            def f(arr, k):
                total = sum(filter(lambda x: x % 3 <= 1, arr[:k]))
                return total
            """,
            [[[1, 2, 3, 4], 3], [[], 0]],
        ),
    ]
    UNTOUCHED = [
        # a lambda in the added expression would move into a comprehension's scope
        ("""
        def f(arr, k):
            total = 0
            for x in arr:
                total += (lambda: x)()
            return total
        """, "yield, await, walrus, lambda"),
    ]
