"""``if n:`` -> ``if n != 0:`` and ``not n`` -> ``n == 0`` for ints and floats."""

from __future__ import annotations

import libcst as cst

from ..analysis.conditions import in_condition
from ..analysis.evidence import EvidenceTransformer
from ..analysis.truth import NUMBERS
from ..base import Rule
from ..registry import register

# Operands a comparison with 0 reads naturally after: a name, an item, a call, an attribute,
# a remainder (``n % i != 0``).
_OPERANDS = (cst.Name, cst.Subscript, cst.Call, cst.Attribute)


def _zero_test(operand: cst.BaseExpression, op: cst.BaseCompOp) -> cst.Comparison:
    return cst.Comparison(left=operand, comparisons=[cst.ComparisonTarget(
        operator=op, comparator=cst.Integer("0"))])


@register
class TruthinessToZeroCompare(Rule):
    """``x`` -> ``x != 0`` where only its truth is used (an if/while/assert/ternary test, a
    comprehension's ``if``, an and/or that is itself such a test), and ``not x`` -> ``x == 0``
    anywhere, for an exact int or float ``x`` (not a bool: ``flag != 0`` is no one's style).
    The inverse of ``zero-compare-to-truthiness``, and as sound: a builtin number's truth is
    ``x != 0`` (``-0.0`` false, NaN true), ``not x`` and ``x == 0`` are the same bool, nothing
    raises or runs user code, and ``x`` is evaluated once. The type must be proven (the domain
    included: ``uses_domain``). ``x`` is a name, an item, a call, an attribute or a remainder
    (``if n % i:`` -> ``if n % i != 0:``).
    """

    id = "truthiness-to-zero-compare"
    description = "Test an int or float against 0 instead of by its truth value."
    category = "expression"
    family = "expression"
    intent = "slower"
    uses_domain = True
    inverse = "zero-compare-to-truthiness"

    class Transformer(EvidenceTransformer):

        def _number(self, node: cst.BaseExpression) -> bool:
            if not (isinstance(node, _OPERANDS) or isinstance(node, cst.BinaryOperation)
                    and isinstance(node.operator, cst.Modulo)):
                return False
            t = self.ev.type_of(node)
            if t is None:
                return self.skip("no evidence the value is an int or a float")
            return t.kind in NUMBERS - {"bool"}  # a bool, a str, a list...: not a number test

        def leave_UnaryOperation(self, original_node, updated_node):
            if not (isinstance(original_node.operator, cst.Not)
                    and self._number(original_node.expression)):
                return updated_node
            self.sites += 1
            inner = updated_node.expression
            return _zero_test(inner, cst.Equal()).with_changes(
                lpar=updated_node.lpar, rpar=updated_node.rpar)

        def on_leave(self, original_node, updated_node):
            updated_node = super().on_leave(original_node, updated_node)
            if not isinstance(original_node, (*_OPERANDS, cst.BinaryOperation)):
                return updated_node
            parent = self.ev.parent(original_node) if in_condition(self.ev, original_node) \
                else None
            if parent is None or isinstance(parent, cst.UnaryOperation):
                return updated_node  # `not x` is leave_UnaryOperation's
            if not self._number(original_node):
                return updated_node
            self.sites += 1
            return _zero_test(updated_node, cst.NotEqual())
