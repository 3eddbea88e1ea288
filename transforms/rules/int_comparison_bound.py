"""``x > 0`` <-> ``x >= 1``, ``i < n + 1`` -> ``i <= n``, ``i < n`` -> ``i <= n - 1``: the
strict and the inclusive bound of a comparison of ints."""

from __future__ import annotations

import libcst as cst

from ..analysis import is_multiline
from ..analysis.evidence import EvidenceTransformer
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

# the other form of each ordering, and the shift of its bound: x < k is x <= k - 1 ...
_SWAP = {cst.LessThan: (cst.LessThanEqual, -1), cst.LessThanEqual: (cst.LessThan, +1),
         cst.GreaterThan: (cst.GreaterThanEqual, +1), cst.GreaterThanEqual: (cst.GreaterThan, -1)}
# ``i < n`` -> ``i <= n - 1`` reads as a person writes the last index; ``i <= n`` ->
# ``i < n + 1`` or ``x >= n`` -> ``x > n - 1`` do not, so a bare bound shifts only for ``<``.
_SHIFT_BARE = (cst.LessThan,)


def _literal(expr: cst.BaseExpression) -> int | None:
    """The value of a decimal int literal, ``-`` one included (``-1``); None otherwise."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus) \
            and not expr.lpar:
        inner = _literal(expr.expression)
        return None if inner is None else -inner
    if isinstance(expr, cst.Integer) and not expr.lpar and expr.value.isdigit() \
            and (expr.value == "0" or not expr.value.startswith("0")):
        return int(expr.value)
    return None


def _int_literal(value: int) -> cst.BaseExpression:
    if value < 0:
        return cst.UnaryOperation(operator=cst.Minus(), expression=cst.Integer(str(-value)))
    return cst.Integer(str(value))


def _plus_minus_one(expr: cst.BaseExpression) -> tuple[cst.BaseExpression, int] | None:
    """``e + 1`` -> (e, +1), ``e - 1`` -> (e, -1); None for anything else."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.Add, cst.Subtract)) \
            and _literal(expr.right) == 1 and isinstance(expr.right, cst.Integer):
        return expr.left, (1 if isinstance(expr.operator, cst.Add) else -1)
    return None


@register
class IntComparisonBound(Rule):
    """Trade a strict bound for an inclusive one in a comparison of two ints:

    * a literal bound: ``x > 0`` <-> ``x >= 1``, ``i < 10`` <-> ``i <= 9`` (never towards a
      negative literal: ``x >= 0`` stays, ``x > -1`` becomes ``x >= 0``);
    * ``± 1`` folded into the operator: ``i < n + 1`` -> ``i <= n``, ``i <= n - 1`` -> ``i < n``,
      ``i > n - 1`` -> ``i >= n``, ``i >= n + 1`` -> ``i > n``;
    * the last index spelled out: ``i < n`` -> ``i <= n - 1`` (``n`` a name or a call).

    Sound for ints (bools are ints): between integers ``a < b`` holds exactly when
    ``a <= b - 1``, and int ``+``/``-`` cannot raise or run user code. Both operands must be
    proven exact ints (``TypeEvidence``, the domain included: ``uses_domain``): for floats
    ``0.5 > 0`` is true and ``0.5 >= 1`` false, and a user class's ``__lt__`` may do anything.
    Each operand is still evaluated once, in the same order. Only single comparisons: in a
    chain the bound is also the next link's operand.
    """

    id = "int-comparison-bound"
    description = "Trade a strict bound for an inclusive one between ints (x > 0 <-> x >= 1)."
    category = "expression"
    family = "expression"
    intent = "neutral"
    uses_domain = True

    class Transformer(EvidenceTransformer):

        def _ints(self, left: cst.BaseExpression, right: cst.BaseExpression) -> bool:
            return (is_int(self.ev.type_of(left)) and is_int(self.ev.type_of(right))) or self.skip(
                "no evidence both operands are ints (for floats x > 0 is not x >= 1)")

        def leave_Comparison(self, original_node, updated_node):
            if len(original_node.comparisons) != 1:
                return updated_node
            link = original_node.comparisons[0]
            if type(link.operator) not in _SWAP:
                return updated_node
            left, right = original_node.left, link.comparator
            if _literal(left) is not None:
                return updated_node  # `0 < x`: a yoda condition, no bound of ours to move
            new_op, shift = _SWAP[type(link.operator)]
            new_link = updated_node.comparisons[0]
            new_right = new_link.comparator  # the same shape as ``right``, maybe rewritten inside
            bound, folded = _literal(right), _plus_minus_one(right)
            if bound is not None:
                if bound + shift < 0:
                    self.skip("the new bound would be a negative literal (x >= 0 -> x > -1)")
                    return updated_node
                new_right = _int_literal(bound + shift)
            elif folded is not None and folded[1] == -shift:
                inner = new_right.left
                # parentheses that hold line breaks stay; ``(m - 1)`` -> ``m``
                new_right = inner.with_changes(lpar=new_right.lpar, rpar=new_right.rpar) \
                    if new_right.lpar and not inner.lpar and is_multiline(new_right) else inner
            elif type(link.operator) in _SHIFT_BARE and isinstance(right, (cst.Name, cst.Call)):
                new_right = cst.BinaryOperation(
                    left=new_right, operator=cst.Subtract() if shift < 0 else cst.Add(),
                    right=cst.Integer("1"))
            else:
                return updated_node
            if not self._ints(left, right):
                return updated_node
            op = link.operator
            self.sites += 1
            return updated_node.with_changes(comparisons=[new_link.with_changes(
                operator=new_op(whitespace_before=op.whitespace_before,
                                whitespace_after=op.whitespace_after),
                comparator=new_right)])
