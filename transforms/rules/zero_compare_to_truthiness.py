"""``n == 0`` -> ``not n``, ``n != 0`` -> ``n`` (in a condition) for ints and floats."""

from __future__ import annotations

import libcst as cst

from ..analysis import keep_lines_together
from ..analysis.conditions import in_condition
from ..analysis.evidence import EvidenceTransformer
from ..analysis.syntax import wrap
from ..analysis.truth import NUMBERS
from ..base import Rule
from ..registry import register


def _is_zero(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Integer) and expr.value == "0"


@register
class ZeroCompareToTruthiness(Rule):
    """``x == 0`` -> ``not x`` anywhere, and ``x != 0`` -> ``x`` where only its truth is used
    (an if/while/assert/ternary test, under ``not``, an and/or that is itself such a test),
    for an exact int, bool or float ``x`` (``s == ""`` for a str is
    ``empty-literal-compare-to-truthiness``).

    The truth of a builtin number is defined as ``x != 0`` (``-0.0`` and ``0.0`` are false, NaN
    is true, as ``nan != 0`` is); neither
    ``bool`` nor the comparison can raise or run user code on them, and ``x`` is evaluated once
    in both forms. ``not x`` is a bool like ``x == 0``; ``x`` itself is not a bool like
    ``x != 0``, so that direction stays in conditions. The type must be proven
    (``TypeEvidence``, the seed's domain included: ``uses_domain``): a numpy array raises on
    ``bool``, ``Decimal`` or a user class may define ``__bool__`` and ``__eq__`` apart, and
    ``"" == 0`` is False where ``not ""`` is True. Single comparisons with the literal on the
    right only; never under ``not`` for ``== 0`` (``not not x``); an arithmetic operand only
    for ``%`` (``not n % i`` is an idiom, ``not a + b`` reads as ``(not a) + b``).
    """

    id = "zero-compare-to-truthiness"
    description = "Test an int or float against 0 by its truth value."
    category = "expression"
    family = "expression"
    intent = "faster"
    uses_domain = True
    inverse = "truthiness-to-zero-compare"

    class Transformer(EvidenceTransformer):

        def leave_Comparison(self, original_node, updated_node):
            if len(original_node.comparisons) != 1:
                return updated_node
            link = original_node.comparisons[0]
            if not isinstance(link.operator, (cst.Equal, cst.NotEqual)):
                return updated_node
            if not _is_zero(link.comparator):
                return updated_node
            t = self.ev.type_of(original_node.left)
            if t is None or t.kind not in NUMBERS:
                self.skip("no evidence the operand is a number")
                return updated_node
            left = original_node.left
            if isinstance(left, cst.Call) and isinstance(left.func, cst.Name) \
                    and left.func.value == "len":
                # `not len(xs)` is what linters flag (PLC1802): the container's own truth
                # is len-compare-to-truthiness's rewrite
                self.skip("a len() call (the container's truth is the natural form)")
                return updated_node
            if isinstance(left, cst.BinaryOperation) and not (
                    isinstance(left.operator, cst.Modulo) or left.lpar):
                # `not n % i` is an idiom; `not a + b` reads as `(not a) + b`
                self.skip("the operand is arithmetic other than %")
                return updated_node
            operand = updated_node.left
            if isinstance(link.operator, cst.Equal):
                parent = self.ev.parent(original_node)
                if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
                    self.skip("under not (not not x)")
                    return updated_node
                new = cst.UnaryOperation(operator=cst.Not(), expression=wrap(operand))
            elif in_condition(self.ev, original_node):
                new = wrap(operand)
            else:
                self.skip("not in a condition (the value itself, not a bool, would result)")
                return updated_node
            self.sites += 1
            new = keep_lines_together(new)
            if updated_node.lpar and not new.lpar:
                return new.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)
            return new
