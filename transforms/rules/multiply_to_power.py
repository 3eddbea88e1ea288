"""``x * x`` -> ``x ** 2`` for an int ``x``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.types import is_int


@register
class MultiplyToPower(Rule):
    """``x * x`` -> ``x ** 2`` when ``x`` is a variable known to hold an int (or bool).

    The reverse of ``power-to-multiply``, sound under the same evidence: for ints both are
    exact and give the same int (``True * True == True ** 2 == 1``). Floats are excluded
    (``x * x`` gives ``inf`` where ``x ** 2`` raises ``OverflowError``), and so are operands
    without evidence (user ``__mul__``/``__pow__``). ``**`` binds tighter than every binary
    operator, so the power never needs new parentheses; ``x * x * y`` becomes ``x ** 2 * y``
    (the same grouping) while ``y * x * x`` is ``(y * x) * x`` and is left alone.
    """

    id = "multiply-to-power"
    description = "Square an int with ** 2 instead of multiplying it by itself."
    category = "performance"
    family = "expression"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "power-to-multiply"

    class Transformer(EvidenceTransformer):
        def leave_BinaryOperation(self, original_node: cst.BinaryOperation,
                                  updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if not (m.matches(original_node, m.BinaryOperation(
                    left=m.Name(), operator=m.Multiply(), right=m.Name()))
                    and original_node.left.value == original_node.right.value
                    and not original_node.left.lpar and not original_node.right.lpar):
                return updated_node
            if not is_int(self.ev.type_of(original_node.left)):
                self.skip(f"no evidence {original_node.left.value!r} is an int")
                return updated_node
            self.sites += 1
            return cst.BinaryOperation(
                left=cst.Name(original_node.left.value), operator=cst.Power(),
                right=cst.Integer("2"), lpar=updated_node.lpar, rpar=updated_node.rpar)
