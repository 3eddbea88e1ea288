"""Split a chained comparison: ``a < b < c`` -> ``a < b and b < c``."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import FunctionScope, ParentNodeProvider, ScopeProvider

from ..analysis import global_nonlocal_names, uses_dynamic_scope
from ..base import Rule, RuleTransformer
from ..registry import register

_LITERALS = (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString)
# Parents under which an `and` expression may replace a comparison without parentheses.
_LOOSE_OK = (cst.If, cst.While, cst.Return, cst.Assign, cst.Expr)


def stable_operand(transformer: RuleTransformer, expr: cst.BaseExpression) -> bool:
    """``expr`` gives the same value when evaluated twice in a row in this frame, with no
    side effect: a literal, or a local variable of a function that no other code can rebind
    (not global/nonlocal anywhere, no exec/eval/locals() in the function)."""
    if isinstance(expr, _LITERALS):
        return True
    if not isinstance(expr, cst.Name):
        return False
    if expr.value in ("True", "False", "None"):
        return True
    scope = transformer.get_metadata(ScopeProvider, expr, None)
    if not isinstance(scope, FunctionScope) or expr.value not in scope:
        return False
    assignments = scope[expr.value]
    if not assignments or any(a.scope is not scope for a in assignments):
        return False  # a global, builtin or closure variable: other code may rebind it
    func = scope.node
    return (expr.value not in global_nonlocal_names(func) and not uses_dynamic_scope(func))


def same_operand(a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
    if isinstance(a, cst.Name) and isinstance(b, cst.Name):
        return a.value == b.value
    if isinstance(a, _LITERALS) and type(a) is type(b):
        return a.value == b.value
    return False


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
    intent = "neutral"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

        def leave_Comparison(self, original_node, updated_node):
            if len(updated_node.comparisons) < 2:
                return updated_node
            first, rest = updated_node.comparisons[0], updated_node.comparisons[1:]
            middle = original_node.comparisons[0].comparator
            if not stable_operand(self, middle):
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
