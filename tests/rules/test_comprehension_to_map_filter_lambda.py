from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestComprehensionToMapFilterLambda(RuleTestCase):
    RULE = "comprehension-to-map-filter-lambda"
    CASES = [
        # list and set comprehensions, with and without a filter (items of a domain's list[int])
        ("""
def f(xs):
    a = [x * 2 for x in xs]
    b = [x for x in xs if x > 0]
    c = [x + 1 for x in xs if x % 2 == 0]
    d = {x % 3 for x in xs}
    e = len([x for x in xs if x < 5])
    return a, b, c, d, e
""", """
def f(xs):
    a = list(map(lambda x: x * 2, xs))
    b = list(filter(lambda x: x > 0, xs))
    c = list(map(lambda x: x + 1, filter(lambda x: x % 2 == 0, xs)))
    d = set(map(lambda x: x % 3, xs))
    e = len(list(filter(lambda x: x < 5, xs)))
    return a, b, c, d, e
""", [[[1, -2, 3]], [[]], [[4, 9, -6, 4]], [[0, 5, 8]]]),
        # generator expressions consumed by builtins stay lazy as map/filter objects
        ("""
def f(words, n):
    a = sum(len(w) * n for w in words)
    b = any(w.isupper() for w in words)
    c = all(n > len(w) for w in words)
    d = max((len(w) + 1 for w in words), default=0)
    e = sorted((w.lower() for w in words), key=len)
    g = "-".join(w.strip() for w in words if len(w) > 1)
    return a, b, c, d, e, g
""", """
def f(words, n):
    a = sum(map(lambda w: len(w) * n, words))
    b = any(map(lambda w: w.isupper(), words))
    c = all(map(lambda w: n > len(w), words))
    d = max(map(lambda w: len(w) + 1, words), default=0)
    e = sorted(map(lambda w: w.lower(), words), key=len)
    g = "-".join(map(lambda w: w.strip(), filter(lambda w: len(w) > 1, words)))
    return a, b, c, d, e, g
""", [[["ab", "C d"], 2], [[], 0], [["XY", " z "], 5], [["", "q", "AB"], -1]]),
        # a list comprehension handed to a consumer: eager ones build their list first anyway,
        # set() hashes scalars, lazy ones get total items only; other arguments are quiet
        ("""
def f(xs, s):
    a = sorted([x - 1 for x in xs], key=abs, reverse=True)
    b = tuple([x * x for x in xs if x != 2])
    c = "".join([ch.upper() for ch in s])
    d = sum([x * 2 for x in xs])
    e = any([x > 3 for x in xs])
    g = set([x % 2 for x in xs])
    return a, b, c, d, e, g
""", """
def f(xs, s):
    a = sorted(map(lambda x: x - 1, xs), key=abs, reverse=True)
    b = tuple(map(lambda x: x * x, filter(lambda x: x != 2, xs)))
    c = "".join(map(lambda ch: ch.upper(), s))
    d = sum(map(lambda x: x * 2, xs))
    e = any(map(lambda x: x > 3, xs))
    g = set(map(lambda x: x % 2, xs))
    return a, b, c, d, e, g
""", [[[1, -2, 3], "ab"], [[], ""], [[4, 9, -6, 2], "xYz"], [[0, 5], "q"]]),
        # an index comprehension (HumanEval/152); an outer name the comprehension variable
        # shadows keeps its value after either form
        ("""
def f(game, guess):
    return [abs(game[i] - guess[i]) for i in range(len(game))]
""", """
def f(game, guess):
    return list(map(lambda i: abs(game[i] - guess[i]), range(len(game))))
""", [[[1, 2, 3], [1, 3, 0]], [[], []], [[5], [9]], [[0, -4], [2, 2]]]),
        ("""
def f(xs):
    x = len(xs)
    ys = [x * 3 for x in xs if x != 0]
    return x, ys
""", """
def f(xs):
    x = len(xs)
    ys = list(map(lambda x: x * 3, filter(lambda x: x != 0, xs)))
    return x, ys
""", [[[1, 0, 3]], [[]], [[-2]], [[7, 7]]]),
        # float arithmetic on a domain's list[float] runs no user code (HumanEval/4)
        ("""
def f(numbers):
    mean = sum(numbers) / len(numbers)
    return sum(abs(x - mean) for x in numbers) / len(numbers)
""", """
def f(numbers):
    mean = sum(numbers) / len(numbers)
    return sum(map(lambda x: abs(x - mean), numbers)) / len(numbers)
""", [[[1.0, 2.0, 4.5]], [[0.5]], [[-1.0, 3.25]], [[2.0, 2.0, 8.0]]]),
        # types from the code itself (no domain): the inverse rule undoes it
        ("""
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    return [x * 2 for x in xs], sum(x + 1 for x in xs if x > 0)
""", """
def f(xs_in: list[int]):
    xs = tuple(int(v) for v in xs_in)
    return list(map(lambda x: x * 2, xs)), sum(map(lambda x: x + 1, filter(lambda x: x > 0, xs)))
""", [[[1, -2, 3]], [[]], [[4, 9, -6]], [[0]]]),
    ]
    DOMAIN = "(xs: list[int])"
    UNTOUCHED = [
        # a walrus binds in the function from a comprehension, in the lambda from a lambda
        ("""
        def f(xs):
            ys = [(y := x + 1) for x in xs]
            return ys, y
        """, "walrus"),
        # shapes it does not take: a tuple target, two for clauses, two ifs, async
        ("""
        def f(pairs: list[tuple[int, int]]):
            return [a + b for a, b in pairs]
        """, "the target is not a plain name"),
        ("""
        def f(xs):
            return [x * y for x in xs for y in xs]
        """, "several for clauses"),
        ("""
        def f(xs):
            return [x for x in xs if x > 0 if x < 9]
        """, "several if clauses"),
        ("""
        async def f(xs):
            return [x + 1 async for x in xs]
        """, "async comprehension"),
        # code that may raise StopIteration (it would end map/filter silently, but propagate
        # from a list comprehension and become RuntimeError in a generator): next(), a user
        # function, a method of a value of unknown type
        ("""
        def f(xs, it):
            return [next(it) + x for x in xs]
        """, "may run user code"),
        ("""
        def f(xs):
            return any(is_prime(x) or x > 2 for x in xs)
        """, "may run user code"),
        ("""
        def f(xs, k):
            return [k.scale(x) * 2 for x in xs]
        """, "may run user code"),
        ("""
        def f(xs):
            return [x + 1 for x in xs]
        """, "no evidence of the items' type", "(xs: list)"),
        # rebound builtins
        ("""
        map = dict

        def f(xs):
            return [x + 1 for x in xs]
        """, "map is shadowed"),
        ("""
        list = tuple

        def f(xs):
            return [x + 1 for x in xs]
        """, "list is shadowed"),
        ("""
        def f(xs, filter):
            return sum(x for x in xs if x > 1)
        """, "filter is shadowed"),
        ("""
        def f(xs, sum):
            return sum(x + 1 for x in xs)
        """, "sum is shadowed"),
        # a class body, module level, dynamic scope, recursion (a frame per item)
        ("""
        class C:
            xs = [1, 2]
            ys = [x + 1 for x in xs]
        """, "not in a function's own scope"),
        ("""
        xs = [1, 2]
        ys = [x + 1 for x in xs]
        """, "not in a function's own scope"),
        ("""
        def f(xs):
            print(locals())
            return [x + 1 for x in xs]
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),
        ("""
        def f(xs):
            if len(xs) > 3:
                return f(xs[1:])
            return [x + 1 for x in xs]
        """, "recurs"),
        # a generator whose object is seen, not only iterated by a builtin
        ("""
        def f(xs):
            return (x + 1 for x in xs)
        """, "no candidate"),
        ("""
        def f(xs):
            return len(list(enumerate(x + 1 for x in xs)))
        """, "no candidate"),
        # what a person would not write as a lambda: identity, forwarding, filter(None)-like,
        # an item that ignores the variable
        ("""
        def f(xs):
            return [x for x in xs]
        """, "identity comprehension"),
        ("""
        def f(xs):
            return [str(x) for x in xs], sum(abs(x) for x in xs)
        """, "would only forward its parameter"),
        ("""
        def f(xs):
            return [x for x in xs if x]
        """, "filter(None, xs)"),
        ("""
        def f(xs):
            return [0 for x in xs]
        """, "does not use the variable"),
        # a list comprehension handed to a consumer would become lazy: the consumer's other
        # arguments would run before the items, a lazy consumer stop early at an item that
        # raises, set() hash an item that is not a scalar
        ("""
        def f(xs, k):
            return sorted([x + 1 for x in xs], key=k)
        """, "another argument of the consumer"),
        ("""
        def f(xs, k):
            return max([x + 1 for x in xs], key=lambda v, d=k(): v % d)
        """, "another argument of the consumer"),
        ("""
        def f(xs):
            return any([10 // x > 1 for x in xs])
        """, "the item or the filter may raise"),
        ("""
        def f(xs):
            return set([(x, x) for x in xs])
        """, "no evidence the items hash"),
        ("""
        def f(xs, sep):
            return sep.join(str(x) + "," for x in xs)
        """, "no evidence the join separator is a str"),
    ]


def test_rewrite_behaves_the_same():
    source = """
def f(xs_in: list[int], words_in: list[str]):
    xs = tuple(int(v) for v in xs_in)
    words = tuple("".join([v]) for v in words_in)
    a = [x * 2 for x in xs if x % 3]
    b = {w.lower() for w in words}
    c = max((len(w) - 1 for w in words), default=-1)
    d = sorted([x - 4 for x in xs], key=abs)
    e = "".join(w.title() for w in words if len(w) > 1)
    return a, b, c, d, e
"""
    result = get_rule("comprehension-to-map-filter-lambda").apply(source)
    assert result.sites == 5, result.code
    before, after = {}, {}
    exec(source, before)
    exec(result.code, after)
    for args in [([1, 2, 3, 6, -9], ["ab", "CD", "x"]), ([], []), ([5, 4, 3], ["hello w"])]:
        assert before["f"](*args) == after["f"](*args)
