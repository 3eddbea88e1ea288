"""Flip the operands of a comparison: ``a < b`` -> ``b > a``, for immutable builtin values."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import FunctionScope, ParentNodeProvider, PositionProvider, ScopeProvider

from ..analysis import builtin_is_shadowed, is_literal, replace_expression
from ..analysis.evidence import EvidenceTransformer
from ..analysis.immutables import ImmutableEvidence
from ..base import Rule
from ..registry import register

_MIRROR = {cst.LessThan: cst.GreaterThan, cst.GreaterThan: cst.LessThan,
           cst.LessThanEqual: cst.GreaterThanEqual, cst.GreaterThanEqual: cst.LessThanEqual,
           cst.Equal: cst.Equal, cst.NotEqual: cst.NotEqual}

_SCALARS = frozenset({"int", "bool", "float", "str", "bytes"})
_NUMBERS = frozenset({"int", "bool", "float"})


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
    Parameters carry no evidence (a caller may pass any object with its own ``__eq__``)
    unless the domain types them (``uses_domain``): with ``TypeEvidence``, an operand may also
    be any *total* expression of a proven exact scalar type (``len(s)``, ``n - 1``, ``s.lower()``:
    ``TypeEvidence.is_total``, so evaluating it before or after the other changes nothing);
    an ordering then needs two numbers or two strs (``1 < "a"`` raises a TypeError whose
    message names the operands in order). Only single comparisons (not chains), inside functions, and never towards a literal on the
    left (``x > 0`` -> ``0 < x``, a yoda condition linters flag): ``0 < x`` -> ``x > 0`` is.
    """

    id = "flip-comparison"
    description = "Mirror `a < b` into `b > a` for literals and proven int/str locals."
    category = "expression"
    family = "expression"
    intent = "neutral"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider, PositionProvider)

        def visit_Module(self, node: cst.Module) -> None:
            super().visit_Module(node)
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

        def _typed(self, op: cst.BaseCompOp, left: cst.BaseExpression,
                   right: cst.BaseExpression) -> bool:
            """Both operands total, of exact scalar types that compare without raising."""
            types = [self.ev.type_of(x) for x in (left, right)]
            if any(t is None or t.kind not in _SCALARS for t in types):
                return False
            if not (self.ev.is_total(left) and self.ev.is_total(right)):
                return False
            if isinstance(op, (cst.Equal, cst.NotEqual)):
                return True
            kinds = {t.kind for t in types}
            return kinds <= _NUMBERS or len(kinds) == 1

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
            if isinstance(right, cst.BinaryOperation):
                # `i < n - 1` -> `n - 1 > i`: a bound reads best on the right
                self.skip("the mirror would put arithmetic first")
                return updated_node
            scope = self.get_metadata(ScopeProvider, original_node, None)
            if not isinstance(scope, FunctionScope):
                self.skip("not in a function")
                return updated_node
            if is_literal(right):
                # `x > 0` -> `0 < x` is a yoda condition: only the other way round is natural
                self.skip("the mirror would put the literal first (a yoda condition)")
                return updated_node
            if isinstance(link.operator, (cst.Equal, cst.NotEqual)) and not is_literal(left):
                # `a == b` -> `b == a` keeps the operator and swaps two operands: nothing to
                # learn. Only a yoda equality (`0 == best`) is worth turning round.
                self.skip("an equality between two non-literals (its mirror teaches nothing)")
                return updated_node
            # Literals and names: the immutables evidence; anything else: the typed one.
            simple = all(isinstance(x, cst.Name) or (is_literal(x) and not isinstance(
                x, cst.Ellipsis)) for x in (left, right))
            if not (simple and self._known(left, scope) and self._known(right, scope)
                    or self._typed(link.operator, left, right)):
                self.skip("no evidence both operands hold immutable builtin values")
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
