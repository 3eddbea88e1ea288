from semforge.transforms.testing import RuleTestCase


class TestLambdaToDef(RuleTestCase):
    RULE = "lambda-to-def"
    CASES = [
        (
            """
            def f(xs, k):
                # sort
                ys = sorted(xs, key=lambda x: (x[k], -x[0]))
                zs = list(map(lambda a, *r, **kw: a + k, xs)); g = lambda: [lambda q: q for _ in xs]
                return ys, zs, g
            """,
            """
            def f(xs, k):
                # sort
                def by_pair(x):
                    return (x[k], -x[0])
                ys = sorted(xs, key=by_pair)
                def to_total(a, *r, **kw):
                    return a + k
                zs = list(map(to_total, xs)); g = lambda: [lambda q: q for _ in xs]
                return ys, zs, g
            """,
        ),
    ]
    UNTOUCHED = [
        # the function object escapes: its repr and wrong-arity messages name it
        ('''
        def f(k):
            g = lambda x: x + k
            return g
        ''', "function object could be seen"),
        ('''
        def f(xs):
            return sorted(xs, key=lambda: 0)
        ''', "function object could be seen"),
        # inside a comprehension the lambda sees the comprehension's variables
        ("""
        def f(xs):
            return [(lambda y: y + x)(1) for x in xs]
        """, "not directly in a function"),
        # default values are evaluated when the lambda is created
        ("""
        def f(g):
            h = lambda n, d=g(): n + d
            return h
        """, "a default value"),
        # module level and class bodies
        ("""
        key = lambda x: x[0]
        class C:
            key = lambda self: 1
        """, "not directly in a function"),
        # compound statement headers and one-line function bodies
        ("""
        def f(xs):
            for x in sorted(xs, key=lambda v: -v):
                print(x)
            if any(map(lambda v: v > 0, xs)):
                return 1
        def g(xs): return sorted(xs, key=lambda v: -v)
        """, "not in a simple statement"),
        # frame-inspecting functions
        ("""
        def f(xs):
            g = lambda v: v
            return locals()
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        # generator lambdas
        ("""
        def f():
            return lambda: (yield)
        """, "a default value"),
    ]
