"""A fast subset of the realistic-rewrite benchmark (benchmarks/realistic_rewrites.py) through
the real sandbox: one non-equivalent rewrite of every class, and tricky equivalent ones. Every
case's witness is first run in plain Python, so a label here is checked, not assumed."""

import pytest

from semforge.verifiers import VerifyConfig, verify_pair
from semforge.verifiers.realistic import CASES, FAST, witness_shows

CONFIG = VerifyConfig(examples=120, measure_speed=False)
SUBSET = [c for c in CASES if c.name in FAST]


def test_every_witness_shows_its_difference_in_plain_python():
    for case in CASES:
        if not case.equivalent:
            shows, detail = witness_shows(case)
            assert shows, f"{case.name}: {detail}"


def test_subset_covers_every_class():
    assert {c.cls for c in SUBSET} == {c.cls for c in CASES}
    assert len(CASES) - sum(c.equivalent for c in CASES) >= 60


@pytest.mark.parametrize("case", SUBSET, ids=[c.name for c in SUBSET])
def test_realistic_rewrite(case):
    verdict = verify_pair(case.original, case.variant, case.entry, case.seeds, CONFIG)
    if case.equivalent:
        assert verdict.verdict == "equivalent", verdict.reason
    else:
        assert verdict.verdict == "different", verdict.reason
