"""A fast subset of the realistic-rewrite benchmark (benchmarks/realistic_rewrites.py) through
the real sandbox: one non-equivalent rewrite of every class, and tricky equivalent ones; and of
the typed set (model-style rewrites whose verdict depends on the seed's domain). Every case's
label is first checked in plain Python, so a label here is checked, not assumed."""

import pytest

from semforge.verifiers import VerifyConfig, verify_pair
from semforge.verifiers.realistic import CASES, FAST, typed, witness_shows
from semforge.verifiers.realistic.typed.checks import check_case, witness_in_domain

CONFIG = VerifyConfig(examples=120, measure_speed=False)
SUBSET = [c for c in CASES if c.name in FAST]
TYPED = [c for c in typed.CASES if c.name in typed.FAST]


def test_every_witness_shows_its_difference_in_plain_python():
    for case in CASES:
        if not case.equivalent:
            shows, detail = witness_shows(case)
            assert shows, f"{case.name}: {detail}"


def test_every_typed_label_holds_in_plain_python():
    """Wrong: an in-domain witness that shows the difference; correct: agreement on the seeds
    and on in-domain draws, and a difference outside the domain where one is claimed."""
    problems = {c.name: check_case(c) for c in typed.CASES}
    assert not {k: v for k, v in problems.items() if v}


def test_subset_covers_every_class():
    assert {c.cls for c in SUBSET} == {c.cls for c in CASES}
    assert len(CASES) - sum(c.equivalent for c in CASES) >= 60
    assert len(typed.CORRECT) >= 40 and len(typed.WRONG) >= 40
    assert sum(c.outside is not None for c in typed.CORRECT) >= 40  # rely on the domain


@pytest.mark.parametrize("case", SUBSET, ids=[c.name for c in SUBSET])
def test_realistic_rewrite(case):
    """Under the default (typed) policy: a wrong rewrite whose difference lies inside the
    domain is rejected; one that differs only outside it is equivalent at the typed level
    only, never at strict."""
    verdict = verify_pair(case.original, case.variant, case.entry, case.seeds, CONFIG)
    if case.equivalent:
        assert verdict.verdict == "equivalent", verdict.reason
    elif witness_in_domain(case):
        assert verdict.verdict == "different", verdict.reason
    else:
        assert verdict.verdict == "different" or verdict.equivalence == "typed", verdict.reason


@pytest.mark.parametrize("case", TYPED, ids=[c.name for c in TYPED])
def test_typed_rewrite(case):
    verdict = verify_pair(case.original, case.variant, case.entry, case.seeds, CONFIG)
    if case.equivalent:
        assert verdict.verdict == "equivalent", verdict.reason
        # one that holds for every value is strict; one that needs the domain is typed, or
        # strict where the strict inputs miss what tells it apart outside the domain
        assert verdict.equivalence == "strict" or case.outside, verdict.reason
    else:
        assert verdict.verdict == "different", verdict.reason
