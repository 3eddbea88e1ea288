from semforge.transforms.testing import RuleTestCase


class TestMethodAliasInLoop(RuleTestCase):
    RULE = "method-alias-in-loop"
    CASES = [
        (  # evidence through unpacking a display (HumanEval/100's ``ans, num = [], n``)
            """
            def pile(n):
                ans, num = [], n
                for _ in range(n):
                    ans.append(num)
                    num += 2
                return ans
            """,
            """
            def pile(n):
                ans, num = [], n
                ans_append = ans.append
                for _ in range(n):
                    ans_append(num)
                    num += 2
                return ans
            """,
            [[0], [3], [5]],
        ),
        (
            """
            def evens(n: int):
                out = []
                for i in range(n):
                    if i % 2 == 0:
                        out.append(i)
                return out
            """,
            """
            def evens(n: int):
                out = []
                out_append = out.append
                for i in range(n):
                    if i % 2 == 0:
                        out_append(i)
                return out
            """,
        ),
        ("""
def grid(n_in: int, seen_in: set):
    n = int(n_in)
    seen = set(seen_in)
    rows = []
    for i in range(n):
        row = []
        for j in range(n):
            row.append(i * j)
            seen.add(j)
        rows.append(row)
    k = 0
    while k < n:
        rows.pop()
        k += 1
    return rows
""", """
def grid(n_in: int, seen_in: set):
    n = int(n_in)
    seen = set(seen_in)
    rows = []
    rows_append = rows.append
    seen_add = seen.add
    for i in range(n):
        row = []
        row_append = row.append
        for j in range(n):
            row_append(i * j)
            seen_add(j)
        rows_append(row)
    k = 0
    rows_pop = rows.pop
    while k < n:
        rows_pop()
        k += 1
    return rows
"""),
    ]
    UNTOUCHED = [
        # unpacking that is not display-to-display item by item: no evidence
        ("""
        def f(n, pair):
            a, b = pair
            c, *d = [], n
            (e, g), h = ([], 1), 2
            a, b = [], n
            a, b = b, a
            for i in range(n):
                a.append(i)
                c.append(i)
                e.append(i)
            return a, c, e
        """, "no evidence"),
        # f"{...=}" prints its source text, which the rewrite would change
        # (tests/rules/test_review_contexts.py)
        ("""
        def f(xs):
            out = []
            log = ''
            for x in xs:
                log += f'{out.append(x)=}'
            return log, out
        """, 'self-documenting f-string field'),
        # unknown receiver type: the attribute could change or be missing
        ("""
        def f(out, xs):
            for x in xs:
                out.append(x)
        """, "no evidence out.append is one of the builtin methods aliased"),
        # rebound in the loop: the alias would keep appending to the old list
        ("""
        def f(xs):
            out = []
            for x in xs:
                out.append(x)
                if len(out) > 3:
                    out = []
            return out
        """, "'out' is rebound in the loop"),
        # not certainly bound before the loop (assigned after it, or in a branch)
        ("""
        def f(xs, flag):
            if flag:
                out = []
            for x in xs:
                out.append(x)
            return out
        """, "'out' is not certainly bound before the loop"),
        # deleted somewhere in the function; global; module level; class body
        ("""
        def f(xs):
            out = []
            for x in xs:
                out.append(x)
            del out
        """, "'out' is deleted in the function"),
        ("""
        out = []
        for x in range(3):
            out.append(x)
        class C:
            items = []
            for x in range(3):
                items.append(x)
        """, "not in a function's own scope"),
        # calls inside comprehensions and lambdas are in their own scopes
        ("""
        def f(xs):
            out = []
            for x in xs:
                [out.append(y) for y in x]
            return out
        """, "the method call is in a nested scope"),
        # methods outside the safe table (str.join, list.sort), str receivers
        ("""
        def f(xs, s: str):
            out = []
            for x in xs:
                out.sort()
                s.upper()
            return out
        """, "no evidence out.sort is one of the builtin methods aliased")
    ]
