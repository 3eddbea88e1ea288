"""``[s[:i + 1] for i in range(len(s))]`` -> ``[s[:i] for i in range(1, len(s) + 1)]``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import unsupported_inside
from ..analysis.syntax import is_name
from ..analysis.types import BOOL, INT
from ..base import Rule
from ..registry import register

# Operators that bind at least as tightly as ``+`` (``b + c`` needs no parentheses around b).
_TIGHT = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide, cst.FloorDivide, cst.Modulo,
          cst.Power, cst.MatrixMultiply)


def _offset(e: cst.CSTNode, var: str) -> int | None:
    """``c`` of ``var + c`` (a positive int literal, unparenthesized ``var``)."""
    if (isinstance(e, cst.BinaryOperation) and isinstance(e.operator, cst.Add)
            and is_name(e.left, var) and not e.left.lpar and isinstance(e.right, cst.Integer)
            and e.right.value.isdigit() and int(e.right.value) > 0):
        return int(e.right.value)
    return None


def _plus(bound: cst.BaseExpression | None, c: int) -> cst.BaseExpression:
    """``bound + c``, folded where it is a literal or ends in ``- c``."""
    if bound is None:
        return cst.Integer(str(c))
    if isinstance(bound, cst.Integer) and bound.value.isdigit():
        return cst.Integer(str(int(bound.value) + c))
    if (isinstance(bound, cst.BinaryOperation) and isinstance(bound.operator, cst.Subtract)
            and isinstance(bound.right, cst.Integer) and bound.right.value == str(c)
            and not bound.lpar):
        return bound.left
    if not bound.lpar and not (isinstance(bound, (cst.Name, cst.Call, cst.Subscript,
                                                   cst.Attribute, cst.Integer))
                               or isinstance(bound, cst.BinaryOperation)
                               and isinstance(bound.operator, _TIGHT)
                               or isinstance(bound, cst.UnaryOperation)
                               and not isinstance(bound.operator, cst.Not)):
        bound = bound.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.BinaryOperation(left=bound, operator=cst.Add(
        whitespace_before=cst.SimpleWhitespace(" "), whitespace_after=cst.SimpleWhitespace(" ")),
        right=cst.Integer(str(c)))


class _Unshift(cst.CSTTransformer):
    def __init__(self, var: str) -> None:
        super().__init__()
        self.var = var

    def leave_BinaryOperation(self, original_node, updated_node):
        if _offset(original_node, self.var) is not None:
            return cst.Name(self.var)  # a name needs none of the sum's parentheses
        return updated_node


@register
class ShiftRangeOffset(Rule):
    """``[s[:i + 1] for i in range(len(s))]`` -> ``[s[:i] for i in range(1, len(s) + 1)]``:
    when a comprehension uses its range variable only as ``i + c``, the range is shifted by
    ``c`` instead of adding ``c`` for every item (``range(n - 1)`` with ``i + 1`` becomes
    ``range(1, n)``).

    Sound when the comprehension has one ``for`` over ``range(b)``/``range(a, b)``/
    ``range(a, b, step)`` (the builtin) whose bounds are known to be ints (``a + c`` and
    ``b + c`` then run no user code and ``range`` yields exactly the old values plus ``c``, in
    order), every use of the variable is ``i + c`` with one positive int literal ``c``, and no
    lambda, nested comprehension, walrus, ``is`` or ``id`` is inside (an int is an int:
    ``i`` now holds the same value ``i + c`` computed). Bounds often come from the seed's
    domain (``uses_domain``).
    """

    id = "shift-range-offset"
    description = "Shift a comprehension's range instead of adding a constant to its index."
    category = "performance"
    family = "expression"
    intent = "faster"
    uses_domain = True  # the bounds' int evidence usually comes from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_ListComp(self, original_node, updated_node):
            return self._comp(original_node, updated_node)

        def leave_GeneratorExp(self, original_node, updated_node):
            return self._comp(original_node, updated_node)

        def leave_SetComp(self, original_node, updated_node):
            return self._comp(original_node, updated_node)

        def _comp(self, original_node, updated_node):
            clause = original_node.for_in
            if (clause.asynchronous is not None or clause.inner_for_in is not None
                    or not isinstance(clause.target, cst.Name)
                    or not (isinstance(clause.iter, cst.Call)
                            and is_name(clause.iter.func, "range")
                            and 1 <= len(clause.iter.args) <= 3
                            and all(a.keyword is None and not a.star
                                    for a in clause.iter.args))):
                return updated_node
            var = clause.target.value
            parts = [original_node.elt, *(c.test for c in clause.ifs)]
            offsets = set()
            for part in parts:
                for name in m.findall(part, m.Name(var)):
                    parent = self.ev.parent(name)
                    c = _offset(parent, var) if parent is not None else None
                    if c is None:
                        return updated_node
                    offsets.add(c)
            if len(offsets) != 1:
                return updated_node
            c = offsets.pop()
            ev = self.ev
            if not ev.real_builtin("range"):
                return updated_node  # it said why
            if any(unsupported_inside(p) or m.findall(p, m.Is() | m.IsNot() | m.Name("id"))
                   for p in parts):
                ev.skip("lambda, comprehension, walrus or identity test inside")
                return updated_node
            args = [a.value for a in clause.iter.args]
            if any(ev.type_of(a) not in (INT, BOOL) for a in args[:2]):
                ev.skip("no evidence the range bounds are ints")
                return updated_node
            new_args = [a.value for a in updated_node.for_in.iter.args]
            lower, upper = (None, new_args[0]) if len(new_args) == 1 else new_args[:2]
            shifted = [_plus(lower, c), _plus(upper, c)] + new_args[2:]
            comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            rng = updated_node.for_in.iter.with_changes(args=[
                cst.Arg(a, comma=comma if k < len(shifted) - 1 else cst.MaybeSentinel.DEFAULT)
                for k, a in enumerate(shifted)])
            self.sites += 1
            unshift = _Unshift(var)
            new_for = updated_node.for_in.with_changes(
                iter=rng, ifs=[i.visit(unshift) for i in updated_node.for_in.ifs])
            return updated_node.with_changes(elt=updated_node.elt.visit(unshift), for_in=new_for)
