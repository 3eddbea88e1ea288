"""``b if b < a else a`` -> ``min(a, b)``; ``b if b > a else a`` -> ``max(a, b)``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.minmax import BUILTIN_OF, literal, operands_ok


def _same_operand(x: cst.BaseExpression, y: cst.BaseExpression) -> bool:
    """The same local or the same literal, written alike (parentheses aside)."""
    return x.with_changes(lpar=[], rpar=[]).deep_equals(y.with_changes(lpar=[], rpar=[]))


@register
class ConditionalToMinMax(Rule):
    """``b if b < a else a`` -> ``min(a, b)`` and ``b if b > a else a`` -> ``max(a, b)``: the
    inverse of ``min-max-pair-to-conditional``, under the same preconditions
    (``analysis.minmax``), for locals and literals. A call of the builtin per evaluation where
    there was a comparison: meant to be slower.
    """

    id = "conditional-to-min-max"
    description = "Replace a two-way conditional that picks the smaller/larger value by min/max."
    category = "expression"
    family = "api-substitution"
    intent = "slower"
    inverse = "min-max-pair-to-conditional"

    class Transformer(EvidenceTransformer):
        def leave_IfExp(self, original_node: cst.IfExp, updated_node: cst.IfExp):
            test = original_node.test
            if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
                return updated_node
            target = test.comparisons[0]
            builtin = BUILTIN_OF.get(type(target.operator))
            b, a = test.left, target.comparator
            if builtin is None or not all(isinstance(x, cst.Name) or literal(x) for x in (a, b)):
                return updated_node
            if not (_same_operand(original_node.body, b)
                    and _same_operand(original_node.orelse, a)):
                return updated_node
            if not operands_ok(self.ev, original_node, builtin, [a, b]):
                return updated_node
            self.sites += 1
            new_a, new_b = (x.with_changes(lpar=[], rpar=[])
                            for x in (updated_node.test.comparisons[0].comparator,
                                      updated_node.test.left))
            return cst.Call(func=cst.Name(builtin), args=[
                cst.Arg(new_a, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                cst.Arg(new_b)])  # a call needs none of the conditional's parentheses
