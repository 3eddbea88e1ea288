"""Two ways the sandbox saves work per session and per call, with real processes: arguments a
call left unchanged come back as ``SAME`` and are put back by the caller (``unchanged.py``), and
a program may come in parts, some compiled by the caller (``session._wire``). Each must give the
outcomes the plain way gives."""

from __future__ import annotations

import json
import math

import pytest

from semforge.sandbox import Limits, Sandbox, session as session_module
from semforge.sandbox.encoding import encode
from semforge.sandbox.unchanged import SAME

I = lambda n: ["int", str(n)]  # noqa: E731


@pytest.fixture(scope="module")
def sandbox():
    sb = Sandbox(Limits(timeout_s=2.0, memory_mb=256))
    sb.start()
    yield sb
    sb.close()


@pytest.fixture
def expanded(monkeypatch):
    """How many replies said SAME (each is put back by the caller's ``encoded_args``)."""
    count = [0]
    real = session_module.encoded_args

    def counting(*args, **kwargs):
        count[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(session_module, "encoded_args", counting)
    return count


PROGRAM = '''
touched = []

class Spy:
    def __reduce__(self):
        touched.append(1)  # would run if the sandbox pickled a program's object
        return (int, (7,))

def f(xs, mode):
    if mode == "append":
        xs.append(len(xs))
    elif mode == "resort":
        xs.sort()
    elif mode == "spy":
        xs[0] = Spy()
    elif mode == "touched":
        return len(touched)
    elif mode == "deep":
        import sys
        sys.setrecursionlimit(200000)
        inner = xs
        for _ in range(60000):
            inner.append([])
            inner = inner[-1]
    elif mode == "reinsert":
        items = sorted(xs, reverse=True)
        xs.clear()
        xs.update(items)
    return sum(1 for _ in xs)
'''


def test_unchanged_arguments_come_back_as_what_was_sent(sandbox, expanded):
    with sandbox.open(PROGRAM, "f") as s:
        same, appended = s.call_many([[[3, 1, 2], "none"], [[3, 1, 2], "append"]])
    assert same["args_after"] == [["list", [I(3), I(1), I(2)]], ["str", "none"]]
    assert appended["args_after"] == [["list", [I(3), I(1), I(2), I(3)]], ["str", "append"]]
    assert expanded[0] == 1  # the unchanged call only: the child did not encode those


def test_a_sort_that_changes_nothing_is_unchanged_and_one_that_does_is_not(sandbox, expanded):
    with sandbox.open(PROGRAM, "f") as s:
        sorted_already, resorted = s.call_many([[[1, 2, 3], "resort"], [[3, 2, 1], "resort"]])
    assert sorted_already["args_after"][0] == ["list", [I(1), I(2), I(3)]]
    assert resorted["args_after"][0] == ["list", [I(1), I(2), I(3)]]
    assert expanded[0] == 1


def test_no_program_code_runs_in_the_check(sandbox, expanded):
    """An argument holding the program's own object is encoded, never pickled: its __reduce__
    (which could change the program's state between calls) is not called."""
    with sandbox.open(PROGRAM, "f") as s:
        spied, touched = s.call_many([[[1, 2], "spy"], [[], "touched"]])
    assert spied["kind"] == "return" and spied["args_after"][0][1][0][:2] == ["obj", "__program__.Spy"]
    assert touched["value"] == I(0)


def test_a_deep_argument_under_a_raised_recursion_limit_is_encoded_not_a_crash(sandbox):
    """The check pickles in C, recursively: under the program's raised limit a 60,000-deep
    argument would overflow the stack; it runs under the default limit and falls back."""
    with sandbox.open(PROGRAM, "f") as s:
        deep, after = s.call_many([[[], "deep"], [[1], "none"]])
    assert deep["kind"] == "return", deep
    assert deep["args_after"][0][0] == "list" and "deep" in json.dumps(deep["args_after"][0])
    assert after["kind"] == "return" and after["args_after"][0] == ["list", [I(1)]]


def test_a_set_rebuilt_in_another_order_compares_as_the_same_set(sandbox, expanded):
    """The child's encoding of a set that iterates in another order now (its pickle changed)
    and the caller's of the unchanged input compare as the same set."""
    from semforge.verifiers.python.compare.diff import Tolerance, diff_outcomes

    xs = {1, 9, 17}  # one slot modulo 8: the order they went in is the order they come out
    with sandbox.open(PROGRAM, "f") as s:
        plain, rebuilt = s.call_many([[set(xs), "none"], [set(xs), "reinsert"]])
    assert expanded[0] == 1  # the reinserted set was encoded by the child
    assert [x[1] for x in rebuilt["args_after"][0][1]] == ["17", "9", "1"]
    assert [x[1] for x in plain["args_after"][0][1]] == ["1", "9", "17"]
    assert not diff_outcomes({**plain, "args_after": plain["args_after"][:1]},
                             {**rebuilt, "args_after": rebuilt["args_after"][:1]},
                             Tolerance(0.0, 0.0))


def test_shared_nan_and_long_arguments_come_back_exact(sandbox):
    """A NaN-sharing pickle never matches the plain one (the child encodes); a list past
    max_items comes back with the digest the child would have made."""
    nan = math.nan
    small = Sandbox(Limits(timeout_s=2.0, memory_mb=256, max_items=5))
    try:
        with small.open(PROGRAM, "f") as s:
            long_same, long_changed = s.call_many([[list(range(12)), "none"],
                                                   [list(range(12)), "append"]])
    finally:
        small.close()
    assert long_same["args_after"][0] == encode(list(range(12)), max_items=5)
    assert long_changed["args_after"][0] == encode(list(range(13)), max_items=5)
    with sandbox.open(PROGRAM, "f") as s:
        shared = s.call([[nan, nan], "none"])
    assert shared["args_after"][0] == ["list", [["float", "nan"], ["float", "nan"]]]


def test_same_is_not_a_tree_a_child_could_send_for_real_arguments():
    # A list of encoded trees holds lists; SAME holds a bare str.
    assert all(not isinstance(x, list) for x in SAME)


HARNESS_LIKE = '''
def __sf_twice(fn):
    def probe(x):
        return [fn(x), fn(x)]
    return probe
'''


def test_a_program_in_parts_runs_as_its_text_does(sandbox):
    program = "import math\n\ndef f(x):\n    return math.isqrt(x) + len(globals())\n"
    install = "__sf_probe__ = __sf_twice(f)\n"
    compiled = compile(HARNESS_LIKE, "<program>", "exec")
    text = program + "\n" + HARNESS_LIKE + "\n" + install
    with sandbox.open(text, "__sf_probe__") as whole:
        want = whole.call_many([[10], [99]])
    with sandbox.open([program, compiled, install], "__sf_probe__") as parts:
        assert parts.load["kind"] == "return"
        got = parts.call_many([[10], [99]])
    assert [o["value"] for o in got] == [o["value"] for o in want]
    assert got[0]["kind"] == "return" and got[0]["value"][1][0] == got[0]["value"][1][1]


def test_a_part_that_does_not_compile_is_a_load_error_and_a_bad_part_is_refused(sandbox):
    with sandbox.open(["def f(x):\n    return x\n", "def broken(:\n"], "f") as s:
        assert s.load["kind"] == "load_error" and s.load["exc_type"] == "SyntaxError"
    with pytest.raises(TypeError, match="source or a code object"):
        sandbox.open(["def f(x):\n    return x\n", 42], "f")


def test_probes_through_the_compiled_harness_match_the_harness_as_text(sandbox):
    """The verifier's probe harness, loaded in parts, answers every kind of probe as the
    concatenated text does (what the original's and the variant's probes are compared on)."""
    from semforge.verifiers.python.probes.harness import ENTRY, harness
    from semforge.verifiers.python.probes.plan import plan_probes
    from semforge.verifiers.python.program.signature import entry_params

    code = ("_memo = {}\n\ndef f(xs, k=2):\n    \"\"\"Sum of the k largest.\"\"\"\n"
            "    key = (tuple(xs), k)\n    if key not in _memo:\n"
            "        _memo[key] = sum(sorted(xs)[-k:])\n    return _memo[key]\n")
    inputs = [[[3, 1, 2]], [[5, 4]], [[1, 1, 1, 9]], [[2]]]
    probes = plan_probes(entry_params(code, "f"), inputs, list(range(len(inputs))), 24,
                         twins=True, outcomes=[{"kind": "return"}] * len(inputs))
    assert probes
    harnessed = harness(code, "f")
    assert isinstance(harnessed.parts[1], type(compile("", "<program>", "exec")))
    plans = [[p.plan] for p in probes]
    with sandbox.open(str(harnessed), ENTRY) as whole:
        want = whole.call_many(plans)
    with sandbox.open(list(harnessed.parts), ENTRY) as parts:
        got = parts.call_many(plans)
    assert [o["kind"] for o in want] == ["return"] * len(plans)
    strip = lambda o: {k: v for k, v in o.items() if k != "time_ns"}  # noqa: E731
    assert [strip(o) for o in got] == [strip(o) for o in want]


def test_the_callers_encodings_are_kept_within_a_byte_bound(monkeypatch):
    from semforge.sandbox import unchanged
    from semforge.sandbox.arg_pickle import dumps_args

    monkeypatch.setattr(unchanged, "_cache", {})
    monkeypatch.setattr(unchanged, "_held", [0])
    monkeypatch.setattr(unchanged, "_CACHE_BYTES", 2000)
    monkeypatch.setattr(unchanged, "_LARGEST", 500)
    for k in range(60):
        args = [list(range(k, k + 20)), "s" * k]
        blob = dumps_args(args)
        assert unchanged.encoded_args(blob, args, 10000, 50) == [encode(a) for a in args]
        assert unchanged._held[0] <= 2000
        assert unchanged._held[0] == sum(len(b) for b, _ in unchanged._cache.values())
    assert 5 < len(unchanged._cache) < 60  # the oldest went
    big = [list(range(400))]
    assert unchanged.encoded_args(dumps_args(big), big, 10000, 50) == [encode(big[0])]
    assert all(len(b) <= 500 for b, _ in unchanged._cache.values())  # not kept
