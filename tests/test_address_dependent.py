"""Inputs on which the original's behaviour depends on addresses (a NaN hashes by its address):
dropped, never used to accept or reject, so verdicts are the same run after run (HumanEval/34,
``sorted(set(l))``, was ``different`` in one run and ``equivalent`` in another). Real sandbox."""

from __future__ import annotations

import math
from types import SimpleNamespace

from semforge.sandbox import Limits, close_shared_sandboxes, shared_sandbox
from semforge.verifiers import VerifyConfig, verify_pair
from semforge.verifiers.python.run.address import address_dependent, confirmed, holds_nan, reaches
from semforge.verifiers.python.run.program import ProgramRun

NAN = math.nan
UNIQUE = "def unique(l):\n    return sorted(set(l))\n"
SEEDS = [[[5, 3, 5, 2, 3, 3, 9, 0, 123]], [[NAN, 1, 2, -9, 3]], [[1.5, 0.5, 1.5]]]


def test_a_shifted_heap_moves_a_nan_in_a_set_and_nothing_else():
    sandbox = shared_sandbox(Limits(timeout_s=2.0, memory_mb=512))
    program = ProgramRun(sandbox, UNIQUE, "unique")
    try:
        seen = {str(program.run([[[NAN, 1, 2, -9, 3]]], pad=pad)[0]["value"]) for pad in range(12)}
        plain = {str(program.run([[[3, 1, 2.5, 1]]], pad=pad)[0]["value"]) for pad in range(12)}
    finally:
        program.close()
    assert len(seen) > 1  # where the NaN lands in the set's order follows its address
    assert len(plain) == 1
    inputs = [[[NAN, 1, 2, -9, 3]], [[NAN]], [[2.0, 1.0]]]
    expected = [ProgramRun(sandbox, UNIQUE, "unique").run([a])[0] for a in inputs]
    assert address_dependent(sandbox, UNIQUE, "unique", inputs, expected, range(1, 13)) == {0}
    assert holds_nan([{"k": (1, NAN)}]) and not holds_nan([[1.0, "nan"], {2: 3}])


def test_verdicts_on_address_dependent_inputs_are_reproducible():
    copy = "def unique(l):\n    return sorted(list(set(l)))\n"
    named = "def unique(l):\n    distinct = set(l)\n    return sorted(distinct)\n"
    # wrong only where a NaN is: a list holding one NaN alone is stable, and shows it
    drops_nan = "def unique(l):\n    return sorted({x for x in l if x == x})\n"
    for policy in ("strict", "typed"):
        config = VerifyConfig(examples=150, measure_speed=False, policy=policy)
        for _ in range(2):  # fresh zygotes each time: other addresses
            close_shared_sandboxes()
            for variant in (copy, named):
                v = verify_pair(UNIQUE, variant, "unique", SEEDS, config)
                assert v.verdict == "equivalent", (policy, v.reason)
                assert "address-dependent" in v.reason
            w = verify_pair(UNIQUE, drops_nan, "unique", SEEDS, config)
            assert w.verdict == "different", (policy, w.reason)


def test_a_typed_pair_that_also_passes_outside_the_domain_is_strict_under_two_hash_seeds():
    # str inputs run under the second hash seed too; its pass must not hide the first's
    # outcomes outside the domain (the level was always typed there)
    original = "def f(words):\n    return sorted(set(words))\n"
    variant = "def f(words):\n    return sorted(list(set(words)))\n"
    v = verify_pair(original, variant, "f", [[["b", "a", "b"]], [["x"]]],
                    VerifyConfig(examples=120, measure_speed=False))
    assert (v.verdict, v.equivalence) == ("equivalent", "strict"), v.reason


def test_a_variant_that_reaches_the_original_outcome_under_a_pad_is_not_rejected_there():
    # The original's pads can miss the few addresses that move its outcome while the variant's
    # process lands on one (CI saw sorted(set(l)) "differ" from itself this way). Here the
    # original's pads are taken as having missed (the input is marked stable) and the outcome
    # to match is the original's under another heap shift: a variant computing the same thing
    # reaches it under some pad; one that drops the NaN never does.
    sandbox = shared_sandbox(Limits(timeout_s=2.0, memory_mb=512))
    args = [[NAN, 1, 2, -9, 3]]
    program = ProgramRun(sandbox, UNIQUE, "unique")
    try:
        outs = [program.run([args], pad=pad)[0] for pad in range(12)]
    finally:
        program.close()
    other = next(o for o in outs if str(o["value"]) != str(outs[0]["value"]))
    same = "def unique(l):\n    distinct = set(l)\n    return sorted(distinct)\n"
    drops_nan = "def unique(l):\n    return sorted({x for x in l if x == x})\n"
    for variant, kept in ((same, []), (drops_nan, [(0, "differs")])):
        run = SimpleNamespace(stable={0}, unstable=set())
        assert confirmed(run, UNIQUE, variant, "unique", sandbox, [args], [other],
                         [(0, "differs")]) == kept, variant
    assert reaches(sandbox, drops_nan, "unique", [args], [other]) == set()
