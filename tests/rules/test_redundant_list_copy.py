from semforge.transforms.testing import RuleTestCase


class TestRedundantListCopy(RuleTestCase):
    RULE = "redundant-list-copy"
    CASES = [
        (  # sorted() copies any iterable exactly like list() does
            """
            def f(items, key):
                return sorted(items), sorted(x * 2 for x in items), sorted(items, key=len, reverse=True)
            """,
            """
            def f(items, key):
                return sorted(list(items)), sorted(list(x * 2 for x in items)), sorted(list(items), key=len, reverse=True)
            """,
        ),
        ("""
def g(xs_in: list[int], s_in: str, d_in: dict[str, int]):
    xs = tuple(int(v) for v in xs_in)
    s = "".join([s_in])
    d = dict(d_in)
    return sum(xs), sum(xs, 10), max(s), min(xs, default=0), any(xs), all(d), set(s)
""", """
def g(xs_in: list[int], s_in: str, d_in: dict[str, int]):
    xs = tuple(int(v) for v in xs_in)
    s = "".join([s_in])
    d = dict(d_in)
    return sum(list(xs)), sum(list(xs), 10), max(list(s)), min(list(xs), default=0), any(list(xs)), all(d), set(list(s))
"""),
    ]
    UNTOUCHED = [
        # generators: materializing loses short-circuiting and reorders side effects
        ("""
        def f(xs: list):
            return any(x > 0 for x in xs), sum(x for x in xs), max(iter(xs))
        """, "no evidence the argument is a builtin container of builtin scalars"),
        # unknown iterables may run user code in __len__/__iter__; range may be huge
        ("""
        def f(xs, n: int):
            return sum(xs), min(xs), max(range(n)), all(range(n))
        """, "no evidence the argument is a builtin container of builtin scalars"),
        # max(a, b) compares its arguments; tuple()/frozenset() may return their argument
        ("""
        def f(a: list, b: list, t: tuple):
            return max(a, b), min(a, b, key=len), tuple(t), frozenset(a)
        """, "more positional arguments"),
        # items of unknown type, a key= function or a user start: their code runs while the
        # reader walks the list and could append to it (the copy would not see it)
        ("""
        def f(xs: list, d: dict, k, start):
            return max(xs), sum(xs), set(xs), any(d), all(xs)
        """, "no evidence the argument is a builtin container of builtin scalars"),
        ("""
        def f(xs: list[int], k, start):
            return max(xs, key=k), min(xs, key=k, default=0), sum(xs, start)
        """, "min/max with several arguments or a key function"),
        # already a copy; star arguments; list shadowed
        ("""
        def f(xs: list, args):
            return sorted(list(xs)), sorted(*args), sum(*args)
        """, "a starred or keyword iterable, or already a list(...) copy"),
        # the other arguments run after the copy but before the reader's own walk: one that
        # raises on an iterator (HumanEval/88) or changes the list must meet the same ``x``
        ("""
        def f(array, key):
            return sorted(array, reverse=(array[0] + array[-1]) % 2 == 0), sorted(array, key=key)
        """, "another argument is evaluated after the iterable and may raise or run code"),
        ("""
        def f(xs_in: list[int]):
            xs = [int(v) for v in xs_in]
            return max(xs, default=xs.pop()), sum(xs, len(xs.pop()))
        """, "another argument is evaluated after the iterable and may raise or run code"),
        ("""
        def f(xs: list, list=None):
            return sorted(xs)
        """, "list is shadowed"),
        ("""
        from helpers import sorted
        def f(xs: list):
            return sorted(xs)
        """, "sorted is shadowed"),("""
def g(xs: list[int], s: str, d: dict[str, int]):
    return sum(xs), sum(xs, 10), max(s), min(xs, default=0), any(xs), all(d), set(s)
""", 'annotation is not evidence')
    ]
