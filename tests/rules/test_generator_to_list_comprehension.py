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
    ]
    UNTOUCHED = [
        # items that may run user code (and so raise StopIteration, which a generator turns
        # into RuntimeError but a comprehension lets through)
        ("""
        def f(xs, it):
            return ''.join(str(x) for x in xs), list(next(it) for _ in range(3)), sorted(x for x in xs)
        """, "generator item or filter may run user code or raise"),
        # consumers that do not build a list first: short-circuiting or interleaving matters
        ("""
        def f(n: int):
            return any(i > 2 for i in range(n)), sum(i for i in range(n)), tuple(i for i in range(n))
        """, "no candidate"),
        # division by a variable can raise; bytes separator; two for clauses; await
        ("""
        def f(n: int, k: int):
            return sorted(i // k for i in range(n)), b''.join(b for b in []), list(i + j for i in range(n) for j in range(n))
        """, "generator item or filter may run user code or raise"),
        ("""
        async def f(n: int, g):
            return list(await g(i) for i in range(n))
        """, "await or yield in the generator expression"),
        ("""
        list = tuple
        def f(n: int):
            return list(i for i in range(n))
        """, "list is shadowed")
    ]
