from semforge.transforms.testing import RuleTestCase


class TestGeneratorToListComprehension(RuleTestCase):
    RULE = "generator-to-list-comprehension"
    CASES = [
        ("""
def f(s_in: str, n_in: int):
    s = "".join([s_in])
    n = int(n_in)
    a = ''.join(c.upper() for c in s if c != ' ')
    b = sorted(i % 7 for i in range(n))
    c = sorted((i * 2 for i in range(n)), reverse=True)
    return a, b, c, list(i > 3 for i in range(n))
""", """
def f(s_in: str, n_in: int):
    s = "".join([s_in])
    n = int(n_in)
    a = ''.join([c.upper() for c in s if c != ' '])
    b = sorted([i % 7 for i in range(n)])
    c = sorted([i * 2 for i in range(n)], reverse=True)
    return a, b, c, [i > 3 for i in range(n)]
"""),
        # items that may raise (ZeroDivisionError, ValueError) but run no user code: the
        # exception passes through a generator and a comprehension alike
        ("""
        def f(s, k):
            return sorted(i // k for i in range(len(s))), "".join(str(int(c) * 2) for c in s)
        """, """
        def f(s, k):
            return sorted([i // k for i in range(len(s))]), "".join([str(int(c) * 2) for c in s])
        """, [["123", 2], ["12", 0], ["1x", 1], ["", 0]]),
    ]
    UNTOUCHED = [
        # items that may run user code (and so raise StopIteration, which a generator turns
        # into RuntimeError but a comprehension lets through)
        ("""
        def f(xs, it):
            return ''.join(str(x) for x in xs), list(next(it) for _ in range(3))
        """, "generator item or filter may run user code"),
        # consumers that do not build a list first: short-circuiting or interleaving matters
        ("""
        def f(n: int):
            return any(i > 2 for i in range(n)), sum(i for i in range(n)), tuple(i for i in range(n))
        """, "no candidate"),
        # bytes separator; two for clauses; await
        ("""
        def f(n: int, k: int):
            return b''.join(b for b in []), list(i + j for i in range(n) for j in range(n))
        """, "not one synchronous for clause"),
        ("""
        async def f(n: int, g):
            return list(await g(i) for i in range(n))
        """, "not one synchronous for clause without await/yield"),
        ("""
        list = tuple
        def f(n: int):
            return list(i for i in range(n))
        """, "list is shadowed")
    ]
