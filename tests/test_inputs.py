"""Input generation: hint parsing, boundary cases, mutation, determinism."""

import re

import pytest

from semforge.verifiers.python.inputs import generate_inputs, input_key
from semforge.verifiers.python.inputs.boundary import boundary_inputs
from semforge.verifiers.python.inputs.bounds import Bounds
from semforge.verifiers.python.program.signature import entry_params, parse_hint

CODE = '''
from typing import List, Optional, Tuple

def f(xs: List[int], k: "Optional[int]", t: Tuple[str, ...], d: dict[str, float] = None):
    return xs
'''


def test_hints_parsed_without_running_code():
    params = entry_params(CODE, "f")
    assert [p.name for p in params] == ["xs", "k", "t", "d"]
    assert params[0].hint == ("list", ("int",))
    assert params[1].hint == ("union", [("int",), ("none",)])
    assert params[2].hint == ("tuple", [("str",)], True)
    assert params[3].hint == ("dict", ("str",), ("float",)) and not params[3].required
    assert parse_hint("int | None") == ("union", [("int",), ("none",)])
    assert parse_hint("MyClass") is None
    assert parse_hint("__import__('os').system('x')") is None
    assert entry_params("def g(:", "g") is None
    assert entry_params(CODE, "missing") is None


def test_seeds_first_then_distinct_inputs():
    seeds = [[[3, 1, 2], 2], [[5], 0]]
    out = generate_inputs("def f(xs, k):\n    return xs[k]\n", "f", seeds, 100, seed=0,
                          policy="domain")
    assert out[:2] == seeds
    assert len(out) == 100
    assert len({input_key(x) for x in out}) == 100
    # The domain policy keeps the seeds' types; strict also tries their neighbours.
    assert all(len(x) == 2 and isinstance(x[0], list) and isinstance(x[1], int) for x in out)
    origin = []
    strict = generate_inputs("def f(xs, k):\n    return xs[k]\n", "f", seeds, 100, seed=0,
                             origin=origin)
    edge = [x for x, c in zip(strict, origin) if c == "types"]
    assert [(3, 1, 2), 2] in edge and [None, 2] in edge and [[3, 1, 2], 2.0] in edge
    assert any(hasattr(x[0], "__next__") for x in edge)  # an iterator for a list


def test_boundaries_cover_empty_duplicates_and_edges():
    b = Bounds.from_seeds([[[3, 1, 2], 5, "ab"]])
    cases = boundary_inputs([[3, 1, 2], 5, "ab"], b)
    firsts = [c[0] for c in cases]
    assert [] in firsts and [3] in firsts and [3, 1, 2, 2] in firsts and [1, 2, 3] in firsts
    assert any(c[1] == 0 for c in cases) and any(c[1] == -1 for c in cases)
    assert any(c[2] == "" for c in cases)


def test_deterministic_in_seed_and_seed_matters():
    code = "def f(s: str, n: int):\n    return s * n\n"
    a = generate_inputs(code, "f", [["abc", 2]], 60, seed=3)
    b = generate_inputs(code, "f", [["abc", 2]], 60, seed=3)
    c = generate_inputs(code, "f", [["abc", 2]], 60, seed=4)
    assert a == b
    assert a != c


def test_strings_mutated_from_seed_characters():
    out = generate_inputs("def f(s):\n    return s\n", "f", [["(()())"]], 80, seed=0,
                          policy="domain")
    strs = [x[0] for x in out]
    assert "" in strs
    # Most mutants stay within the seed's alphabet plus a few probe characters.
    inside = [s for s in strs if set(s) <= set("() aA0")]
    assert len(inside) > len(strs) // 2


def test_hints_used_when_no_seeds():
    out = generate_inputs(CODE, "f", [], 40, seed=0)
    assert out and all(len(x) == 3 for x in out)
    assert all(isinstance(x[0], list) and all(type(v) is int for v in x[0]) for x in out)
    assert all(x[1] is None or type(x[1]) is int for x in out)
    assert all(isinstance(x[2], tuple) for x in out)


def test_zero_argument_function_gets_one_empty_call():
    assert generate_inputs("def f():\n    return 1\n", "f", [], 10) == [[]]


def test_sizes_bounded():
    out = generate_inputs("def f(xs):\n    return xs\n", "f", [[[1, 2, 3]]], 200, seed=1,
                          policy="domain")
    assert max(len(x[0]) for x in out) <= Bounds.from_seeds([[[1, 2, 3]]]).max_len


def test_program_constants_reach_the_inputs():
    code = 'def grade(xs):\n    """Doc 9.9."""\n    return ["A" if x > 3.7 else "B" for x in xs]\n'
    out = generate_inputs(code, "grade", [[[1.0, 2.0]]], 120, seed=0, policy="domain")
    floats = {x for args in out for x in args[0]}
    assert 3.7 in floats  # exactly on the threshold
    assert 9.9 not in floats  # docstrings are not constants


def test_relations_between_arguments_and_swaps():
    code = "def tri(a, b, c):\n    return a + b <= c\n"
    out = generate_inputs(code, "tri", [[3, 4, 10]], 200, seed=0, policy="domain")
    assert any(a + b == c for a, b, c in out)  # exactly on the relation
    assert [3, 10, 4] in out or [10, 4, 3] in out or [4, 3, 10] in out  # arguments swapped


def test_numbers_inside_strings_mutate_as_numbers():
    out = generate_inputs("def f(d):\n    return d\n", "f", [["03-11-2000"]], 80, seed=0,
                          policy="domain")
    dates = {a[0] for a in out}
    assert {"00-11-2000", "02-11-2000", "03-12-2000"} <= dates
    assert generate_inputs("def f(s):\n    return s\n", "f", [["1" * 5000]], 20)  # no int() limit


def test_rarest_outcomes_come_first():
    from semforge.verifiers.python.run.original import rare_inputs

    inputs = [[1], [2], [3], [4]]
    outcomes = [{"kind": "return", "value": ["bool", False]}] * 3 + [{"kind": "return", "value": ["bool", True]}]
    assert rare_inputs(inputs, outcomes, 1) == [[4]]


def test_mixed_lists_with_nan_do_not_break_generation():
    seeds = [[[1.0, float("nan"), 2.0]], [[3, "a", 2.5, None]]]
    out = generate_inputs("def f(xs):\n    return xs\n", "f", seeds, 60, seed=0)
    assert len(out) == 60


# A validator of "day/month" stamps with a table of month lengths (not a corpus program): the
# variant wrongly gives April 31 days, which only "31/04" shows: two numbers that must move
# together inside one string, neither of them in the seeds.
STAMP = '''
def check(stamp):
    month_len = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    parts = stamp.split("/")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return "bad"
    day, month = int(parts[0]), int(parts[1])
    if not 1 <= month <= 12:
        return "bad"
    return "ok" if 1 <= day <= month_len[month - 1] else "bad"
'''
STAMP_SEEDS = [["14/03"], ["07/09"], ["5/1"], ["40/02"], ["a/b"]]


def test_coordinated_fields_inside_a_string_find_a_wrong_table_entry():
    from semforge.verifiers import VerifyConfig, verify_pair

    variant = STAMP.replace("(31, 28, 31, 30,", "(31, 28, 31, 31,")
    verdict = verify_pair(STAMP, variant, "check", STAMP_SEEDS,
                          VerifyConfig(examples=200, seed=0, measure_speed=False))
    assert verdict.verdict == "different", verdict.reason
    assert re.search(r"31/0?4'", verdict.counterexample)


def test_table_probes_pair_an_index_with_its_entry():
    from semforge.verifiers.python.inputs.tables import table_probes
    from semforge.verifiers.python.program.tables import program_tables

    tables = program_tables(STAMP)
    assert [t.values for t in tables] == [(31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)]
    assert tables[0].bases == (1,)  # month_len[month - 1]
    probes = {p[0] for p in table_probes(STAMP_SEEDS, tables, 40)}
    # Last entry (December), the smallest (February), in both orders of the two fields.
    assert {"31/12", "12/31", "29/02"} <= probes and probes & {"28/02", "28/2"}
    assert table_probes(STAMP_SEEDS, (), 40) == [] and table_probes([[5]], tables, 40) == []


def test_compared_constants_reach_every_numeric_field():
    from semforge.verifiers.python.program.facts import compared_ints

    code = "def f(s):\n    a, b = map(int, s.split(':'))\n    return a <= 23 and -1 < b < 60\n"
    assert set(compared_ints(code)) == {23, -1, 60}
    out = {x[0] for x in generate_inputs(code, "f", [["07:15"]], 100, seed=0, policy="domain")}
    assert {"24:15", "07:60"} <= out  # each field just past its own bound
    assert any(s[:2] not in ("07", "08", "06") and s[3:] not in ("15", "16", "14")
               for s in out if len(s) == 5 and s[2] == ":")  # both fields moved at once


def test_separators_of_structured_strings_are_replaced():
    out = {x[0] for x in generate_inputs("def f(s):\n    return s\n", "f", [["12-05-1999"]], 60,
                                            policy="domain")}
    assert "12/05-1999" in out  # "/" is in no seed: the edge, not a random edit


def test_crossover_carries_a_change_from_each_parent():
    import random

    from semforge.verifiers.python.inputs.crossover import crossover, second_order, shape

    seed = ["03-11-2000", [1, 5]]
    month, day = ["12-11-2000", [1, 5]], ["03-31-2000", [1, 9]]
    assert shape(month) == shape(day) == shape(seed) != shape(["03-11", [1, 5]])
    children = [crossover(month, day, random.Random(i)) for i in range(40)]
    assert ["12-31-2000", [1, 9]] in children and ["12-31-2000", [1, 5]] in children
    assert all(shape(c) == shape(seed) for c in children)
    firsts = [month, day, ["x"], ["03-11", [1]]]  # other shapes never mix in
    crossed = second_order(firsts, [seed], 20, seed=0)
    assert crossed == second_order(firsts, [seed], 20, seed=0)
    assert all(shape(c) == shape(seed) for c in crossed)


def test_table_probes_through_two_int_arguments():
    from semforge.verifiers import VerifyConfig, verify_pair

    original = (
        "def valid(m, d):\n"
        "    days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]\n"
        "    if m < 1 or m > 12:\n"
        "        return False\n"
        "    return 1 <= d <= days[m - 1]\n")
    variant = original.replace("31, 30, 31]", "31, 31, 31]")  # November 31 accepted
    seeds = [[3, 11], [6, 4], [1, 1], [15, 1], [4, 31]]
    verdict = verify_pair(original, variant, "valid", seeds,
                          VerifyConfig(examples=200, seed=0, measure_speed=False))
    assert verdict.verdict == "different" and "[11, 31]" in verdict.counterexample


def test_probes_and_crossovers_are_deterministic():
    a = generate_inputs(STAMP, "check", STAMP_SEEDS, 120, seed=5)
    assert a == generate_inputs(STAMP, "check", STAMP_SEEDS, 120, seed=5)
    assert a != generate_inputs(STAMP, "check", STAMP_SEEDS, 120, seed=6)


def test_compared_constant_inside_a_string_finds_an_off_by_one():
    from semforge.verifiers import VerifyConfig, verify_pair

    original = ("def ip(a):\n    xs = a.split('.')\n"
                "    return len(xs) == 4 and all(x.isdigit() and 0 <= int(x) <= 255 for x in xs)\n")
    variant = original.replace("<= 255", "< 255")
    verdict = verify_pair(original, variant, "ip", [["192.168.1.1"], ["10.0.0.300"], ["1.2.3"]],
                          VerifyConfig(examples=200, seed=0, measure_speed=False))
    assert verdict.verdict == "different" and "255" in verdict.counterexample


def test_bytes_seeds_mutate_past_latin_1():
    """The string mutators insert characters from all of Unicode; mutated bytes must still come
    back as bytes (a seed of bytes once made input generation raise UnicodeEncodeError, so every
    pair of such a function was an `error`)."""
    code = ("def strip_iface(name: bytes) -> bytes:\n"
            "    head, percent, _ = name.partition(b'%')\n"
            "    return head + b']' if percent else head\n")
    for seed in range(3):
        inputs = generate_inputs(code, "strip_iface", [[b"[fe80::1%eth0]"]], 200, seed)
        assert len(inputs) >= 150
        values = [args[0] for args in inputs if args]
        assert all(v is None or isinstance(v, bytes) for v in values)
        # some mutant holds a character outside latin-1, so the UTF-8 path really ran
        assert any(isinstance(v, bytes) and any(b >= 0xC2 for b in v) and _utf8_multibyte(v)
                   for v in values)


def _utf8_multibyte(v: bytes) -> bool:
    try:
        return any(ord(c) > 0xFF for c in v.decode("utf-8"))
    except UnicodeDecodeError:
        return False


REGISTRY_FIXTURES = [
    # a date string with a table behind it, a list, a float, a dict, an int, optional parameters
    ("DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]\n\n"
     "def f(date, xs, x, d, n, sep=' ', lo=-10, hi=10):\n"
     "    m, day, _ = (int(p) for p in date.split('-'))\n"
     "    return 1 <= m <= 12 and day <= DAYS[m - 1] and min(max(n, lo), hi)\n", "f",
     [["03-11-2000", [1, 2, 3], 1.5, {"a": 1}, 5], ["12-31-1999", [4, 5], -2.0, {"b": 0}, 7]]),
    ("def g(*xs):\n    return sum(xs)\n", "g", [[1, 2]]),  # *args
]


def test_input_classes_come_from_the_registry_and_every_one_is_made():
    """``generate_inputs`` labels its inputs only with classes of the registry, and every class
    the registry says it makes is made on one of the fixtures: a class added to the registry
    (or emitted without being registered, as ``optional-pairs`` and ``varargs`` once were)
    fails here until both agree."""
    from semforge.verifiers.python.inputs import CLASSES, INPUT_CLASSES, named

    labels = set()
    for code, entry, seeds in REGISTRY_FIXTURES:
        origin: list[str] = []
        inputs = generate_inputs(code, entry, seeds, 200, 0, "strict", origin)
        assert len(origin) == len(inputs)
        labels |= set(origin)
    assert labels <= set(INPUT_CLASSES)
    assert labels == {c.name for c in CLASSES if c.made in ("seeds", "edge", "drawn")}
    assert INPUT_CLASSES == tuple(c.name for c in CLASSES) and len(set(INPUT_CLASSES)) == len(CLASSES)
    with pytest.raises(KeyError):
        named("optional-pair")


def test_the_domain_policy_leaves_out_the_strict_classes():
    from semforge.verifiers.python.inputs import CLASSES

    code, entry, seeds = REGISTRY_FIXTURES[0]
    origin: list[str] = []
    generate_inputs(code, entry, seeds, 200, 0, "domain", origin)
    assert not set(origin) & {c.name for c in CLASSES if c.strict}
