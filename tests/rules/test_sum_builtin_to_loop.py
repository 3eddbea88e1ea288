from semforge.transforms.testing import RuleTestCase


class TestSumBuiltinToLoop(RuleTestCase):
    RULE = "sum-builtin-to-loop"
    CASES = [
        ("""
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    s = sum(x * x for x in xs if x > 0)
    return s
""", """
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    s = 0
    for x in xs:
        if x > 0:
            s += x * x
    return s
"""),
        (  # a return, a plain iterable with int items, a list comprehension, two conditions
            """
            def g(n: int, s: str):
                a = sum(range(n))
                return sum([int(c) for c in s if c.isdigit() if c != '0']) + a
            """,
            """
            def g(n: int, s: str):
                a = 0
                for item in range(n):
                    a += item
                return sum([int(c) for c in s if c.isdigit() if c != '0']) + a
            """,
        ),
        ("""
def h(s_in: str, k_in: int):
    s = "".join([s_in])
    k = int(k_in)
    return sum(ord(c) % k for c in s)
""", """
def h(s_in: str, k_in: int):
    s = "".join([s_in])
    k = int(k_in)
    total = 0
    for c in s:
        total += ord(c) % k
    return total
"""),
    ]
    UNTOUCHED = [
        # a recursive function: the rewrite adds or removes a frame per level, so a deep recursion
        # hits the limit at another depth (tests/rules/test_review_contexts.py)
        ("""
        def size(t):
            return sum([int(size(c)) for c in t])
        """, 'may be recursive'),
        # floats (compensated summation in 3.12) and items of unknown type
        ("""
        def f(xs: list[float], ys):
            return sum(xs), sum(y for y in ys)
        """, "no candidate"),
        ("""
        def f(xs: list[float]):
            return sum(xs)
        """, "no evidence that the items are ints"),
        # the comprehension variable is also a name of the function
        ("""
        def f(xs: list[int]):
            x = 5
            s = sum(x for x in xs)
            return s + x
        """, "a loop variable is used outside the loop"),
        ("""
        def f(x: list[int]):
            return sum(x for x in x)
        """, "a loop variable is used outside the loop"),
        # the accumulator appears in the generator, is global, or is seen by a closure
        ("""
        def f(s: list[int]):
            s = sum(v for v in s)
            return s
        """, "the argument reads the assigned name"),
        ("""
        def f(xs: list[int]):
            global t
            t = sum(xs)
        """, "'t' is global or nonlocal"),
        # inside try: a partial sum would be visible to the handler
        ("""
        def f(xs: list[int]):
            s = -1
            try:
                s = sum(10 // x for x in xs)
            except ZeroDivisionError:
                pass
            return s
        """, "inside try/with"),
        # two for clauses, a start argument, module level, a shadowed sum
        ("""
        def f(xs: list[int], ys: list[int]):
            return sum(x * y for x in xs for y in ys), sum(xs, 10)
        """, "no candidate"),
        ("""
        total = sum(range(10))
        """, "not in a function's own scope"),
        ("""
        sum = len
        def f(xs: list[int]):
            return sum(xs)
        """, "sum is shadowed"),
        # a local that may be unbound when read in the generator
        ("""
        def f(xs: list[int], flag):
            if flag:
                k = 3
            return sum(x * k for x in xs)
        """, "local 'k' may be unbound"),("""
def f(xs: list[int]):
    s = sum(x * x for x in xs if x > 0)
    return s
""", 'annotation is not evidence'), ("""
def h(s: str, k: int):
    return sum(ord(c) % k for c in s)
""", 'annotation is not evidence')
    ]


class TestSumBuiltinToLoopComparisons(RuleTestCase):
    """Comparisons count as ints (bools) only when they always return a bool."""

    RULE = "sum-builtin-to-loop"
    CASES = [
        ("""
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    return sum(x > 0 for x in xs)
""", """
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    total = 0
    for x in xs:
        total += x > 0
    return total
"""),
    ]
    UNTOUCHED = [
        # list < list returns whatever the items' < returns
        ("""
        def f(pairs: list[list]):
            return sum(p < [1] for p in pairs)
        """, "no evidence that the items are ints"),("""
def f(xs: list[int]):
    return sum(x > 0 for x in xs)
""", 'annotation is not evidence')
    ]


class TestSumBuiltinToLoopIterableReadsTarget(RuleTestCase):
    """``sum(x for x in x)`` reads a global ``x``; a loop ``for x in x`` would read an unbound
    local."""

    RULE = "sum-builtin-to-loop"
    CASES = [("""
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    return sum(x > 0 for x in xs)
""", """
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    total = 0
    for x in xs:
        total += x > 0
    return total
""")]
    UNTOUCHED = [
        ("""
        x: list[int] = [1, 2]
        def f():
            return sum(len(str(x)) for x in x)
        """, "a loop variable is used outside the loop"),("""
def f(xs: list[int]):
    return sum(x > 0 for x in xs)
""", 'annotation is not evidence')
    ]


class TestSumBuiltinToLoopLineBreaks(RuleTestCase):
    """Line breaks legal inside the call's brackets stay legal in the loop."""

    RULE = "sum-builtin-to-loop"
    CASES = [
        ("""
def f(xs_in: list[int], k_in: int):
    xs = tuple(int(v) for v in xs_in)
    k = int(k_in)
    return sum(x +
        k for x in xs if (x >
        0))
""", """
def f(xs_in: list[int], k_in: int):
    xs = tuple(int(v) for v in xs_in)
    k = int(k_in)
    total = 0
    for x in xs:
        if (x >
            0):
            total += (x +
                k)
    return total
"""),
    ]
    UNTOUCHED = [("""
def f(xs: list[int], k: int):
    return sum(x +
        k for x in xs if (x >
        0))
""", 'annotation is not evidence')]


class TestSumBuiltinToLoopStopIteration(RuleTestCase):
    """From a generator only StopIteration-safe calls move; a list comprehension is free."""

    RULE = "sum-builtin-to-loop"
    CASES = [
        (
            """
            def f(xs: list[int]):
                return sum([int(weight(x)) for x in xs])
            """,
            """
            def f(xs: list[int]):
                total = 0
                for x in xs:
                    total += int(weight(x))
                return total
            """,
        ),
    ]
    UNTOUCHED = [
        ("""
        def f(xs: list[int]):
            return sum(int(weight(x)) for x in xs)
        """, "moved code may run user code"),
    ]


class TestSumOfFilter(RuleTestCase):
    """``filter`` yields the items of its iterable; a lambda there stays where it was (the
    argument becomes the loop's iterable, evaluated once in the same scope)."""

    RULE = "sum-builtin-to-loop"
    DOMAIN = "(arr: list[int], k: int)"
    CASES = [
        (
            """
            def f(arr, k):
                return sum(filter(lambda x: x % 3 <= 1, arr[:k]))
            """,
            """
            def f(arr, k):
                total = 0
                for item in filter(lambda x: x % 3 <= 1, arr[:k]):
                    total += item
                return total
            """,
            [[[1, 2, 3, 4], 3], [[], 0]],
        ),
    ]
    UNTOUCHED = [
        # filter of floats: sum's order may differ (compensated)
        ("""
        def f(arr, k):
            return sum(filter(lambda x: x > 0, arr))
        """, "no evidence that the items are ints", "(arr: list[float], k: int)"),
        # a filter of the module's own may yield anything
        ("""
        filter = map
        def f(arr, k):
            return sum(filter(str, arr))
        """, "no evidence that the items are ints"),
    ]
