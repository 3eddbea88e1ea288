"""Flip the operands of a comparison: ``a < b`` -> ``b > a``, for immutable builtin values."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import FunctionScope, ParentNodeProvider, PositionProvider, ScopeProvider

from ..analysis import builtin_is_shadowed, is_literal, replace_expression
from ..analysis.immutables import ImmutableEvidence
from ..base import Rule, RuleTransformer
from ..registry import register

_MIRROR = {cst.LessThan: cst.GreaterThan, cst.GreaterThan: cst.LessThan,
           cst.LessThanEqual: cst.GreaterThanEqual, cst.GreaterThanEqual: cst.LessThanEqual,
           cst.Equal: cst.Equal, cst.NotEqual: cst.NotEqual}


@register
class FlipComparison(Rule):
    """``a < b`` -> ``b > a`` (likewise ``<=``/``>=``, ``==``, ``!=``) when both operands are
    literals or locals proven to hold immutable builtin values (int, float, bool, str, bytes,
    complex, None; the evidence of ``augmented-assignment``: every binding in the function is a
    literal, ``len()``, a ``range`` loop or arithmetic over such values).

    ``a < b`` tries ``a.__lt__(b)`` then ``b.__gt__(a)``; ``b > a`` tries them the other way
    round, and evaluates ``b`` first. For builtin scalars the mirrored methods agree (NaN
    included: both are False) and mixed types raise ``TypeError`` either way; operands that
    are literals or local names have no effects, so evaluation order does not matter.
    Parameters carry no evidence (a caller may pass any object with its own ``__eq__``).
    Only single comparisons (not chains), inside functions, and never towards a literal on the
    left (``x > 0`` -> ``0 < x``, a yoda condition linters flag): ``0 < x`` -> ``x > 0`` is.
    """

    id = "flip-comparison"
    description = "Mirror `a < b` into `b > a` for literals and proven int/str locals."
    category = "expression"
    family = "expression"
    intent = "neutral"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider, PositionProvider)

        def visit_Module(self, node: cst.Module) -> None:
            self.len_ok = not builtin_is_shadowed(node, "len")
            self.range_ok = not builtin_is_shadowed(node, "range")
            self.evidence: dict[FunctionScope, frozenset[str]] = {}
            self.lines = node.code.splitlines()

        def _known(self, expr: cst.BaseExpression, scope: FunctionScope) -> bool:
            if is_literal(expr) and not isinstance(expr, cst.Ellipsis):
                return True
            if not isinstance(expr, cst.Name):
                return False
            if scope not in self.evidence:
                self.evidence[scope] = ImmutableEvidence(self, scope, self.len_ok,
                                                         self.range_ok).names
            return expr.value in self.evidence[scope]

        def leave_Comparison(self, original_node, updated_node):
            if len(original_node.comparisons) != 1:
                if any(type(c.operator) in _MIRROR for c in original_node.comparisons):
                    self.skip("a chained comparison")
                return updated_node
            link = original_node.comparisons[0]
            if type(link.operator) not in _MIRROR:
                return updated_node
            left, right = original_node.left, link.comparator
            if is_literal(left) and is_literal(right):
                self.skip("both operands are literals")
                return updated_node
            # Only literals and names can be known immutable (see _known): check the shape
            # before the scope analysis.
            if not all(isinstance(x, cst.Name) or (is_literal(x) and not isinstance(x, cst.Ellipsis))
                       for x in (left, right)):
                self.skip("an operand is not a name or literal")
                return updated_node
            scope = self.get_metadata(ScopeProvider, original_node, None)
            if not isinstance(scope, FunctionScope):
                self.skip("not in a function")
                return updated_node
            if not (self._known(left, scope) and self._known(right, scope)):
                self.skip("no evidence both operands hold immutable builtin values")
                return updated_node
            if is_literal(right):
                # `x > 0` -> `0 < x` is a yoda condition: only the other way round is natural
                self.skip("the mirror would put the literal first (a yoda condition)")
                return updated_node
            new_link = updated_node.comparisons[0]
            op = link.operator
            mirrored = _MIRROR[type(op)](whitespace_before=op.whitespace_before,
                                         whitespace_after=op.whitespace_after)
            self.sites += 1
            flipped = updated_node.with_changes(
                left=new_link.comparator,
                comparisons=[new_link.with_changes(operator=mirrored,
                                                   comparator=updated_node.left)])
            where = self.get_metadata(PositionProvider, original_node, None)
            return replace_expression(original_node, flipped, self.lines, where)
