import textwrap

from semforge.transforms.testing import RuleTestCase

HELPER = '''
K = 3

def scale(a, b):
    """Doc."""
    return a * b + K
'''


def with_helper(source: str) -> str:
    return HELPER + textwrap.dedent(source)


class TestInlineHelper(RuleTestCase):
    RULE = "inline-helper"
    CASES = [
        ('K = 3\n\ndef f(x, y):\n    def scale(a, b):\n        """Doc."""\n        return a * b + K\n    n = 2\n    return scale(x, -1) + scale(n, y) + scale(x.real, 1)\n',
         'K = 3\n\ndef f(x, y):\n    def scale(a, b):\n        """Doc."""\n        return a * b + K\n    n = 2\n    return (x * (-1) + K) + (n * y + K) + scale(x.real, 1)\n'),
        ("""
class C:
    def m(self, v):
        def either(a, b):
            return a or b
        return either(v, None)
""",
         """
class C:
    def m(self, v):
        def either(a, b):
            return a or b
        return (v or None)
"""),
    ]
    UNTOUCHED = [
        # f"{...=}" prints its source text, which the rewrite would change
        # (tests/rules/test_review_contexts.py)
        ("""
        def f(x):
            def show(a):
                return f'{a=}'
            return show(x)
        """, 'self-documenting f-string field'),
        # a recursive function: the rewrite adds or removes a frame per level, so a deep recursion
        # hits the limit at another depth (tests/rules/test_review_contexts.py)
        ("""
        def depth(t):
            def down(c):
                return depth(c) + 1
            if not t:
                return 0
            first = t[0]
            return down(first)
        """, 'may be recursive'),
        # module-level helpers: code outside the module can rebind them after definition
        (with_helper("""
        def f(x, y):
            n = 2
            return scale(x, -1) + scale(n, y)
        """), "module-level helper"),
        # the helper reads a local of the caller that may be unbound at the call
        ("""
        def f(x, c):
            def g(a):
                return a + k
            if c:
                k = 1
            return g(x)
        """, "the helper reads 'k', which may be unbound at the call"),
        # a parameter used twice / not at all
        ("""
        def sq(a):
            return a * a
        def first(a, b):
            return a
        def f(x):
            return sq(x) + first(x, x)
        """, "module-level helper"),
        # arguments with effects or that may fail would move or be skipped
        (with_helper("""
        def f(x, g):
            return scale(g(), x) + scale(x[0], 2) + scale(x + 1, 2)
        """), "module-level helper"),
        # a name the helper reads as a global is local at the call site
        (with_helper("""
        def f(x, K):
            return scale(x, 2)
        """), "module-level helper"),
        # module-level call, keyword call
        (with_helper("""
        y = scale(1, 2)
        def f(x):
            return scale(a=x, b=2)
        """), "module-level helper"),
        # the caller is defined before the helper: it may run before the helper exists
        ("""
        def f(x):
            return h(x)
        y = f(1) if False else 0
        def h(a):
            return a + 1
        """, "module-level helper"),
        # helpers that are rebound, deleted, decorated, defaulted, async or recursive
        ("""
        def h(a):
            return a + 1
        h = lambda a: a
        def f(x):
            return h(x)
        """, "module-level helper"),
        ("""
        def h(a):
            return a + 1
        def f(x):
            return h(x)
        del h
        """, "module-level helper"),
        ("""
        import functools
        @functools.lru_cache
        def h(a):
            return a + 1
        def f(x):
            return h(x)
        """, "module-level helper"),
        ("""
        def h(a, b=1):
            return a + b
        def f(x):
            return h(x, 2)
        """, "module-level helper"),
        ("""
        async def h(a):
            return a + 1
        async def f(x):
            return await h(x)
        """, "module-level helper"),
        ("""
        def h(a):
            return a and h(a - 1)
        def f(x):
            return h(x)
        """, "module-level helper"),
        # more than a return
        ("""
        def h(a):
            b = a + 1
            return b
        def f(x):
            return h(x)
        """, "module-level helper"),
        # a local argument that may be unbound at the call
        ("""
        def h(a):
            return a + 1
        def f(c):
            if c:
                y = 1
            return h(y)
        """, "module-level helper"),
        # the caller uses global/nonlocal/exec
        ("""
        def h(a):
            return a + 1
        def f(x):
            global g
            g = h(x)
        """, "module-level helper"),
        # a lambda or comprehension in the helper
        ("""
        def h(a):
            return [v for v in a]
        def f(x):
            return h(x)
        """, "module-level helper"),
    ]
