from semforge.transforms.registry import get_rule
from semforge.transforms.testing import RuleTestCase


class TestRemoveRedundantListCopy(RuleTestCase):
    RULE = "remove-redundant-list-copy"
    CASES = [
        (
            """
            def common(l1: list, l2: list):
                return sorted(list(set(l1).intersection(set(l2))))
            """,
            """
            def common(l1: list, l2: list):
                return sorted(set(l1).intersection(set(l2)))
            """,
        ),
        (  # any iterable for sorted (keywords kept); list(sorted(...)); join of a filter
            """
            def f(xs, text):
                a = sorted(list(filter(judge, xs)), key=len, reverse=True)
                b = list(sorted(xs))
                c = "".join(list(filter(lambda ch: ch not in "aeiou", text)))
                return a, b, c
            """,
            """
            def f(xs, text):
                a = sorted(filter(judge, xs), key=len, reverse=True)
                b = sorted(xs)
                c = "".join(filter(lambda ch: ch not in "aeiou", text))
                return a, b, c
            """,
        ),
        ("""
def f(count_in: dict[str, int], xs_in: list[int], s_in: str):
    count = dict(count_in)
    xs = tuple(int(v) for v in xs_in)
    s = "".join([s_in])
    return max(list(count.keys())), sum(list(xs), 10), set(list(s)), any(list(xs))
""", """
def f(count_in: dict[str, int], xs_in: list[int], s_in: str):
    count = dict(count_in)
    xs = tuple(int(v) for v in xs_in)
    s = "".join([s_in])
    return max(list(count.keys())), sum(xs, 10), set(s), any(xs)
"""),
        (  # nested copies: the inner list(sorted()) goes, the outer copy of it stays exact
            """
            def f(xs: list[int]):
                return " ".join(list(sorted(map(str, xs))))
            """,
            """
            def f(xs: list[int]):
                return " ".join(sorted(map(str, xs)))
            """,
        ),
    ]
    UNTOUCHED = [
        # a reader over an arbitrary iterable: max(gen) compares while the generator runs,
        # max(list(gen)) only after it finished (an exception from either would change)
        ("""
        def f(gen):
            return max(list(gen)), any(list(gen)), sum(list(gen))
        """, "no evidence the copied value is a builtin container"),
        # items of unknown type, or a key function: their code may change the container while
        # the reader walks it (the copy would hide that)
        ("""
        def f(xs: list, d: dict, ys: list[int], k):
            return sum(list(xs)), set(list(xs)), max(list(d.values())), max(list(ys), key=k)
        """, "no evidence the copied value is a builtin container"),
        # a start of unknown type: its __add__ runs during the walk
        ("""
        def f(ys: list[int], start):
            return sum(list(ys), start), sum(list(ys), start=start)
        """, "no evidence the sum start is a builtin scalar"),
        # tuple(list(t)) is a new tuple, tuple(t) is t itself
        ("""
        def f(t: tuple):
            return tuple(list(t)), frozenset(list(t))
        """, "tuple() is not a reader the copy is invisible to"),
        # join on something not known to be a str, or of something maybe not iterable
        ("""
        def f(sep, xs: list, obj):
            return sep.join(list(xs)), "".join(list(obj))
        """, "no evidence the join separator is a str"),
        # len(list(x)) is not len(x) (generators have no len); max(list(a), b) compares lists
        ("""
        def f(xs: list, b):
            return len(list(xs)), max(list(xs), b)
        """, "len() is not a reader the copy is invisible to"),
        # shadowed builtins
        ("""
        def f(xs: list, list):
            return sorted(list(xs))
        """, "list is shadowed"),
        ("""
        sorted = reversed
        def f(xs: list):
            return sorted(list(xs))
        """, "sorted is shadowed"),
        # list with two arguments / starred
        ("""
        def f(xs: list, ys):
            return sorted(list(*ys)), sum(*[list(xs)])
        """, "no candidate"),("""
def f(count: dict[str, int], xs: list[int], s: str):
    return max(list(count.keys())), sum(list(xs), 10), set(list(s)), any(list(xs))
""", 'annotation is not evidence'),
        # the copy ran before the keyword was evaluated; without it, after
        ("""
        def rank(rows, opts):
            return sorted(list(map(int, rows)), reverse=opts["desc"])
        """, "a sorted() keyword that may raise or run code"),
    ]


def test_a_generator_copied_keeps_its_parentheses_beside_other_arguments():
    result = get_rule("remove-redundant-list-copy").apply(
        "def top(xs):\n    return sorted(list(x for x in xs), reverse=True)\n")
    assert result.code == "def top(xs):\n    return sorted((x for x in xs), reverse=True)\n"
    compile(result.code, "<rewrite>", "exec")


def test_same_results():
    source = """
def f(xs_in: list[int], d_in: dict[int, int]):
    xs = tuple(int(v) for v in xs_in)
    d = dict(d_in)
    return (sorted(list(xs)), list(sorted(xs, reverse=True)), max(list(d.keys())),
            ','.join(list(map(str, xs))), sum(list(xs)), set(list(xs)))
"""
    result = get_rule("remove-redundant-list-copy").apply(source)
    assert result.sites == 5  # not max(list(d.keys())): the keys' __lt__ could mutate d
    before, after = {}, {}
    exec(source, before)
    exec(result.code, after)
    for xs, d in [([3, 1, 2], {1: 2, 5: 0}), ([0], {"a": 1})]:
        assert before["f"](xs, d) == after["f"](xs, d)
