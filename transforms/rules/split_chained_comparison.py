"""Split a chained comparison: ``a < b < c`` -> ``a < b and b < c``."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ParentNodeProvider, ScopeProvider

from ..analysis import is_literal
from ..analysis.scopes import stable_operand
from ..base import Rule, RuleTransformer
from ..registry import register

# Parents under which an `and` expression may replace a comparison without parentheses.
_LOOSE_OK = (cst.If, cst.While, cst.Return, cst.Assign, cst.Expr)


@register
class SplitChainedComparison(Rule):
    """``a < b < c`` -> ``a < b and b < c`` (and ``a < b < c < d`` -> ``a < b and b < c < d``).

    Python defines ``a < b < c`` as ``a < b and b < c`` except that ``b`` is evaluated once, so
    the split is sound exactly when evaluating ``b`` twice is the same as once: ``b`` is a
    literal, or a local variable of a function that nothing can rebind between the two reads
    (not ``global``/``nonlocal`` anywhere in the function, no ``exec``/``eval``/``locals()``,
    not a module or closure variable, which a user ``__lt__`` could rebind). The result keeps
    the short-circuit and the returned operand (``and`` returns the first falsy comparison, as
    the chain does); it is parenthesized unless it stands alone as a condition or value.
    """

    id = "split-chained-comparison"
    description = "Split `a < b < c` into `a < b and b < c` when b is a literal or local."
    category = "expression"
    family = "expression"
    intent = "neutral"
    inverse = "merge-chained-comparison"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

        def leave_Comparison(self, original_node, updated_node):
            if len(updated_node.comparisons) < 2:
                return updated_node
            first, rest = updated_node.comparisons[0], updated_node.comparisons[1:]
            middle = original_node.comparisons[0].comparator
            if not stable_operand(self, middle):
                return updated_node
            if is_literal(original_node.left):
                # `0 <= x < n` -> `0 <= x and x < n` leaves a yoda condition first
                self.skip("the first comparison would start with a literal (a yoda condition)")
                return updated_node
            self.sites += 1
            left = cst.Comparison(left=updated_node.left, comparisons=[first])
            right = cst.Comparison(left=first.comparator, comparisons=rest)
            new = cst.BooleanOperation(left=left, operator=cst.And(), right=right,
                                       lpar=updated_node.lpar, rpar=updated_node.rpar)
            parent = self.get_metadata(ParentNodeProvider, original_node, None)
            if not new.lpar and not isinstance(parent, _LOOSE_OK):
                new = new.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            return new
