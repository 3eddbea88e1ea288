"""``RicherEvidence``: type evidence that also types float arithmetic and numeric builtins."""

from __future__ import annotations

import libcst as cst

from .evidence import TypeEvidence
from .purity import SCALARS
from .types import FLOAT, SIZED_KINDS, T


# A builtin number whose exact type is not known: an int (or bool) or a float. ``Inert`` only
# needs to know that operators on it are the builtin ones.
NUMBER = T("number")
_NUMERIC = frozenset({"int", "bool", "float", "number"})


class RicherEvidence(TypeEvidence):
    """``TypeEvidence`` that also types float arithmetic, true division, ``min``/``max``/
    ``sum``/``abs``/``round`` of known numbers, and tuple unpacking of a tuple display
    (``lo, hi = min(xs), max(xs)``). The kind ``number`` means "an int, bool or float": the
    result of ``sum`` over floats (``sum([])`` is the int 0) or of arithmetic mixing it. Use it
    where a rule asks whether operations are builtin ones, not for exact-type questions."""

    def _type(self, e: cst.BaseExpression) -> T | None:
        if isinstance(e, cst.BinaryOperation):
            t = super()._type(e)
            if t is not None:
                return t
            return _numeric_binop(e.operator, self._type(e.left), self._type(e.right))
        if isinstance(e, cst.UnaryOperation) and isinstance(e.operator, (cst.Minus, cst.Plus)):
            t = self._type(e.expression)
            if t is not None and t.kind in ("float", "number"):
                return t
        if isinstance(e, cst.Call) and isinstance(e.func, cst.Name) and e.args \
                and not any(a.star for a in e.args) and self.is_builtin(e.func.value):
            t = self._numeric_call(e.func.value, e.args)
            if t is not None:
                return t
        return super()._type(e)

    def _numeric_call(self, name: str, args) -> T | None:
        positional = [a.value for a in args if a.keyword is None]
        keywords = [a.keyword.value for a in args if a.keyword is not None]
        if name in ("min", "max"):
            if any(k != "key" for k in keywords):
                return None  # default= may be returned
            if len(positional) == 1:
                elem = self.elem_of(positional[0])
                t = self._type(positional[0])
                return elem if t is not None and t.kind in SIZED_KINDS and elem is not None \
                    and elem.kind in SCALARS | {"number"} else None
            types = [self._type(a) for a in positional]
            if types and all(t is not None and t.kind in SCALARS | {"number"} for t in types):
                return _merge(types)
            return None
        if keywords:
            return None
        if name == "sum" and 1 <= len(positional) <= 2:
            t = self._type(positional[0])
            elem = self.elem_of(positional[0])
            if t is None or t.kind not in SIZED_KINDS or elem is None:
                return None
            start = self._type(positional[1]) if len(positional) == 2 else T("int")
            if elem.kind not in _NUMERIC or start is None or start.kind not in _NUMERIC:
                return None
            if elem.kind in ("int", "bool") and start.kind in ("int", "bool"):
                return T("int")
            return FLOAT if start.kind == "float" else NUMBER
        if name == "abs" and len(positional) == 1:
            t = self._type(positional[0])
            return t if t is not None and t.kind in ("float", "number") else None
        if name == "round" and len(positional) == 1:
            t = self._type(positional[0])
            return T("int") if t is not None and t.kind in _NUMERIC else None
        return None

    def _binding_type(self, scope, a, assumed):
        node = a.node
        if isinstance(node, cst.Name) and self.scopes.get(node) is scope:
            element = self.parents.get(node)
            target = self.parents.get(element) if isinstance(element, cst.Element) else None
            holder = self.parents.get(target) if target is not None else None
            assign = self.parents.get(holder) if isinstance(holder, cst.AssignTarget) else None
            if (isinstance(target, (cst.Tuple, cst.List)) and isinstance(assign, cst.Assign)
                    and holder.target is target
                    and isinstance(assign.value, (cst.Tuple, cst.List))
                    and len(assign.value.elements) == len(target.elements)
                    and not any(isinstance(el, cst.StarredElement)
                                for el in (*assign.value.elements, *target.elements))):
                index = next(i for i, el in enumerate(target.elements) if el is element)
                return self._type(assign.value.elements[index].value)
        return super()._binding_type(scope, a, assumed)


def _merge(types: list[T]) -> T | None:
    kinds = {t.kind for t in types}
    if len(kinds) == 1:
        return types[0]
    if kinds <= {"int", "bool"}:
        return T("int")
    if kinds <= _NUMERIC:
        return NUMBER
    return None


def _numeric_binop(op: cst.BaseBinaryOp, left: T | None, right: T | None) -> T | None:
    """Arithmetic on builtin numbers not typed by ``TypeEvidence`` (which types int op int)."""
    if left is None or right is None or left.kind not in _NUMERIC or right.kind not in _NUMERIC:
        return None
    kinds = {left.kind, right.kind}
    if isinstance(op, cst.Divide):
        return FLOAT
    if not isinstance(op, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo)):
        return None  # ** may give a complex, bit operations reject floats
    if "float" in kinds:
        return FLOAT
    if "number" in kinds:
        return NUMBER
    return None
