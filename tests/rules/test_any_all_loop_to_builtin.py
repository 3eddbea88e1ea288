from semforge.transforms.testing import RuleTestCase


class TestAnyAllLoopToBuiltin(RuleTestCase):
    RULE = "any-all-loop-to-builtin"
    CASES = [("""
def has_big(n):
    for x in range(n):
        if x * x > 50:
            return True
    return False
""", """
def has_big(n):
    return any(x * x > 50 for x in range(n))
"""), ("""
def all_small(n):
    for x in range(n):
        if not x < 10:
            return False
    return True
""", """
def all_small(n):
    return all(x < 10 for x in range(n))
"""), ("""
def f(l):
    for i in range(len(l)):
        for j in range(i + 1, len(l)):
            if l[i] + l[j] == 0:
                return True
    return False
""", """
def f(l):
    return any(l[i] + l[j] == 0 for i in range(len(l)) for j in range(i + 1, len(l)))
""", [[[1, -1]], [[0]], [[]], [[3, 1, -3, 2]], [[0, 0]]]), ("""
def f(numbers):
    for first in range(len(numbers)):
        for second in range(len(numbers)):
            for third in range(len(numbers)):
                if first != second != third != first and numbers[first] + numbers[second] + numbers[third] == 0:
                    return True
    return False
""", """
def f(numbers):
    return any(first != second != third != first and numbers[first] + numbers[second] + numbers[third] == 0
               for first in range(len(numbers)) for second in range(len(numbers)) for third in range(len(numbers)))
""", [[[1, 2, -3]], [[0]], [[]], [[1, 1, -2]], [[5, -5, 0, 7]]])]
    UNTOUCHED = [
        # nested loops: an inner iterable reading its own loop's variable (the generator would
        # read its own, unbound one); two loops binding one name
        ("""
        def f(n):
            j = 3
            for i in range(n):
                for j in range(j):
                    if i == j:
                        return True
            return False
        """, "the iterable reads a loop variable"),
        ("""
        def f(n):
            for i in range(n):
                for i in range(i):
                    if i == 2:
                        return True
            return False
        """, "two nested loops bind the same name"),
        # a recursive function: the rewrite adds or removes a frame per level, so a deep recursion
        # hits the limit at another depth (tests/rules/test_review_contexts.py)
        ("""
        def deep(n, k):
            if n:
                return deep(n - 1, k)
            for x in range(k):
                if x > 3:
                    return True
            return False
        """, 'may be recursive'),
        # yield in the condition; a walrus; a loop variable that is an attribute
        ("""
        def f(xs):
            for x in xs:
                if (yield x):
                    return True
            return False
        """, "yield, await, walrus, lambda or comprehension in the moved code"),
        ("""
        def f(xs):
            for x in xs:
                if (y := x):
                    return True
            return False
        """, "yield, await, walrus, lambda or comprehension in the moved code"),
        ("""
        def f(self, xs):
            for self.x in xs:
                if self.x:
                    return True
            return False
        """, "loop target is not plain names"),
        # something else after the loop, or the same constant twice
        ("""
        def f(xs):
            for x in xs:
                if x:
                    return True
            return None
        def g(xs):
            for x in xs:
                if x:
                    return True
            return True
        """, "the loop and the statement after it return the same bool"),
        # loop bodies with more than the test, else clauses, elif, non-constant returns
        ("""
        def f(xs):
            for x in xs:
                print(x)
                if x:
                    return True
            return False
        def g(xs):
            for x in xs:
                if x:
                    return True
            else:
                pass
            return False
        def h(xs):
            for x in xs:
                if x:
                    return x
            return False
        """, "no candidate"),
        # inside try: the handler could read the loop variable
        ("""
        def f(xs):
            x = None
            try:
                for x in xs:
                    if 1 / x:
                        return True
                return False
            except ZeroDivisionError:
                return x
        """, "inside try/with"),
        # a closure sees the loop variable; a global loop variable
        ("""
        def f(xs):
            get = lambda: x
            for x in xs:
                if x:
                    return True
            return False
        def g(xs):
            global x
            for x in xs:
                if x:
                    return True
            return False
        """, "'x' is seen by a nested function, lambda, class or comprehension"),
        # a local that may be unbound; await; module level
        ("""
        def f(xs, flag):
            if flag:
                limit = 3
            for x in xs:
                if x > limit:
                    return True
            return False
        """, "local 'limit' may be unbound"),
        ("""
        async def f(xs, check):
            for x in xs:
                if await check(x):
                    return True
            return False
        """, "yield, await, walrus, lambda or comprehension in the moved code"),
        ("""
        def any(xs):
            return 0
        def f(xs):
            for x in xs:
                if x:
                    return True
            return False
        """, "any or all is shadowed"),("""
def has_negative(xs):
    for x in xs:
        if x < 0:
            return True
    return False
""", "moved code may run user code"), ("""
def all_close(pairs, tol):
    for a, b in pairs:
        if not abs(a - b) < tol:
            return False
    return True
""", "moved code may run user code"), ("""
def f(words: list[str], n):
    if n:
        for w in words:
            if w.startswith('x') or n > 3:
                return False
        return True
    return None
""", 'annotation is not evidence')
    ]


class TestAnyAllLoopIterableReadsTarget(RuleTestCase):
    RULE = "any-all-loop-to-builtin"
    CASES = [("""
def has_big(n):
    for x in range(n):
        if x * x > 50:
            return True
    return False
""", """
def has_big(n):
    return any(x * x > 50 for x in range(n))
""")]
    UNTOUCHED = [
        ("""
        def f():
            for x in x:
                if x:
                    return True
            return False
        """, "the iterable reads a loop variable"),("""
def has_negative(xs):
    for x in xs:
        if x < 0:
            return True
    return False
""", "moved code may run user code")
    ]


class TestAnyAllLoopStopIteration(RuleTestCase):
    """A generator turns StopIteration into RuntimeError; the loop lets it through."""

    RULE = "any-all-loop-to-builtin"
    CASES = [
        ("""
def f(words_in: list[str], n_in: int):
    words = tuple("".join([v]) for v in words_in)
    n = int(n_in)
    for w in words:
        if len(w) > n and w.startswith('a'):
            return True
    return False
""", """
def f(words_in: list[str], n_in: int):
    words = tuple("".join([v]) for v in words_in)
    n = int(n_in)
    return any(len(w) > n and w.startswith('a') for w in words)
"""),
    ]
    UNTOUCHED = [
        ("""
        def f(xs, it):
            for x in xs:
                if next(it) == x:
                    return True
            return False
        """, "moved code may run user code"),
        ("""
        def f(xs):
            for x in xs:
                if is_prime(x):
                    return True
            return False
        """, "moved code may run user code"),
        ("""
        def f(xs):
            for x in xs:
                if x.check():
                    return True
            return False
        """, "moved code may run user code"),("""
def f(words: list[str], n: int):
    for w in words:
        if len(w) > n and w.startswith('a'):
            return True
    return False
""", 'annotation is not evidence')
    ]
