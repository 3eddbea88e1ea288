from semforge.transforms.testing import RuleTestCase


class TestAnyAllBuiltinToLoop(RuleTestCase):
    RULE = "any-all-builtin-to-loop"
    CASES = [("""
def f(l):
    return any(l[i] + l[j] == 0 for i in range(len(l)) if l[i] for j in range(i + 1, len(l)))
""", """
def f(l):
    for i in range(len(l)):
        if l[i]:
            for j in range(i + 1, len(l)):
                if l[i] + l[j] == 0:
                    return True
    return False
""", [[[1, -1]], [[0, 0]], [[]], [[3, 1, -3, 2]]]), ("""
def f(a):
    return not (a < 2 or any(a % x == 0 for x in range(2, int(a ** 0.5) + 1)))
""", """
def f(a):
    if a < 2:
        return False
    for x in range(2, int(a ** 0.5) + 1):
        if a % x == 0:
            return False
    return True
""", [[1], [2], [9], [13], [-4], [0], [97]]), ("""
def f(xs, k):
    return k > 0 and all(x < k for x in xs)
""", """
def f(xs, k):
    if k <= 0:
        return False
    for x in xs:
        if not (x < k):
            return False
    return True
""", [[[1, 2], 3], [[], 0], [[5], 4], [[], 2]]), ("""
def f(words_in: list[str], n):
    words = tuple("".join([v]) for v in words_in)
    return all(w.isalpha() or n for w in words if w)
""", """
def f(words_in: list[str], n):
    words = tuple("".join([v]) for v in words_in)
    for w in words:
        if w:
            if not (w.isalpha() or n):
                return False
    return True
"""), (  # a plain iterable gets a fresh loop variable
            """
            def g(flags):
                item = 1
                return all(flags)
            """,
            """
            def g(flags):
                item = 1
                for item_1 in flags:
                    if not item_1:
                        return False
                return True
            """,
        ), ("""
def has_negative(n):
    return any(x - 3 < 0 for x in range(n))
""", """
def has_negative(n):
    for x in range(n):
        if x - 3 < 0:
            return True
    return False
""")]
    UNTOUCHED = [
        # `g or any(...)` returns g itself when it is true: only for a bool g
        ("""
        def f(xs, g):
            return g or any(x > 1 for x in xs)
        """, "no evidence the operand before any()/all() is a bool", "(xs: list[int], g: list[int])"),
        # under not, a deciding g is tested twice: only a builtin type's truth test is silent
        ("""
        def f(xs, g):
            return not (g or any(x > 1 for x in xs))
        """, "no evidence of the type of the operand", "(xs: list[int], g)"),
        # a recursive function: the rewrite adds or removes a frame per level, so a deep recursion
        # hits the limit at another depth (tests/rules/test_review_contexts.py)
        ("""
        def deep(n, k):
            if n:
                return deep(n - 1, k)
            return any(x > 3 for x in range(k))
        """, 'may be recursive'),
        # the generator variable is also a name of the function (global read, local, param)
        ("""
        def f(xs):
            print(x)
            return any(x for x in xs)
        """, "a loop variable is used outside the loop"),
        ("""
        def f(x):
            return any(x for x in x)
        """, "a loop variable is used outside the loop"),
        # two for clauses, list comprehensions (already fully evaluated), not a return
        ("""
        def f(xs, ys):
            return any(x == y for x in xs for y in ys)
        def g(xs):
            return all([x for x in xs])
        def h(xs):
            ok = any(x for x in xs)
            return ok
        """, "may run user code"),
        # an inner iterable reading its own loop's variable
        ("""
        def f(n):
            j = 2
            return any(i == j for i in range(n) for j in range(j))
        """, "an iterable reads its own or a later loop variable"),
        # a maybe-unbound local, await, module level, shadowed builtins
        ("""
        def f(xs, flag):
            if flag:
                k = 1
            return any(x > k for x in xs)
        """, "local 'k' may be unbound"),
        ("""
        async def f(xs, check):
            return any([await check(x) for x in xs])
        """, "yield, await, walrus, lambda or comprehension in the moved code"),
        ("""
        ok = any(x for x in [1])
        """, "no candidate"),
        ("""
        from funcy import all
        def f(xs):
            return all(x for x in xs)
        """, "all is shadowed"),("""
def has_negative(xs):
    return any(x < 0 for x in xs)
""", "moved code may run user code"), ("""
def f(words: list[str], n):
    return all(w.isalpha() or n for w in words if w)
""", 'annotation is not evidence')
    ]


class TestAnyAllBuiltinIterableReadsTarget(RuleTestCase):
    RULE = "any-all-builtin-to-loop"
    CASES = [("""
def has_negative(n):
    return any(x - 3 < 0 for x in range(n))
""", """
def has_negative(n):
    for x in range(n):
        if x - 3 < 0:
            return True
    return False
""")]
    UNTOUCHED = [
        ("""
        def f():
            return any(x for x in x)
        """, "a loop variable is used outside the loop"),("""
def has_negative(xs):
    return any(x < 0 for x in xs)
""", "moved code may run user code")
    ]


class TestAnyAllBuiltinStopIteration(RuleTestCase):
    """``any(next(it) for ...)`` raises RuntimeError; a loop would raise StopIteration."""

    RULE = "any-all-builtin-to-loop"
    CASES = [("""
def has_negative(n):
    return any(x - 3 < 0 for x in range(n))
""", """
def has_negative(n):
    for x in range(n):
        if x - 3 < 0:
            return True
    return False
""")]
    UNTOUCHED = [
        ("""
        def f(xs, it):
            return any(next(it) == x for x in xs)
        """, "moved code may run user code"),
        ("""
        def f(xs):
            return all(check(x) for x in xs)
        """, "moved code may run user code"),("""
def has_negative(xs):
    return any(x < 0 for x in xs)
""", "moved code may run user code")
    ]
