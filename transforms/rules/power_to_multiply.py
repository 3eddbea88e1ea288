"""``x ** 2`` -> ``x * x`` for an int ``x``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.types import is_int

# Operators that bind more loosely than ``*``: ``a + x * x`` needs no parentheses.
_LOOSER = (cst.Add, cst.Subtract, cst.LeftShift, cst.RightShift, cst.BitAnd, cst.BitOr,
           cst.BitXor)


def needs_parens(parent: cst.CSTNode | None) -> bool:
    """Whether a product replacing a child of ``parent`` must be parenthesized to keep the
    same grouping (``a / x ** 2`` -> ``a / (x * x)``, ``-x ** 2`` -> ``-(x * x)``)."""
    if isinstance(parent, cst.BinaryOperation):
        return not isinstance(parent.operator, _LOOSER)
    return isinstance(parent, (cst.UnaryOperation, cst.Attribute, cst.Subscript, cst.Call,
                               cst.Await))


@register
class PowerToMultiply(Rule):
    """``x ** 2`` -> ``x * x`` when ``x`` is a variable known to hold an int (or bool).

    Sound for ints: both are exact integer arithmetic with the same int result, and reading a
    local twice has no side effect (an unbound name raises the same NameError either way).
    Not applied to floats: ``x * x`` overflows to ``inf`` where ``x ** 2`` raises
    ``OverflowError`` (``1e200 ** 2``), and ``pow`` need not round like a product. Not applied
    without type evidence (a user class may define ``__pow__`` and ``__mul__`` differently), nor
    to an attribute or call operand (reading it twice could run code twice). The product is
    parenthesized wherever the surrounding operator binds at least as tightly as ``*``, so
    ``a / x ** 2`` becomes ``a / (x * x)`` and float operands elsewhere keep their rounding.
    """

    id = "power-to-multiply"
    description = "Square an int by multiplication instead of ** 2."
    category = "performance"
    family = "expression"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "multiply-to-power"

    class Transformer(EvidenceTransformer):
        def leave_BinaryOperation(self, original_node: cst.BinaryOperation,
                                  updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if not (m.matches(original_node, m.BinaryOperation(
                    left=m.Name(), operator=m.Power(), right=m.Integer(value="2")))
                    and not original_node.left.lpar and not original_node.right.lpar):
                return updated_node
            if not is_int(self.ev.type_of(original_node.left)):
                self.skip(f"no evidence {original_node.left.value!r} is an int")
                return updated_node
            name = original_node.left.value
            product = cst.BinaryOperation(left=cst.Name(name), operator=cst.Multiply(),
                                          right=cst.Name(name))
            if updated_node.lpar:
                product = product.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)
            elif needs_parens(self.ev.parent(original_node)):
                product = product.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            self.sites += 1
            return product
