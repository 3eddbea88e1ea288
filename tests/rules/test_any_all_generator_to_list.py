from semforge.transforms.testing import RuleTestCase


class TestAnyAllGeneratorToList(RuleTestCase):
    RULE = "any-all-generator-to-list"
    CASES = [
        ("""
def has_digit(s_in: str) -> bool:
    s = "".join([s_in])
    return any(c.isdigit() for c in s)
""", """
def has_digit(s_in: str) -> bool:
    s = "".join([s_in])
    return any([c.isdigit() for c in s])
"""),
        # items of a domain's list[int] | list[float] (any builtin number): comparing them with
        # an int cannot raise
        ("""
def f(l, t):
    return all(x < t for x in l)
""", """
def f(l, t):
    return all([x < t for x in l])
""", [[[1, 2.5], 3], [[], 0], [[4, 9], 5], [[-0.5, float("nan")], 1]]),
    ]
    UNTOUCHED = [
        # items that can raise past the short-circuit point (1 // 0), or run user code
        ("""
        def f(xs: list[int], ys):
            return any(1 // x for x in xs), all(y > 0 for y in ys), any(x.check() for x in ys)
        """, "generator item or filter may run user code or raise"),
        # an iterable that may be infinite, lazy or huge
        ("""
        def f(n: int, it):
            return any(i > 5 for i in range(n)), any(x for x in it)
        """, "no evidence the iterable is a builtin container"),
        # a local that may be unbound, read only after the short-circuit point
        ("""
        def f(xs: list[int], flag):
            if flag:
                k = 1
            return any(x > 0 or x == k for x in xs)
        """, "generator item or filter may run user code or raise"),
        # already a list; module level; a shadowed any
        ("""
        def f(xs: list[int]):
            return any([x > 0 for x in xs])
        """, "no candidate"),
        ("""
        ok = any(c.isdigit() for c in 'abc')
        """, "not in a function's own scope"),
        ("""
        from mylib import any
        def f(s: str):
            return any(c.isdigit() for c in s)
        """, "any is shadowed"),("""
def has_digit(s: str) -> bool:
    return any(c.isdigit() for c in s)
""", 'annotation is not evidence'), ("""
def f(xs: list[int], limit: int):
    return all(x < limit for x in xs if x % 2 == 0)
""", 'annotation is not evidence')
    ]
