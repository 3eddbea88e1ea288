"""The hostile-context harness (semforge.transforms.harness, which benchmarks/rule_harness.py
runs on every rule) on a fast subset of rules."""

from pathlib import Path

import libcst as cst
import libcst.matchers as m
import pytest

from semforge.transforms import Rule, RuleTransformer
from semforge.transforms import harness

FIXTURES = Path(__file__).resolve().parent / "rules"


class DoubleToAdd(Rule):
    """``x * 2`` -> ``x + x`` with no evidence about ``x``: unsound, on purpose."""

    id = "test-double-to-add"

    class Transformer(RuleTransformer):
        def leave_BinaryOperation(self, original_node, updated_node):
            if m.matches(updated_node, m.BinaryOperation(left=m.Name(), operator=m.Multiply(),
                                                         right=m.Integer("2"))):
                self.sites += 1
                return updated_node.with_changes(operator=cst.Add(), right=updated_node.left)
            return updated_node


def test_harness_catches_an_unsound_rule():
    report = harness.run_rule(DoubleToAdd(), ["def f(x):\n    return x * 2\n"], timeout=1.0)
    assert report["plain"]["fired"] == 1
    # even plain values tell: {} * 2 and {} + {} raise TypeErrors with different messages
    assert report["plain"]["unsound"]["call"] == "f({'a': 1})"
    for context in ("subclass", "dunders"):
        found = report[context]["unsound"]
        assert found is not None, context
        assert found["original"] != found["variant"]
    assert report["shadowed"]["fired"] == 1  # it reads no builtin: shadowing does not stop it


@pytest.mark.parametrize("rule_id", ["membership-list-to-set", "any-all-loop-to-builtin",
                                     "power-to-multiply", "sum-builtin-to-loop",
                                     "map-filter-lambda-to-loop", "extract-lambda-helper",
                                     "min-max-pair-to-conditional", "fold-builtin-of-literal",
                                     "lambda-wrapping-builtin", "conditional-to-min-max",
                                     "builtin-to-wrapping-lambda",
                                     "comprehension-to-map-filter-lambda",
                                     "subscript-lambda-to-getitem",
                                     "remove-redundant-int-call",
                                     "negative-index-to-len-offset",
                                     "list-call-to-comprehension",
                                     "comprehension-copy-to-list-call",
                                     "sum-to-reduce", "reduce-add-to-sum"])
def test_rules_are_sound_in_every_hostile_context(rule_id):
    fixtures = harness.fixtures_by_rule(FIXTURES, [rule_id])[rule_id]
    assert fixtures, f"{rule_id} has no must-fire fixtures"
    report = harness.run_rule(rule_id, fixtures, timeout=1.0)
    assert report["plain"]["fired"] > 0
    unsound = {c: r["unsound"] for c, r in report.items() if r["unsound"]}
    assert unsound == {}
