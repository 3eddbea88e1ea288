from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestMapFilterLambdaToComprehension(RuleTestCase):
    RULE = "map-filter-lambda-to-comprehension"
    CASES = [
        ("""
def filter_by_substring(strings_in: List[str], substring_in: str) -> List[str]:
    strings = tuple("".join([v]) for v in strings_in)
    substring = "".join([substring_in])
    return list(filter(lambda s: substring in s, strings))
""", """
def filter_by_substring(strings_in: List[str], substring_in: str) -> List[str]:
    strings = tuple("".join([v]) for v in strings_in)
    substring = "".join([substring_in])
    return [s for s in strings if substring in s]
"""),
        ("""
def f(s_in: str, n_in: int, words_in: list[str]):
    s = "".join([s_in])
    n = int(n_in)
    words = tuple("".join([v]) for v in words_in)
    a = "".join(map(lambda x: x.swapcase(), s))
    b = sum(map(lambda ch: int(ch), str(n)), 10)
    c = len(list(filter(lambda ch: ch == "1", bin(n))))
    d = any(map(lambda w: len(w) > 3, words))
    e = sorted(filter(lambda w: w.isupper(), words), key=len)
    return a, b, c, d, e
""", """
def f(s_in: str, n_in: int, words_in: list[str]):
    s = "".join([s_in])
    n = int(n_in)
    words = tuple("".join([v]) for v in words_in)
    a = "".join([x.swapcase() for x in s])
    b = sum((int(ch) for ch in str(n)), 10)
    c = len([ch for ch in bin(n) if ch == "1"])
    d = any(len(w) > 3 for w in words)
    e = sorted([w for w in words if w.isupper()], key=len)
    return a, b, c, d, e
"""),
        ("""
def f(xs_in: list[int], ys_in: list[int], flag_in: bool):
    xs = tuple(int(v) for v in xs_in)
    ys = tuple(int(v) for v in ys_in)
    flag = bool(flag_in)
    return list(filter(lambda v: v if flag else -v, xs if flag else ys))
""", """
def f(xs_in: list[int], ys_in: list[int], flag_in: bool):
    xs = tuple(int(v) for v in xs_in)
    ys = tuple(int(v) for v in ys_in)
    flag = bool(flag_in)
    return [v for v in (xs if flag else ys) if (v if flag else -v)]
"""),
        ("""
def rescale_to_unit(numbers_in: List[float]) -> List[float]:
    numbers = tuple(float(v) for v in numbers_in)
    ma, mi = max(numbers), min(numbers)
    k = 1 / (ma - mi)
    return list(map(lambda x: (x - mi) * k, numbers))
""", """
def rescale_to_unit(numbers_in: List[float]) -> List[float]:
    numbers = tuple(float(v) for v in numbers_in)
    ma, mi = max(numbers), min(numbers)
    k = 1 / (ma - mi)
    return [(x - mi) * k for x in numbers]
"""),
        
        # items of a domain's list[int] | list[float]: comparing them runs no user code
        ("""
def f(l):
    return list(filter(lambda x: x > 0, l))
""", """
def f(l):
    return [x for x in l if x > 0]
""", [[[1, -2.5, 3]], [[]], [[4, -9]], [[0.5, 2.0]]]),
        # math.ceil of a builtin number is the stdlib's, and runs no user code
        ("""
def f(lst):
    import math
    return sum(map(lambda x: math.ceil(x) ** 2, lst))
""", """
def f(lst):
    import math
    return sum(math.ceil(x) ** 2 for x in lst)
""", [[[1.4, -2.5, 3]], [[]], [[4, 9]]]),
    ]
    UNTOUCHED = [
        # a math that is not (only) the stdlib module: its ceil may be anything
        ("""
        import math
        math = __import__("fractions")

        def f(lst):
            return sum(map(lambda x: math.ceil(x) ** 2, lst))
        """, "the lambda body may run user code", "(lst: list[float])"),
        # the lambda calls code that may raise StopIteration (which would end map/filter
        # silently but propagate from a comprehension): next(), a user function, a method of a
        # value of unknown type, a module function, a builtin given a key function
        ("""
        def f(words: list[str], it):
            return list(map(lambda w: next(it), words))
        """, "no evidence of the items' type"),
        ("""
        def f(words: list[str]):
            return list(filter(lambda w: is_prime(len(w)), words))
        """, "no evidence of the items' type"),
        ("""
        def f(lines):
            return list(map(lambda x: x.strip(), lines))
        """, "no evidence of the items' type"),
        ("""
        import math
        def f(xs: list[float]):
            return sum(map(lambda x: math.ceil(x) ** 2, xs))
        """, "no evidence of the items' type"),
        ("""
        def f(rows: list[list[int]], k):
            return list(map(lambda r: max(r, key=k), rows))
        """, "no evidence of the items' type"),
        ("""
        def f(xs: list, t):
            return list(filter(lambda x: type(x) == t, xs))
        """, "no evidence of the items' type"),
        # the map object itself escapes, or a consumer that is not a builtin reader
        ("""
        def f(xs: list[int]):
            return map(lambda x: x + 1, xs)
        """, "no candidate"),
        ("""
        def f(xs: list[int]):
            return len(map(lambda x: x + 1, xs))
        """, "no candidate"),
        ("""
        def f(xs: list[int], sep):
            return sep.join(map(lambda x: str(x), xs))
        """, "no evidence the join separator is a str"),
        # shadowed builtins
        ("""
        def f(xs: list[int], map):
            return list(map(lambda x: x + 1, xs))
        """, "map is shadowed"),
        ("""
        list = tuple
        def f(xs: list[int]):
            return list(map(lambda x: x + 1, xs))
        """, "list is shadowed"),
        # several iterables, defaults, *args, filter(None, ...), a non-lambda function
        ("""
        def f(xs: list[int], ys: list[int]):
            a = list(map(lambda x, y: x + y, xs, ys))
            b = list(map(lambda x=1: x + 1, xs))
            c = list(map(lambda *x: len(x), xs))
            d = list(filter(None, xs))
            e = list(map(str, xs))
            return a, b, c, d, e
        """, "not map/filter(lambda x"),
        # a walrus in the lambda binds a lambda local; in a comprehension it would leak out
        ("""
        def f(xs: list[int]):
            return list(map(lambda x: (y := x + 1), xs))
        """, "no evidence of the items' type"),
        # module level, a class body, dynamic scope
        ("""
        xs = [1, 2]
        ys = list(map(lambda x: x + 1, xs))
        """, "not in a function's own scope"),
        ("""
        def f(xs: list[int]):
            print(locals())
            return list(map(lambda x: x + 1, xs))
        """, "the function uses exec/eval/locals()/vars()/super() or similar"),("""
def filter_by_substring(strings: List[str], substring: str) -> List[str]:
    return list(filter(lambda s: substring in s, strings))
""", 'annotation is not evidence'), ("""
def f(xs: list[int], ys: list[int], flag: bool):
    return list(filter(lambda v: v if flag else -v, xs if flag else ys))
""", 'annotation is not evidence'), ("""
def rescale_to_unit(numbers: List[float]) -> List[float]:
    ma, mi = max(numbers), min(numbers)
    k = 1 / (ma - mi)
    return list(map(lambda x: (x - mi) * k, numbers))
""", 'annotation is not evidence'), ("""
def f(l: list, text, k):
    pos = list(filter(lambda x: x > 0, l))
    kept = "".join(filter(lambda ch: ch not in "aeiou", text))
    scaled = min(map(lambda x: abs(x) * k, l))
    return pos, kept, scaled
""", 'annotation is not evidence')
    ]


def test_rewrite_behaves_the_same():
    source = """
def f(s_in: str, n_in: int, words_in: list[str]):
    s = "".join([s_in])
    n = int(n_in)
    words = tuple("".join([v]) for v in words_in)
    a = ''.join(map(lambda x: x.swapcase(), s))
    b = sum(map(lambda ch: int(ch), str(n)), 10)
    c = len(list(filter(lambda ch: ch == '1', bin(n))))
    d = any(map(lambda w: len(w) > 3, words))
    e = max(map(lambda w: len(w), words), default=-1)
    return a, b, c, d, e
"""
    result = get_rule("map-filter-lambda-to-comprehension").apply(source)
    assert result.sites == 5
    before, after = {}, {}
    exec(source, before)
    exec(result.code, after)
    for args in [("aBc", 5, ["ab", "CDEF"]), ("", 0, []), ("x", 255, ["hello"])]:
        assert before["f"](*args) == after["f"](*args)
