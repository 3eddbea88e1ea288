import pytest

from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestReduceGeneratorToList(RuleTestCase):
    RULE = "reduce-generator-to-list"
    CASES = [
        ("""
def mean_absolute_deviation(numbers_in: List[float]) -> float:
    numbers = tuple(float(v) for v in numbers_in)
    mean = sum(numbers) / len(numbers)
    return sum(abs(x - mean) for x in numbers) / len(numbers)
""", """
def mean_absolute_deviation(numbers_in: List[float]) -> float:
    numbers = tuple(float(v) for v in numbers_in)
    mean = sum(numbers) / len(numbers)
    return sum([abs(x - mean) for x in numbers]) / len(numbers)
"""),
        ("""
def f(strings_in: List[str], ns_in: list[int]):
    strings = tuple("".join([v]) for v in strings_in)
    ns = tuple(int(v) for v in ns_in)
    a = max(len(x) for x in strings)
    b = min(s.lower() for s in strings if s)
    c = sum((n * n for n in ns if n % 2), 10)
    return a, b, c
""", """
def f(strings_in: List[str], ns_in: list[int]):
    strings = tuple("".join([v]) for v in strings_in)
    ns = tuple(int(v) for v in ns_in)
    a = max([len(x) for x in strings])
    b = min([s.lower() for s in strings if s])
    c = sum([n * n for n in ns if n % 2], 10)
    return a, b, c
"""),
        # the domain's items are ints and floats (a union of builtin numbers: the kind
        # number), so adding them cannot run user code
        ("""
def f(xs):
    return sum(x * 2 for x in xs), max(abs(x) for x in xs)
""", """
def f(xs):
    return sum([x * 2 for x in xs]), max([abs(x) for x in xs])
""", [[[1, 2.5]], [[3]], [[0.5, -1]]]),
    ]
    UNTOUCHED = [
        # items of unknown type: adding/comparing may run user code or fail midway
        ("""
        def f(xs: list):
            return sum(x for x in xs), max(x for x in xs)
        """, "no evidence the iterable is a builtin container"),
        # items that run user code to compute, or call back (next() raises StopIteration)
        ("""
        def f(xs: list[int], it):
            return sum(g(x) for x in xs), sum(next(it) for x in xs)
        """, "no evidence the iterable is a builtin container"),
        # a lazy range could be huge; an unknown iterable may be an endless generator
        ("""
        def f(n: int, gen):
            return sum(i * i for i in range(n)), sum(i for i in gen)
        """, "no evidence the iterable is a builtin container"),
        # any/all stop early; min/max with key= or default=; sum with a str start
        ("""
        def f(xs: list[int]):
            return (any(x > 0 for x in xs), min((x for x in xs), default=0),
                    max((x for x in xs), key=abs), sum((x for x in xs), "a"))
        """, "min/max with more arguments"),
        # min over mixed kinds, or a shadowed builtin
        ("""
        def f(xs: list[int], s: str):
            return max(x if x else s for x in xs)
        """, "no evidence the iterable is a builtin container"),
        ("""
        def f(xs: list[int], sum):
            return sum(x for x in xs)
        """, "sum is shadowed"),
        # two for clauses; module level
        ("""
        def f(xs: list[int]):
            return sum(x * y for x in xs for y in xs)
        """, "async generator or several for clauses"),
        ("""
        xs = [1, 2]
        total = sum(x for x in xs)
        """, "not in a function's own scope"),("""
def mean_absolute_deviation(numbers: List[float]) -> float:
    mean = sum(numbers) / len(numbers)
    return sum(abs(x - mean) for x in numbers) / len(numbers)
""", 'annotation is not evidence'), ("""
def f(strings: List[str], ns: list[int]):
    a = max(len(x) for x in strings)
    b = min(s.lower() for s in strings if s)
    c = sum((n * n for n in ns if n % 2), 10)
    return a, b, c
""", 'annotation is not evidence')
    ]


def test_same_results():
    source = """
def f(xs_in: list[float], ns_in: list[int]):
    xs = tuple(float(v) for v in xs_in)
    ns = tuple(int(v) for v in ns_in)
    m = sum(xs) / len(xs) if xs else 0.0
    return sum(abs(x - m) for x in xs), max(n % 7 for n in ns), min(1 / n for n in ns if n)
"""
    result = get_rule("reduce-generator-to-list").apply(source)
    assert result.sites == 3
    before, after = {}, {}
    exec(source, before)
    exec(result.code, after)
    for xs, ns in [([1.5, -2.0], [3, 0, 9]), ([0.1], [5])]:
        assert before["f"](xs, ns) == after["f"](xs, ns)
    for bad in ([1.0], []), ([1.0], [0]):  # max() of an empty sequence, same error both ways
        with pytest.raises(ValueError) as expected:
            before["f"](*bad)
        with pytest.raises(ValueError) as got:
            after["f"](*bad)
        assert str(got.value) == str(expected.value)
