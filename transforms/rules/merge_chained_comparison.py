"""Merge comparisons sharing an operand: ``a < b and b < c`` -> ``a < b < c``."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ScopeProvider

from ..base import Rule, RuleTransformer
from ..registry import register
from ..analysis.scopes import same_operand, stable_operand


@register
class MergeChainedComparison(Rule):
    """``a < b and b < c`` -> ``a < b < c`` when both ``b`` are the same literal or the same
    local variable.

    A chained comparison is defined as the ``and`` of its links with the shared operand
    evaluated once. Reading ``b`` once instead of twice is the same only when nothing can
    rebind it in between: a literal, or a function-local variable that is not
    ``global``/``nonlocal`` anywhere in the function and not visible to ``exec``/``eval``/
    ``locals()`` (a module or closure variable could be rebound by a user ``__lt__``). Both
    sides of the ``and`` must be comparisons written without their own parentheses.
    """

    id = "merge-chained-comparison"
    description = "Merge `a < b and b < c` into `a < b < c` when b is a literal or local."
    category = "expression"
    family = "expression"
    intent = "neutral"
    inverse = "split-chained-comparison"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider,)

        def leave_BooleanOperation(self, original_node, updated_node):
            left, right = original_node.left, original_node.right
            if not (isinstance(original_node.operator, cst.And)
                    and isinstance(left, cst.Comparison) and isinstance(right, cst.Comparison)):
                return updated_node
            if left.lpar or right.lpar:
                self.skip("a parenthesized comparison")
                return updated_node
            shared = left.comparisons[-1].comparator
            if not same_operand(shared, right.left):
                self.skip("the comparisons share no operand")
                return updated_node
            if not (stable_operand(self, shared) and stable_operand(self, right.left)):
                return updated_node  # it said why
            self.sites += 1
            new_left, new_right = updated_node.left, updated_node.right
            return cst.Comparison(left=new_left.left,
                                  comparisons=[*new_left.comparisons, *new_right.comparisons],
                                  lpar=updated_node.lpar, rpar=updated_node.rpar)
