"""Code that provably runs no user code: only builtin operations on builtin values.

Several speed rewrites are sound only while some object cannot change (``enumerate(xs)`` reads
``xs`` lazily, ``range(len(xs))`` fixed its length once). Any call of user code can change any
object it can reach, and user code runs behind almost every operation: a call, an attribute
read, ``a + b`` or ``a < b`` on user objects (``__add__``, ``__lt__``), a truth test
(``__bool__``), iterating (``__iter__``), hashing (``__hash__``), formatting (``__format__``).

:class:`Inert` answers "can this expression / block run user code or mutate an object?" with
*no* only when it can prove it from type evidence (``evidence``): every operator applies
to builtin scalars, every subscript to a builtin sequence with an int index, every call is an
unshadowed builtin whose arguments cannot make it call back (``sorted`` only of scalar items,
no ``key=``), every truth test is of a builtin value. The one mutation it admits is the caller's
choice: ``name.append(x)`` where ``allow_append(name_node)`` says the list is one the caller
does not care about. Anything else (``yield``, ``await``, walrus, ``del``, ``global``, ``try``,
``with``, nested functions, comprehensions, subscript or attribute stores) is "not inert".
Exceptions are allowed (``1 // 0`` is inert): they happen at the same point before and after a
rewrite that does not move code.
"""

from __future__ import annotations


from __future__ import annotations

from typing import Callable

import libcst as cst

from .names import plain_target as _plain_target
from .syntax import AUG_TO_BIN as _AUG_TO_BIN
from .types import SIZED_KINDS, T, _STR_TO_BOOL, _STR_TO_INT, _STR_TO_STR
from .evidence import TypeEvidence
from .stdlib import math_call

SCALARS = frozenset({"int", "bool", "float", "number", "str", "bytes"})
_NUMBERS = frozenset({"int", "bool", "float", "number"})
# Builtin containers: iterating, len(), truth test and item access (int index) run no user code.
CONTAINERS = frozenset({"str", "bytes", "list", "tuple", "dict", "set", "frozenset", "range"})
_SEQUENCES = frozenset({"str", "bytes", "list", "tuple", "range"})
# str methods that only read the receiver and scalar arguments (``translate`` takes a mapping,
# ``format``/``join`` call user code through their arguments: handled or left out).
_STR_METHODS = (_STR_TO_STR | _STR_TO_INT | _STR_TO_BOOL
                | {"split", "rsplit", "splitlines", "partition", "rpartition"}) - {
                    "translate", "format", "join"}
# One builtin-typed argument with scalar evidence in, a new scalar out.
_SCALAR_FUNCS = frozenset({"abs", "int", "float", "str", "bool", "ord", "chr", "hex", "bin",
                           "oct", "round", "divmod", "pow", "repr", "ascii", "hash"})
# Read a builtin container without looking at its items (copies hold the same objects).
_SHALLOW_FUNCS = frozenset({"len", "list", "tuple", "reversed", "enumerate"})
# Compare, hash, add or test the items: only for containers of scalars.
_ITEM_FUNCS = frozenset({"min", "max", "sum", "sorted", "set", "frozenset", "any", "all"})


def scalar(t: T | None) -> bool:
    return t is not None and t.kind in SCALARS


def container_of_scalars(ev: TypeEvidence, e: cst.BaseExpression) -> bool:
    t = ev.type_of(e)
    return t is not None and t.kind in CONTAINERS and scalar(ev.elem_of(e))


class Inert:
    """``expr(e)`` / ``block(stmts)``: running it calls no user code and mutates nothing but
    lists that ``allow_append`` accepts as ``name.append(x)`` receivers (see the module
    docstring). Query with ORIGINAL nodes (type evidence reads their metadata)."""

    def __init__(self, ev: TypeEvidence,
                 allow_append: Callable[[cst.Name], bool] = lambda name: False) -> None:
        self.ev = ev
        self.allow_append = allow_append

    # ------------------------------------------------------------------ expressions

    def expr(self, e: cst.BaseExpression) -> bool:
        try:
            return self._expr(e)
        except RecursionError:
            return False

    def truth(self, e: cst.BaseExpression) -> bool:
        """``e`` is inert and testing its truth is too (a builtin value's ``__bool__``)."""
        return self.expr(e) and self._typed_truth(e)

    def _typed_truth(self, e: cst.BaseExpression) -> bool:
        if isinstance(e, cst.BooleanOperation):
            return self._typed_truth(e.left) and self._typed_truth(e.right)
        return self.ev.type_of(e) is not None

    def _expr(self, e: cst.BaseExpression) -> bool:
        ev = self.ev
        if isinstance(e, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString,
                          cst.ConcatenatedString, cst.Name, cst.Ellipsis)):
            return True
        if isinstance(e, cst.FormattedString):
            return all(not isinstance(part, cst.FormattedStringExpression)
                       or (part.format_spec is None and self._expr(part.expression)
                           and scalar(ev.type_of(part.expression)))
                       for part in e.parts)
        if isinstance(e, (cst.Tuple, cst.List)):
            return all(isinstance(el, cst.Element) and self._expr(el.value) for el in e.elements)
        if isinstance(e, cst.Set):
            return all(isinstance(el, cst.Element) and self._expr(el.value)
                       and scalar(ev.type_of(el.value)) for el in e.elements)
        if isinstance(e, cst.Dict):
            return all(isinstance(el, cst.DictElement) and self._expr(el.key)
                       and scalar(ev.type_of(el.key)) and self._expr(el.value)
                       for el in e.elements)
        if isinstance(e, cst.UnaryOperation):
            if not self._expr(e.expression):
                return False
            if isinstance(e.operator, cst.Not):
                return self._typed_truth(e.expression)
            t = ev.type_of(e.expression)
            return t is not None and t.kind in _NUMBERS
        if isinstance(e, cst.BooleanOperation):
            return self._expr(e.left) and self._expr(e.right) and self._typed_truth(e.left)
        if isinstance(e, cst.IfExp):
            return self.truth(e.test) and self._expr(e.body) and self._expr(e.orelse)
        if isinstance(e, cst.BinaryOperation):
            return (self._expr(e.left) and self._expr(e.right)
                    and _builtin_binop(e.operator, ev.type_of(e.left), ev.type_of(e.right)))
        if isinstance(e, cst.Comparison):
            left = e.left
            if not self._expr(left):
                return False
            for target in e.comparisons:
                right = target.comparator
                if not (self._expr(right) and self._builtin_compare(left, target.operator, right)):
                    return False
                left = right
            return True
        if isinstance(e, cst.Subscript):
            return self._subscript(e)
        if isinstance(e, cst.Call):
            return self._call(e)
        return False  # attributes, lambdas, comprehensions, yield, await, walrus, ...

    def _builtin_compare(self, left, op, right) -> bool:
        ev = self.ev
        if isinstance(op, (cst.Is, cst.IsNot)):
            return True
        lt, rt = ev.type_of(left), ev.type_of(right)
        if isinstance(op, (cst.In, cst.NotIn)):
            if rt is None or not scalar(lt):
                return False
            if rt.kind in ("str", "bytes"):
                return True
            if isinstance(right, (cst.Tuple, cst.List, cst.Set)):
                return all(scalar(ev.type_of(el.value)) for el in right.elements)
            return rt.kind in CONTAINERS and scalar(ev.elem_of(right))
        return scalar(lt) and scalar(rt)

    def _subscript(self, e: cst.Subscript) -> bool:
        ev = self.ev
        t = ev.type_of(e.value)
        if t is None or len(e.slice) != 1 or not self._expr(e.value):
            return False
        index = e.slice[0].slice
        if isinstance(index, cst.Index):
            if index.star is not None or not self._expr(index.value):
                return False
            it = ev.type_of(index.value)
            if t.kind in _SEQUENCES:
                return it is not None and it.kind in ("int", "bool")
            return t.kind == "dict" and scalar(it)
        if isinstance(index, cst.Slice) and t.kind in _SEQUENCES:
            return all(part is None or (self._expr(part) and ev.type_of(part) is not None
                                        and ev.type_of(part).kind in ("int", "bool"))
                       for part in (index.lower, index.upper, index.step))
        return False

    def _call(self, e: cst.Call) -> bool:
        ev = self.ev
        if any(a.star or a.keyword is not None for a in e.args):
            return False  # key=, default=... run user code or change the meaning
        if not all(self._expr(a.value) for a in e.args):
            return False
        args = [a.value for a in e.args]
        func = e.func
        if isinstance(func, cst.Name):
            name = func.value
            if not ev.is_builtin(name):
                return False
            if name in _SCALAR_FUNCS:
                return bool(args) and all(scalar(ev.type_of(a)) for a in args)
            if name == "range":
                return 1 <= len(args) <= 3 and all(
                    ev.type_of(a) is not None and ev.type_of(a).kind in ("int", "bool")
                    for a in args)
            if name in _SHALLOW_FUNCS or name in _ITEM_FUNCS:
                if name in ("min", "max") and len(args) >= 2:
                    return all(scalar(ev.type_of(a)) for a in args)
                if len(args) != 1 and not (name == "sum" and len(args) == 2
                                           and scalar(ev.type_of(args[1]))):
                    return False
                t = ev.type_of(args[0])
                if t is None or t.kind not in CONTAINERS or (name == "len"
                                                             and t.kind not in SIZED_KINDS):
                    return False
                return name in _SHALLOW_FUNCS or scalar(ev.elem_of(args[0]))
            return False
        if isinstance(func, cst.Attribute) and self._expr(func.value):
            if math_call(ev, e) is not None:
                return True  # math.ceil(x)... of a builtin number (analysis.stdlib)
            receiver, method = func.value, func.attr.value
            t = ev.type_of(receiver)
            if t is not None and t.kind == "str" and method in _STR_METHODS:
                return all(scalar(ev.type_of(a)) for a in args)
            if t is not None and t.kind == "str" and method == "join" and len(args) == 1:
                return container_of_scalars(ev, args[0])
            return (method == "append" and len(args) == 1 and isinstance(receiver, cst.Name)
                    and self.allow_append(receiver))
        return False

    # ------------------------------------------------------------------ statements

    def block(self, body: cst.BaseSuite | None) -> bool:
        if body is None:
            return True
        if isinstance(body, cst.SimpleStatementSuite):
            return all(self._small(s) for s in body.body)
        if isinstance(body, (cst.Else,)):
            return self.block(body.body)
        return all(self._statement(s) for s in body.body)

    def _statement(self, s: cst.BaseStatement) -> bool:
        if isinstance(s, cst.SimpleStatementLine):
            return all(self._small(x) for x in s.body)
        if isinstance(s, cst.If):
            return (self.truth(s.test) and self.block(s.body)
                    and (s.orelse is None or (self._statement(s.orelse) if isinstance(
                        s.orelse, cst.If) else self.block(s.orelse.body))))
        if isinstance(s, cst.While):
            return (self.truth(s.test) and self.block(s.body)
                    and (s.orelse is None or self.block(s.orelse.body)))
        if isinstance(s, cst.For):
            t = self.ev.type_of(s.iter)
            return (s.asynchronous is None and _plain_target(s.target) and self.expr(s.iter)
                    and t is not None and t.kind in CONTAINERS
                    and (isinstance(s.target, cst.Name) or scalar(self.ev.elem_of(s.iter))
                         or self.ev.is_builtin_call(s.iter, "enumerate"))
                    and self.block(s.body) and (s.orelse is None or self.block(s.orelse.body)))
        return False

    def _small(self, s: cst.BaseSmallStatement) -> bool:
        ev = self.ev
        if isinstance(s, (cst.Pass, cst.Break, cst.Continue)):
            return True
        if isinstance(s, cst.Expr):
            return self.expr(s.value)
        if isinstance(s, cst.Return):
            return s.value is None or self.expr(s.value)
        if isinstance(s, cst.Assign):
            if not self.expr(s.value):
                return False
            for target in s.targets:
                if isinstance(target.target, cst.Name):
                    continue
                # unpacking iterates the value: a display, or a builtin sequence
                t = ev.type_of(s.value)
                if not (_plain_target(target.target) and (
                        isinstance(s.value, (cst.Tuple, cst.List))
                        or (t is not None and t.kind in _SEQUENCES))):
                    return False
            return True
        if isinstance(s, cst.AnnAssign):
            return isinstance(s.target, cst.Name) and (s.value is None or self.expr(s.value))
        if isinstance(s, cst.AugAssign):
            op = _AUG_TO_BIN.get(type(s.operator))
            return (isinstance(s.target, cst.Name) and op is not None and self.expr(s.value)
                    and scalar(ev.type_of(s.target))
                    and _builtin_binop(op(), ev.type_of(s.target), ev.type_of(s.value)))
        return False


def _builtin_binop(op: cst.BaseBinaryOp, lt: T | None, rt: T | None) -> bool:
    """``left op right`` dispatches to a builtin implementation that calls no user code."""
    if lt is None or rt is None:
        return False
    if lt.kind in _NUMBERS and rt.kind in _NUMBERS:
        return not isinstance(op, cst.MatrixMultiply)
    if isinstance(op, cst.Add):
        return lt.kind == rt.kind and lt.kind in ("str", "bytes", "list", "tuple")
    if isinstance(op, cst.Multiply):
        return ((lt.kind in ("str", "bytes", "list", "tuple") and rt.kind in ("int", "bool"))
                or (rt.kind in ("str", "bytes", "list", "tuple") and lt.kind in ("int", "bool")))
    if isinstance(op, cst.Modulo):
        return lt.kind == "str" and scalar(rt)
    return False
