"""Inverse rule pairs (``Rule.inverse``) agree: each names the other, and what both need to know
(which calls qualify, which types are safe) comes from one shared module, not two copies."""

from __future__ import annotations

import sys

import pytest

from semforge.transforms import all_rules
from semforge.transforms.analysis.copies import READERS
from semforge.transforms.pytorch import pytorch_rule_classes
from semforge.transforms.testing import assert_rewrites

RULES = {**all_rules(), **pytorch_rule_classes()}
PAIRS = sorted({tuple(sorted((cls.id, cls.inverse))) for cls in RULES.values() if cls.inverse})


def _constants(cls) -> dict[str, object]:
    """The module-level constants (UPPER_CASE names) of the module defining a rule."""
    module = sys.modules[cls.__module__]
    return {k: v for k, v in vars(module).items()
            if k.strip("_").isupper() and not k.startswith("__") and not callable(v)}


def test_inverse_pairs_name_each_other():
    assert len(PAIRS) >= 20
    for a, b in PAIRS:
        assert a in RULES and b in RULES, (a, b)
        assert RULES[a].inverse == b and RULES[b].inverse == a, (a, b)
        assert RULES[a].language == RULES[b].language


@pytest.mark.parametrize("pair", PAIRS, ids="/".join)
def test_pair_shares_its_constants(pair):
    """A constant both rules of a pair define under one name must be one object, imported from
    one module: two copies drift (the list-copy pair once disagreed on its readers)."""
    a, b = (_constants(RULES[r]) for r in pair)
    for name in sorted(set(a) & set(b)):
        assert a[name] is b[name], f"{pair}: {name} is defined twice; move it to transforms/analysis"


@pytest.mark.parametrize("reader", sorted(READERS))
def test_list_copy_pair_round_trips_every_reader(reader):
    head = "def f(raw: list[int]):\n    xs = tuple(int(v) for v in raw)\n"  # ints, from the code
    before = f"{head}    return {reader}(xs)\n"
    after = f"{head}    return {reader}(list(xs))\n"
    assert_rewrites("redundant-list-copy", before, after)
    assert_rewrites("remove-redundant-list-copy", after, before)


def test_every_built_in_rule_declares_a_known_family():
    """`semforge rules list`, the card and export group rules by family: a built-in rule
    without one would be counted as `other`."""
    from semforge.transforms.families import FAMILIES

    for rule_id, cls in RULES.items():
        if cls.__module__.startswith("semforge.transforms."):
            assert cls.family in FAMILIES and cls.family not in ("other", "model"), rule_id
