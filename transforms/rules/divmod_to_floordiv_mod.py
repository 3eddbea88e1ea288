"""``q, r = divmod(a, b)`` -> ``q = a // b`` + ``r = a % b`` for ints."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

_DIVMOD = m.Call(func=m.Name("divmod"),
                 args=[m.Arg(value=m.Name(), keyword=None, star=""),
                       m.Arg(value=m.Name() | m.Integer(), keyword=None, star="")])


def _line(small: cst.BaseSmallStatement, **changes) -> cst.SimpleStatementLine:
    return cst.SimpleStatementLine(body=[small], **changes)


@register
class DivmodToFloordivMod(Rule):
    """``q, r = divmod(a, b)`` -> ``q = a // b`` + ``r = a % b``, and ``a, r = divmod(a, b)``
    -> ``r = a % b`` + ``a //= b``: two arithmetic operations instead of a call, a tuple and an
    unpacking. The declared inverse of ``floordiv-mod-to-divmod``, under its conditions: ``a``
    a plain name, ``b`` a name or an int literal, both with int evidence (``divmod(a, b) ==
    (a // b, a % b)`` exactly; ``b == 0`` raises ``ZeroDivisionError`` before anything is bound
    either way); the two names distinct, and the one bound first is not an operand the second
    statement reads.
    """

    id = "divmod-to-floordiv-mod"
    description = "Compute an int quotient and remainder with // and % instead of divmod()."
    category = "performance"
    family = "expression"
    intent = "faster"
    uses_domain = True
    inverse = "floordiv-mod-to-divmod"

    class Transformer(EvidenceTransformer):
        def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine,
                                      updated_node: cst.SimpleStatementLine):
            if len(original_node.body) != 1:
                return updated_node
            assign = original_node.body[0]
            if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1
                    and m.matches(assign.value, _DIVMOD)):
                return updated_node
            target = assign.targets[0].target
            if not (isinstance(target, (cst.Tuple, cst.List)) and len(target.elements) == 2
                    and all(isinstance(el, cst.Element) and isinstance(el.value, cst.Name)
                            for el in target.elements)):
                return updated_node
            q, r = (el.value.value for el in target.elements)
            a, b = (arg.value for arg in assign.value.args)
            operands = {a.value} | ({b.value} if isinstance(b, cst.Name) else set())
            if q == r:
                return updated_node
            if not self.ev.is_builtin("divmod"):
                return self.skip("divmod is shadowed") or updated_node
            if not (is_int(self.ev.type_of(a)) and is_int(self.ev.type_of(b))):
                return self.skip("no evidence that both operands are ints") or updated_node
            div = cst.BinaryOperation(left=a, operator=cst.FloorDivide(), right=b)
            mod = cst.BinaryOperation(left=a, operator=cst.Modulo(), right=b)
            name = lambda n: [cst.AssignTarget(cst.Name(n))]  # noqa: E731
            if q not in operands:
                first = _line(cst.Assign(targets=name(q), value=div),
                              leading_lines=updated_node.leading_lines)
                second = _line(cst.Assign(targets=name(r), value=mod))
            elif q == a.value and r not in operands:
                first = _line(cst.Assign(targets=name(r), value=mod),
                              leading_lines=updated_node.leading_lines)
                second = _line(cst.AugAssign(target=cst.Name(q),
                                             operator=cst.FloorDivideAssign(), value=b))
            else:
                return updated_node
            self.sites += 1
            return cst.FlattenSentinel([first, second.with_changes(
                trailing_whitespace=updated_node.trailing_whitespace)])
