"""The input domain: its notation, membership, and inference from each source (seeds,
annotations, defaults, docstrings)."""

from __future__ import annotations

import pytest

from semforge.domain import Domain, NotationError, Ty, contains, parse_type, type_of, union
from semforge.domain_docs import docstring_types, phrase_type
from semforge.domain_infer import infer_domain


def dom(code: str, seeds=(), entry: str = "f") -> str:
    return str(infer_domain(code, entry, [list(s) for s in seeds]))


# ---------------------------------------------------------------- values and unions


@pytest.mark.parametrize("value, notation", [
    (1, "int"), (True, "bool"), (1.5, "float"), ("a", "str"), (b"a", "bytes"), (None, "None"),
    ([1, 2], "list[int]"), ([], "list[Never]"), ([1, "a"], "list[int | str]"),
    ([[1], ["a"]], "list[list[int] | list[str]]"), ({"a": 1}, "dict[str, int]"),
    ((1, "a"), "tuple[int, str]"), ((), "tuple[()]"), ({1.5}, "set[float]"),
    ([1, True], "list[bool | int]"), ([None, 1], "list[int | None]"),
])
def test_type_of_a_value(value, notation):
    assert str(type_of(value)) == notation


def test_homogeneous_lists_stay_homogeneous_across_seeds():
    t = union([type_of([1, 2]), type_of(["a"]), type_of([])])
    assert str(t) == "list[int] | list[str]"
    assert contains(t, [3, 4]) and contains(t, ["x"]) and contains(t, [])
    assert not contains(t, [1, "a"])  # one list of both is outside


def test_empty_containers_merge_into_what_is_known():
    assert str(union([type_of({}), type_of({"a": 1})])) == "dict[str, int]"
    assert str(union([type_of([[]]), type_of([[1]])])) == "list[list[int]]"


def test_too_many_alternatives_merge_into_one_container():
    t = union(type_of(v) for v in ([1], ["a"], [1.5], [b"x"], [None], [True]))
    assert t.name == "list" and len(t.args[0].alternatives) == 6


@pytest.mark.parametrize("t, good, bad", [
    ("int", [0, -5, 10**100], [True, 1.0, "1", None]),
    ("float", [0.0, float("nan"), float("inf")], [1, True]),
    ("list[int]", [[], [1, 2]], [(1, 2), [1, 2.0], [True], iter([1])]),
    ("tuple[int, str]", [(1, "a")], [(1,), (1, "a", 2), [1, "a"]]),
    ("tuple[int, ...]", [(), (1, 2, 3)], [(1, "a")]),
    ("dict[str, int]", [{}, {"a": 1}], [{1: 1}, {"a": "b"}]),
    ("int | None", [None, 3], ["a"]),
    ("list", [[1, "a", None]], [(1,)]),
])
def test_membership_is_exact(t, good, bad):
    ty = parse_type(t)
    assert all(contains(ty, v) for v in good)
    assert not any(contains(ty, v) for v in bad)


def test_subclasses_are_outside():
    class MyList(list):
        pass

    class MyInt(int):
        pass

    assert not contains(parse_type("list[int]"), MyList([1]))
    assert not contains(parse_type("int"), MyInt(1))


def test_deep_nesting_does_not_recurse_forever():
    deep: list = []
    for _ in range(3000):
        deep = [deep]
    assert not Domain.parse("(xs: list[list[int]])").contains([deep])
    assert str(type_of(deep)).count("list") <= 13


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize("text", [
    "(xs: list[int], k: int)", "(xs: list[int] | list[str])", "(s: str, sep: str = ' ')",
    "(*args: int)", "(x: int, *, scale: float = 2.0)", "(d: dict[str, list[int]], t: tuple[int, ...])",
    "(p: tuple[int, str] | None)", "()",
])
def test_notation_round_trips(text):
    assert str(Domain.parse(text)) == text


@pytest.mark.parametrize("text", ["xs: list[int]", "(xs: Foo)", "(xs: list[int)"])
def test_bad_notation_is_refused(text):
    with pytest.raises(NotationError):
        Domain.parse(text)


def test_typing_spellings():
    assert str(parse_type("Optional[List[int]]")) == "list[int] | None"
    assert str(parse_type("Union[int, str]")) == "int | str"
    assert str(parse_type("typing.Dict[str, Tuple[int, ...]]")) == "dict[str, tuple[int, ...]]"


def test_calls_inside_the_domain():
    d = Domain.parse("(xs: list[int], k: int = 2)")
    assert d.contains([[1], 3]) and d.contains([[1]])
    assert not d.contains([]) and not d.contains([[1], 3, 4]) and not d.contains([(1,), 3])
    assert Domain.parse("(a: int, *rest: str)").contains([1, "x", "y"])


# ---------------------------------------------------------------- inference, by source


def test_from_seeds():
    code = "def f(xs, k):\n    return xs[:k]\n"
    assert dom(code, [([1, 2], 1), ([], 0)]) == "(xs: list[int], k: int)"
    assert dom(code, [([1, 2], 1), (["a"], None)]) == "(xs: list[int] | list[str], k: int | None)"
    assert dom(code, [([1, 2.5], 1)]) == "(xs: list[int | float], k: int)"


def test_bool_only_where_a_seed_passes_one():
    code = "def f(n):\n    return n\n"
    assert dom(code, [(1,), (2,)]) == "(n: int)"
    assert dom(code, [(1,), (True,)]) == "(n: bool | int)"


def test_from_annotations():
    code = "from typing import List, Optional\ndef f(xs: List[float], t: Optional[int], u: 'str'):\n    pass\n"
    assert dom(code) == "(xs: list[float], t: int | None, u: str)"
    # the annotation joins the seeds: ints passed for a float parameter
    assert dom("def f(x: float):\n    pass\n", [(3,)]) == "(x: int | float)"
    # a bare container or a user class says nothing the seeds do not
    assert dom("def f(xs: list, p: Point):\n    pass\n", [([1], 2)]) == "(xs: list[int], p: int)"
    d = infer_domain("def f(xs: list[int]):\n    pass\n", "f", [[[1]]])
    assert d.sources["xs"] == ("seeds", "annotation")


def test_from_defaults():
    code = "def f(s, sep=' ', n=None, scale=2.0):\n    pass\n"
    assert dom(code, [("a b",)]) == "(s: str, sep: str = ' ', n: None = None, scale: float = 2.0)"
    # a default the seeds always pass adds nothing
    assert dom(code, [("a b", "-", 3, 1.0)]) == "(s: str, sep: str = ' ', n: int = None, scale: float = 2.0)"
    d = infer_domain(code, "f", [["a b"]])
    assert d.sources["sep"] == ("default",)


def test_from_docstrings():
    code = '''def f(xs, ys, n, s, t, w):
    """Sum things.

    :type xs: list of int
    :param list[str] ys: names
    n (int): how many
    s : str
    The weights t is a list of floats, and w is a positive integer.
    """
'''
    d = infer_domain(code, "f", [])
    assert str(d) == "(xs: list[int], ys: list[str], n: int, s: str, t: list[float], w: int)"
    assert all(d.sources[p] == ("docstring",) for p in "xs ys n s t w".split())


def test_docstring_fills_only_what_the_seeds_leave_unknown():
    code = 'def f(lst, k):\n    """Given a list of integers lst and a string k."""\n'
    assert dom(code, [([], "a")]) == "(lst: list[int], k: str)"
    assert dom(code, [(["x"], "a")]) == "(lst: list[str], k: str)"  # the seeds win


def test_humaneval_style_prose():
    code = 'def maximum(arr, k):\n    """Given an array arr of integers and a positive integer k."""\n'
    assert dom(code, [], "maximum") == "(arr: list[int], k: int)"


@pytest.mark.parametrize("phrase, notation", [
    ("list of integers", "list[int]"), ("a non-empty list of strings", "list[str]"),
    ("List[Tuple[int, int]]", "list[tuple[int, int]]"), ("floating point number", "float"),
    ("list of lists of int", "list[list[int]]"), ("dictionary", "dict[Never, Never]"), ("tuple of str", "tuple[str, ...]"),
])
def test_phrases(phrase, notation):
    assert str(phrase_type(phrase)) == notation


@pytest.mark.parametrize("phrase", ["number", "numbers", "an object", "the answer", "thing of int"])
def test_phrases_that_state_no_type(phrase):
    assert phrase_type(phrase) is None


def test_numbers_say_list_but_not_the_item_type():
    assert str(phrase_type("list of numbers")) == "list[Never]"
    assert docstring_types("Given a list of numbers xs.", ["xs"])["xs"] == Ty("list", (Ty("Never"),))


def test_methods_varargs_and_keyword_only():
    code = "class C:\n    def m(self, x, *rest, key=None):\n        pass\n"
    assert dom(code, [(1, "a", "b")], "C.m") == "(x: int, *rest: str, key: None = None)"


def test_unparsable_code_keeps_the_seeds():
    assert dom("def f(:\n", [(1, "a")]) == "(arg0: int, arg1: str)"
