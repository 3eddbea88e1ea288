from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestListCompToLoop(RuleTestCase):
    RULE = "list-comp-to-loop"
    CASES = [
        (
            """
            def f(xs, rows):
                # evens
                y = [x * 2 for x in xs if x % 2 == 0 if x]
                return [(i, x) for i, row in enumerate(rows) for x in row]
            """,
            """
            def f(xs, rows):
                # evens
                item = []
                for cand in xs:
                    if cand % 2 == 0:
                        if cand:
                            item.append(cand * 2)
                y = item
                left = []
                for seen, total in enumerate(rows):
                    for entry in total:
                        left.append((seen, entry))
                return left
            """,
        ),
        (  # the comprehension variable is renamed inside nested scopes too; the
           # assignment target may appear in the comprehension (bound only at the end)
            """
            def g(d):
                d = [k for k in d if (lambda: k)()]
                return d
            """,
            """
            def g(d):
                item = []
                for cand in d:
                    if (lambda: cand)():
                        item.append(cand)
                d = item
                return d
            """,
        ),
        (  # parts broken over lines inside the brackets get parentheses
            """
            def f(xs):
                return [x for x in xs +
                        xs if x and
                        x > 1]
            """,
            """
            def f(xs):
                item = []
                for cand in (xs +
                        xs):
                    if (cand and
                            cand > 1):
                        item.append(cand)
                return item
            """,
        ),
    ]
    UNTOUCHED = [
        # f"{...=}" prints its source text, which the rewrite would change
        # (tests/rules/test_review_contexts.py)
        ("""
        def f(xs):
            return [f'{x=}' for x in xs]
        """, 'self-documenting f-string field'),
        # a recursive function: the rewrite adds or removes a frame per level, so a deep recursion
        # hits the limit at another depth (tests/rules/test_review_contexts.py)
        ("""
        def flat(t):
            return [flat(c) for c in t]
        """, 'may be recursive'),
        # late binding: the lambdas of a loop share one cell per call, those of a comprehension
        # one per run of it (tests/rules/test_review_contexts.py)
        ("""
        def f(rows):
            fs = []
            for row in rows:
                out = [lambda: x for x in row]
                fs.append(out)
            return fs
        """, 'late binding'),
        # libcst's scopes miss `j` in the inner clause's `if`: renaming would leave it behind
        ('''
        def f(lst, x):
            res = [(i, j) for i, l in enumerate(lst) if l for j in range(len(l)) if l[j] == x]
            return res
        ''', "did not resolve"),
        # a local that may be unbound when the element reads it (NameError in the
        # comprehension, UnboundLocalError in a loop)
        ("""
        def f(xs, c):
            if c:
                k = 1
            return [x + k for x in xs]
        """, "local 'k' may be unbound"),
        # module level and class bodies (class-body comprehensions do not see class names)
        ("""
        ys = [x for x in range(3)]
        """, "not in a function"),
        ("""
        def f():
            class C:
                ys = [x for x in range(3)]
            return C
        """, "not in a function"),
        # locals() would show the new loop variables
        ("""
        def f(xs):
            ys = [x for x in xs]
            return locals()
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        # part of a larger expression
        ("""
        def f(xs):
            return [x for x in xs] + [1]
        """, "no candidate"),
        # not a list comprehension
        ("""
        def f(xs):
            a = {x for x in xs}
            b = (x for x in xs)
            return {x: 1 for x in xs}
        """, "no candidate"),
        # async comprehension
        ("""
        async def f(xs):
            return [x async for x in xs]
        """, "an async for clause, or a target that is not plain names"),
        # attribute loop target
        ("""
        def f(o, xs):
            return [0 for o.a in xs]
        """, "an async for clause, or a target that is not plain names"),
        # starred target
        ("""
        def f(xs):
            return [a for a, *b in xs]
        """, "an async for clause, or a target that is not plain names"),
    ]


def test_loop_variable_does_not_leak():
    code = get_rule("list-comp-to-loop").apply(
        "x = 'global'\n"
        "def f(xs):\n"
        "    ys = [x for x in xs]\n"
        "    return ys, x\n").code
    ns: dict = {}
    exec(code, ns)
    assert ns["f"]([1, 2]) == ([1, 2], "global")
