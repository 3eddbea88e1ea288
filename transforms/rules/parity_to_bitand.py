"""``x % 2 == 0`` -> ``not x & 1`` (and the odd tests -> ``x & 1`` where only truth counts),
for an int ``x``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

_MOD2 = m.BinaryOperation(operator=m.Modulo(), right=m.Integer(value="2"))


def _bitand(operand: cst.BaseExpression) -> cst.BinaryOperation:
    # ``operand`` was the left side of ``%``, which binds tighter than ``&``: no parentheses
    return cst.BinaryOperation(left=operand, operator=cst.BitAnd(), right=cst.Integer("1"))


@register
class ParityToBitand(Rule):
    """``x % 2 == 0`` / ``x % 2 != 1`` -> ``not x & 1`` anywhere, and ``x % 2 == 1`` /
    ``x % 2 != 0`` / ``x % 2`` -> ``x & 1`` where only the value's truth is used (an ``if``,
    ``while`` or conditional-expression test, a comprehension's ``if``, an operand of ``not``,
    an ``and``/``or`` that is itself tested, the items of ``any``/``all`` and the result of the
    function given to ``filter``), when ``x`` is known to be an int or a bool.

    Sound for ints: Python's ``%`` is the floor modulo, so ``x % 2`` is 0 or 1 for every int,
    negative ones included (``-3 % 2 == 1``), and so is ``x & 1`` on the two's complement
    (``-3 & 1 == 1``); ``not`` turns either into the same bool, and ``x`` is evaluated once
    either way. Not for floats (``2.5 & 1`` raises) nor without evidence: a user class may
    define ``__mod__`` and ``__and__`` as it likes; the evidence is often the seed's domain
    (``xs: list[int]`` makes every item of ``xs`` an int), so the rule ``uses_domain``.
    ``x & 1`` is one cheap operation where ``x % 2 == 1`` is a division and a comparison.
    """

    id = "parity-to-bitand"
    description = "Test an int's parity with & 1 instead of % 2 and a comparison."
    category = "performance"
    family = "expression"
    intent = "faster"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if len(original_node.comparisons) != 1 or not m.matches(original_node.left, _MOD2):
                return updated_node
            target = original_node.comparisons[0]
            if not (isinstance(target.operator, (cst.Equal, cst.NotEqual))
                    and m.matches(target.comparator, m.Integer(value="0") | m.Integer(value="1"))):
                return updated_node
            operand = original_node.left.left
            if original_node.left.lpar or not self._int(operand):
                return updated_node
            even = (target.comparator.value == "0") == isinstance(target.operator, cst.Equal)
            if not even and not self.truth_only(original_node):
                return self.skip("the odd test's value (not only its truth) is used") or updated_node
            new_operand = updated_node.left.left if isinstance(updated_node, cst.Comparison) else operand
            test: cst.BaseExpression = _bitand(new_operand)
            if even:
                test = cst.UnaryOperation(operator=cst.Not(), expression=test)
            self.sites += 1
            return test.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)

        def leave_BinaryOperation(self, original_node: cst.BinaryOperation,
                                  updated_node: cst.BaseExpression) -> cst.BaseExpression:
            # a bare ``x % 2`` tested for truth
            if not m.matches(original_node, _MOD2) or isinstance(
                    self.ev.parent(original_node), cst.Comparison):
                return updated_node
            if not self.truth_only(original_node) or not self._int(original_node.left):
                return updated_node
            self.sites += 1
            return _bitand(updated_node.left).with_changes(lpar=updated_node.lpar,
                                                           rpar=updated_node.rpar)

        def _int(self, operand: cst.BaseExpression) -> bool:
            return is_int(self.ev.type_of(operand)) or self.skip("no evidence the operand of % 2 "
                                                                 "is an int")

        def truth_only(self, node: cst.CSTNode) -> bool:
            """Only the truth of ``node``'s value is ever used."""
            ev = self.ev
            parent = ev.parent(node)
            if isinstance(parent, (cst.If, cst.While, cst.IfExp, cst.CompIf, cst.Assert)):
                return parent.test is node
            if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
                return True
            if isinstance(parent, cst.BooleanOperation):
                return self.truth_only(parent)
            if isinstance(parent, cst.GeneratorExp) and parent.elt is node:
                arg = ev.parent(parent)
                call = ev.parent(arg) if isinstance(arg, cst.Arg) else None
                return (isinstance(call, cst.Call) and ev.is_builtin_call(call, "any", "all")
                        and len(call.args) == 1)
            if isinstance(parent, cst.Lambda) and parent.body is node:
                arg = ev.parent(parent)
                call = ev.parent(arg)
                return (isinstance(arg, cst.Arg) and arg.keyword is None
                        and isinstance(call, cst.Call) and ev.is_builtin_call(call, "filter")
                        and len(call.args) == 2 and call.args[0] is arg)
            return False
