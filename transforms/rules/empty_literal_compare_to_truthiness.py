"""``xs == []`` -> ``not xs`` (and ``s != ""`` -> ``s`` in a condition) for a builtin container of
the literal's own type."""

from __future__ import annotations

import libcst as cst

from ..analysis import keep_lines_together
from ..analysis.conditions import in_condition
from ..analysis.evidence import EvidenceTransformer
from ..analysis.syntax import wrap
from ..base import Rule
from ..registry import register


def empty_literal_kind(node: cst.BaseExpression) -> str | None:
    """The type of the empty display or literal ``node`` is: ``[]`` list, ``""`` str, ``()``
    tuple, ``{}`` dict; None for anything else (bytes, f-strings, non-empty ones)."""
    if isinstance(node, cst.List) and not node.elements:
        return "list"
    if isinstance(node, cst.Tuple) and not node.elements:
        return "tuple"
    if isinstance(node, cst.Dict) and not node.elements:
        return "dict"
    if (isinstance(node, cst.SimpleString) and "b" not in node.prefix.lower()
            and node.evaluated_value == ""):
        return "str"
    return None


@register
class EmptyLiteralCompareToTruthiness(Rule):
    """``xs == []`` -> ``not xs``, and ``xs != []`` -> ``xs`` where only its truth is used;
    likewise against ``""``, ``()`` and ``{}`` (either side of the operator).

    Sound when ``xs`` is known to be an exact object of the literal's own type (a list against
    ``[]``, a str against ``""``...): such an object equals the empty one exactly when it is
    empty, which is its truth value, and neither ``==`` nor ``bool`` can raise or run user code
    on it. A tuple is never ``== []``, so the kinds must match. ``not xs`` is a bool like the
    comparison, so the equality test is rewritten anywhere; ``xs != []`` only where nothing but
    its truth value is observed (``analysis.conditions.in_condition``). ``xs`` is evaluated
    once either way; no chained comparisons. Types often come from the seed's domain. No
    empty object is built and compared: faster.
    """

    id = "empty-literal-compare-to-truthiness"
    description = "Test emptiness by truthiness instead of comparing with an empty literal."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.Comparison) -> cst.BaseExpression:
            if len(original_node.comparisons) != 1:
                return updated_node
            target = original_node.comparisons[0]
            if not isinstance(target.operator, (cst.Equal, cst.NotEqual)):
                return updated_node
            if empty_literal_kind(target.comparator):
                kind, value = empty_literal_kind(target.comparator), original_node.left
                arg = updated_node.left
            elif empty_literal_kind(original_node.left):
                kind, value = empty_literal_kind(original_node.left), target.comparator
                arg = updated_node.comparisons[0].comparator
            else:
                return updated_node
            if empty_literal_kind(value) is not None:
                return updated_node  # two literals: constant folding, not this rule
            t = self.ev.type_of(value)
            if t is None or t.kind != kind:
                return self.skip(f"no evidence the value is an exact {kind}") or updated_node
            if isinstance(target.operator, cst.Equal):
                new = cst.UnaryOperation(operator=cst.Not(), expression=wrap(arg))
            elif in_condition(self.ev, original_node):
                new = wrap(arg)
            else:
                return self.skip("not in a condition (the container itself, not a bool, "
                                 "would result)") or updated_node
            self.sites += 1
            new = keep_lines_together(new)
            if updated_node.lpar:
                if new.lpar:
                    return new
                return new.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)
            return new
