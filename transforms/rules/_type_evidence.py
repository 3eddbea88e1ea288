"""Type evidence for the performance rules: what a name or expression is *known* to hold.

Many speed rewrites are sound only for builtin types (``x ** 2`` -> ``x * x`` only for ints,
``x in [1, 2]`` -> ``x in {1, 2}`` only for hashable ``x`` ...). This module answers "which
builtin type does this expression evaluate to, on every execution?" and answers ``None``
whenever it cannot prove it. Evidence comes from literals, builtin calls whose result type is
fixed (``len``, ``str``, ``range``...), ``str`` methods, operators over known operands,
parameter annotations, and, for a function's local variable, from *every* binding of it in that
function (assignments, ``+=``, ``for`` targets, parameters): a local has type ``T`` only if
all of its bindings provably store a ``T`` (checked co-inductively, so ``i = i + 1`` keeps an
int an int). Names that are global, nonlocal, bound by ``import``/``with``/``except``/walrus/
``match``, or live in a function that uses ``exec``/``eval``/``locals()``... get no evidence.

Annotations are trusted (``def f(x: int)``): they are the same evidence a reader relies on,
and the verifier runs every pair on real inputs. A rewrite justified by an annotation is
equivalent on the inputs the annotation admits; a caller passing a float for ``x: int`` can
see a difference (the verifier's strict policy reports it). Set ``TRUST_ANNOTATIONS = False``
to take evidence from code only. Element types of *mutable* containers come
only from annotations (``list[int]``), never from a literal that a later ``append`` can change.

Use it from a transformer by subclassing :class:`EvidenceTransformer`; ``self.ev`` is then a
:class:`TypeEvidence` for the module being visited. Query it with ORIGINAL nodes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Optional

import libcst as cst
import libcst.matchers as m
from libcst.metadata import (Assignment, ComprehensionScope, FunctionScope, ParentNodeProvider,
                             ScopeProvider)

from ..analysis import NameAllocator, assigned_names, global_nonlocal_names, uses_dynamic_scope
from ..base import RuleTransformer


@dataclass(frozen=True)
class T:
    """A builtin type; ``elem`` is the element type for iterables when it is known."""

    kind: str
    elem: Optional["T"] = None

    def __str__(self) -> str:
        return f"{self.kind}[{self.elem}]" if self.elem else self.kind


INT, BOOL, STR, FLOAT = T("int"), T("bool"), T("str"), T("float")

# Whether parameter annotations count as evidence (see the module docstring).
TRUST_ANNOTATIONS = True
SIZED_KINDS = frozenset({"str", "bytes", "list", "tuple", "dict", "set", "frozenset", "range"})
_INTLIKE = frozenset({"int", "bool"})
_SCALARS = frozenset({"int", "bool", "float", "str", "bytes"})

_STR_TO_STR = frozenset({
    "lower", "upper", "strip", "lstrip", "rstrip", "replace", "capitalize", "title", "swapcase",
    "casefold", "zfill", "center", "ljust", "rjust", "format", "join", "expandtabs",
    "removeprefix", "removesuffix", "translate"})
_STR_TO_INT = frozenset({"count", "find", "rfind", "index", "rindex"})
_STR_TO_BOOL = frozenset({
    "startswith", "endswith", "isdigit", "isalpha", "isalnum", "isspace", "islower", "isupper",
    "isdecimal", "isnumeric", "istitle", "isidentifier", "isprintable", "isascii"})
_STR_TO_STR_LIST = frozenset({"split", "rsplit", "splitlines"})

_BUILTIN_RESULT = {
    "len": INT, "ord": INT, "int": INT, "hash": INT,
    "str": STR, "chr": STR, "repr": STR, "hex": STR, "bin": STR, "oct": STR, "ascii": STR,
    "format": STR, "bool": BOOL, "float": FLOAT,
    "list": T("list"), "sorted": T("list"), "tuple": T("tuple"), "dict": T("dict"),
    "set": T("set"), "frozenset": T("frozenset"), "range": T("range", INT),
}
_ANNOTATION_KINDS = {
    "int": "int", "str": "str", "bool": "bool", "float": "float", "bytes": "bytes",
    "list": "list", "List": "list", "tuple": "tuple", "Tuple": "tuple", "dict": "dict",
    "Dict": "dict", "set": "set", "Set": "set", "frozenset": "frozenset",
    "FrozenSet": "frozenset",
}
_INT_BINOPS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo,
               cst.LeftShift, cst.RightShift, cst.BitAnd, cst.BitOr, cst.BitXor)


def is_int(t: T | None) -> bool:
    """``int`` or ``bool`` (a bool behaves as the int 0/1 in arithmetic, hashing and ``==``)."""
    return t is not None and t.kind in _INTLIKE


def same(a: T | None, b: T | None) -> T | None:
    """The common type of two evidences (bool and int merge to int), or None."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    if is_int(a) and is_int(b):
        return INT
    if a.kind == b.kind:
        return T(a.kind)
    return None


def star_imported(module: cst.Module) -> bool:
    """``from x import *`` can bind any name, builtins included."""
    return bool(m.findall(module, m.ImportFrom(names=m.ImportStar())))


class TypeEvidence:
    """Answers type questions about the nodes of one module (see the module docstring)."""

    def __init__(self, module: cst.Module, metadata) -> None:
        """``metadata``: a mapping with ScopeProvider and ParentNodeProvider data for ``module``
        (a transformer's ``self.metadata``); read only when a question needs it."""
        self.module = module
        self._metadata = metadata
        self._names: dict[tuple[int, str], T | None] = {}
        self._assumed: dict[tuple[int, str], T] = {}
        self._busy: set[tuple[int, str]] = set()
        self._func_ok: dict[int, bool] = {}
        self._hidden: dict[int, set[str]] = {}

    # Computed on first use: most questions are asked of few modules (see LazyMetadata).
    @cached_property
    def scopes(self):
        return self._metadata[ScopeProvider]

    @cached_property
    def parents(self):
        return self._metadata[ParentNodeProvider]

    @cached_property
    def _shadowable(self) -> set[str]:
        return assigned_names(self.module)

    @cached_property
    def _star(self) -> bool:
        return star_imported(self.module)

    # ------------------------------------------------------------------ builtins and scopes

    def is_builtin(self, name: str) -> bool:
        """``name`` is never bound in this module (so a bare ``name`` is the builtin)."""
        return not self._star and name not in self._shadowable

    def is_builtin_call(self, node: cst.CSTNode, *names: str) -> bool:
        """``node`` is a call of one of the builtins ``names``, unshadowed."""
        return (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)
                and node.func.value in names and self.is_builtin(node.func.value))

    def function_of(self, node: cst.CSTNode) -> cst.FunctionDef | None:
        """The function whose own scope ``node`` is in (None in a class body, at module level,
        in a lambda or a comprehension)."""
        scope = self.scopes.get(node)
        if isinstance(scope, FunctionScope) and isinstance(scope.node, cst.FunctionDef):
            return scope.node
        return None

    def parent(self, node: cst.CSTNode) -> cst.CSTNode | None:
        return self.parents.get(node)

    def simple_function(self, func: cst.FunctionDef) -> bool:
        """A function whose locals can only change through visible bindings: no exec/eval/
        locals()/vars()/globals()/dir()/super()."""
        key = id(func)
        if key not in self._func_ok:
            self._func_ok[key] = not uses_dynamic_scope(func)
        return self._func_ok[key]

    def hidden_bindings(self, func: cst.FunctionDef) -> set[str]:
        """Names bound in ``func`` in ways ScopeProvider does not record as assignments of the
        function: match-pattern captures, and walrus targets inside comprehensions."""
        key = id(func)
        if key not in self._hidden:
            names: set[str] = set()
            for node in m.findall(func, m.MatchAs() | m.MatchStar()):
                if node.name is not None:
                    names.add(node.name.value)
            for node in m.findall(func, m.MatchMapping()):
                if node.rest is not None:
                    names.add(node.rest.value)
            for node in m.findall(func, m.NamedExpr(target=m.Name())):
                names.add(node.target.value)
            self._hidden[key] = names
        return self._hidden[key]

    # ------------------------------------------------------------------ expressions

    def type_of(self, expr: cst.BaseExpression) -> T | None:
        """The builtin type ``expr`` always evaluates to, or None when not proven."""
        try:
            return self._type(expr)
        except RecursionError:  # pathological nesting: no evidence
            return None

    def elem_of(self, iterable: cst.BaseExpression) -> T | None:
        """The type of every item that iterating ``iterable`` yields, or None."""
        if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name):
            fname = iterable.func.value
            args = iterable.args
            if (fname in ("reversed", "sorted", "list", "tuple", "set", "frozenset")
                    and self.is_builtin(fname) and len(args) >= 1 and not args[0].star
                    and args[0].keyword is None
                    and all(a.keyword is not None for a in args[1:])):
                return self.elem_of(args[0].value)
        if (isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute)
                and iterable.func.attr.value in _STR_TO_STR_LIST
                and self.type_of(iterable.func.value) == STR):
            return STR
        t = self.type_of(iterable)
        if t is None:
            return None
        if t.kind == "str":
            return STR
        return t.elem

    def _type(self, e: cst.BaseExpression) -> T | None:
        if isinstance(e, cst.Integer):
            return INT
        if isinstance(e, cst.Float):
            return FLOAT
        if isinstance(e, cst.SimpleString):
            return T("bytes") if "b" in e.prefix.lower() else STR
        if isinstance(e, cst.ConcatenatedString):
            return same(self._type(e.left), self._type(e.right))
        if isinstance(e, cst.FormattedString):
            return T("bytes") if "b" in e.prefix.lower() else STR
        if isinstance(e, cst.Name):
            if e.value in ("True", "False"):
                return BOOL
            return self.name_type(e)
        if isinstance(e, (cst.List, cst.ListComp)):
            return T("list")
        if isinstance(e, (cst.Dict, cst.DictComp)):
            return T("dict")
        if isinstance(e, (cst.Set, cst.SetComp)):
            return T("set")
        if isinstance(e, cst.Tuple):
            elem = None
            if e.elements and not any(isinstance(el, cst.StarredElement) for el in e.elements):
                elem = self._type(e.elements[0].value)
                for el in e.elements[1:]:
                    elem = same(elem, self._type(el.value))
            return T("tuple", elem)
        if isinstance(e, cst.Call):
            return self._call_type(e)
        if isinstance(e, cst.BinaryOperation):
            return self._binop_type(e.operator, self._type(e.left), self._type(e.right), e.right)
        if isinstance(e, cst.UnaryOperation):
            if isinstance(e.operator, cst.Not):
                return BOOL
            return INT if is_int(self._type(e.expression)) else None
        if isinstance(e, cst.Comparison):
            return BOOL if all(self._compares_to_bool(left, c) for left, c in _pairs(e)) else None
        if isinstance(e, cst.BooleanOperation):
            return same(self._type(e.left), self._type(e.right))
        if isinstance(e, cst.IfExp):
            return same(self._type(e.body), self._type(e.orelse))
        if isinstance(e, cst.Subscript):
            return self._subscript_type(e)
        return None

    def _compares_to_bool(self, left: cst.BaseExpression, target: cst.ComparisonTarget) -> bool:
        """Whether this link of a comparison always yields a bool. ``in``/``is`` always do;
        ``==``/``<``... do between scalars, and ``==``/``!=`` between builtin containers, but
        ``[a] < [b]`` returns whatever the items' ``<`` returns."""
        op = target.operator
        if isinstance(op, (cst.In, cst.NotIn, cst.Is, cst.IsNot)):
            return True
        lt, rt = self._type(left), self._type(target.comparator)
        if lt is None or rt is None:
            return False
        if lt.kind in _SCALARS and rt.kind in _SCALARS:
            return True
        return isinstance(op, (cst.Equal, cst.NotEqual))

    def is_total(self, e: cst.BaseExpression) -> bool:
        """``e`` runs no user code and cannot raise once its names are bound: literals, names
        with scalar evidence, int arithmetic without division by a variable, comparisons that
        builtin scalars answer without raising, and/or/not, ``len`` of builtin containers and
        the no-argument ``str`` predicates/case methods. Used where evaluating an expression
        more (or less) often than before must be unobservable."""
        try:
            return self._total(e)
        except RecursionError:
            return False

    def _total(self, e: cst.BaseExpression) -> bool:
        if isinstance(e, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(e, cst.Name):
            if e.value in ("True", "False", "None"):
                return True
            t = self._type(e)
            return t is not None and t.kind in _SCALARS
        if isinstance(e, cst.BooleanOperation):
            return self._total(e.left) and self._total(e.right)
        if isinstance(e, cst.UnaryOperation):
            if isinstance(e.operator, cst.Not):
                return self._total(e.expression)
            return self._total(e.expression) and is_int(self._type(e.expression))
        if isinstance(e, cst.BinaryOperation):
            if not (self._total(e.left) and self._total(e.right)):
                return False
            lt, rt = self._type(e.left), self._type(e.right)
            if is_int(lt) and is_int(rt):
                if isinstance(e.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.BitAnd,
                                           cst.BitOr, cst.BitXor)):
                    return True
                if isinstance(e.operator, (cst.Modulo, cst.FloorDivide)):
                    return isinstance(e.right, cst.Integer) and int(e.right.value, 0) != 0
                return False
            return isinstance(e.operator, cst.Add) and lt == STR and rt == STR
        if isinstance(e, cst.Comparison):
            left = e.left
            if not self._total(left):
                return False
            for target in e.comparisons:
                right = target.comparator
                if not self._total_link(left, target.operator, right):
                    return False
                left = right
            return True
        if isinstance(e, cst.Call) and not e.args and isinstance(e.func, cst.Attribute):
            return (e.func.attr.value in _STR_TO_BOOL | {"lower", "upper", "strip", "lstrip",
                                                         "rstrip", "casefold", "swapcase"}
                    and self._total(e.func.value) and self._type(e.func.value) == STR)
        if self.is_builtin_call(e, "len") and len(e.args) == 1 and not e.args[0].keyword \
                and not e.args[0].star:
            t = self._type(e.args[0].value)
            return (t is not None and t.kind in SIZED_KINDS - {"range"}
                    and self._total(e.args[0].value))
        return False

    def _total_link(self, left, op, right) -> bool:
        lt = self._type(left)
        if isinstance(op, (cst.In, cst.NotIn)) and isinstance(right, (cst.List, cst.Tuple, cst.Set)):
            return (lt is not None and (is_int(lt) or lt == STR) and all(
                isinstance(el, cst.Element) and isinstance(el.value, (cst.Integer, cst.SimpleString))
                for el in right.elements))
        if not self._total(right):
            return False
        rt = self._type(right)
        if isinstance(op, (cst.In, cst.NotIn)):
            return lt == STR and rt == STR
        if isinstance(op, (cst.Is, cst.IsNot, cst.Equal, cst.NotEqual)):
            return True
        numeric = ("int", "bool", "float")
        return lt is not None and rt is not None and (
            lt.kind in numeric and rt.kind in numeric or lt == STR and rt == STR)

    def _call_type(self, e: cst.Call) -> T | None:
        if any(a.star for a in e.args):
            return None
        if isinstance(e.func, cst.Name):
            fname = e.func.value
            if not self.is_builtin(fname):
                return None
            if fname == "abs" and len(e.args) == 1:
                return INT if is_int(self._type(e.args[0].value)) else None
            if fname == "str" and len(e.args) > 1:
                return None  # str(b, encoding): still a str, but keep the table simple
            return _BUILTIN_RESULT.get(fname)
        if isinstance(e.func, cst.Attribute) and self._type(e.func.value) == STR:
            attr = e.func.attr.value
            if attr in _STR_TO_STR:
                return STR
            if attr in _STR_TO_INT:
                return INT
            if attr in _STR_TO_BOOL:
                return BOOL
            if attr in _STR_TO_STR_LIST:
                return T("list")
        return None

    @staticmethod
    def _binop_type(op: cst.BaseBinaryOp, left: T | None, right: T | None,
                    right_node: cst.BaseExpression) -> T | None:
        if left is None or right is None:
            return None
        if is_int(left) and is_int(right):
            if isinstance(op, _INT_BINOPS):
                return INT
            if isinstance(op, cst.Power) and isinstance(right_node, cst.Integer):
                return INT  # a non-negative literal exponent keeps an int an int
            return None
        if isinstance(op, cst.Add) and left.kind == right.kind and left.kind in (
                "str", "list", "tuple", "bytes"):
            return same(left, right) if left.kind in ("str", "bytes") else T(left.kind)
        if isinstance(op, cst.Multiply):
            if left.kind == "str" and is_int(right) or is_int(left) and right.kind == "str":
                return STR
        if isinstance(op, cst.Modulo) and left == STR:
            return STR  # "%s" % x is a str (or raises)
        return None

    def _subscript_type(self, e: cst.Subscript) -> T | None:
        base = self._type(e.value)
        if base is None or len(e.slice) != 1:
            return None
        index = e.slice[0].slice
        if isinstance(index, cst.Slice):
            return T(base.kind, base.elem) if base.kind in ("str", "tuple", "bytes") else (
                T("list") if base.kind == "list" else None)
        if base.kind == "str":
            return STR
        if base.kind in ("list", "tuple"):
            return base.elem
        return None

    # ------------------------------------------------------------------ names

    def name_type(self, name: cst.Name) -> T | None:
        """Evidence for a variable read: from an enclosing comprehension's ``for`` clause or
        from every binding in the enclosing function. Globals and free variables: None."""
        scope = self.scopes.get(name)
        while isinstance(scope, ComprehensionScope):
            bound = scope.assignments[name.value]
            if bound:
                return self._comprehension_target_type(bound)
            scope = scope.parent
        if not (isinstance(scope, FunctionScope) and isinstance(scope.node, cst.FunctionDef)):
            return None
        return self.local_type(scope, name.value)

    def _comprehension_target_type(self, bound) -> T | None:
        result = None
        for a in bound:
            parent = self.parents.get(a.node)
            if not (isinstance(a.node, cst.Name) and isinstance(parent, cst.CompFor)
                    and parent.target is a.node):
                return None
            t = self.elem_of(parent.iter)
            if t is None:
                return None
            result = t if result is None else same(result, t)
        return result

    def local_type(self, scope: FunctionScope, name: str) -> T | None:
        key = (id(scope), name)
        if key in self._assumed:
            return self._assumed[key]
        if key in self._names:
            return self._names[key]
        if key in self._busy:
            return None
        self._busy.add(key)
        try:
            result = self._local_type(scope, name, key)
        finally:
            self._busy.discard(key)
        if not self._busy and not self._assumed:
            self._names[key] = result
        return result

    def _local_type(self, scope: FunctionScope, name: str, key) -> T | None:
        func = scope.node
        if (not self.simple_function(func) or name in global_nonlocal_names(func)
                or name in self.hidden_bindings(func)):
            return None
        bindings = list(scope.assignments[name])
        if not bindings or not all(type(a) is Assignment for a in bindings):
            return None
        # First pass: candidate from the bindings that do not depend on the name itself.
        candidate = None
        for a in bindings:
            t = self._binding_type(scope, a, None)
            if t is not None:
                candidate = t if candidate is None else same(candidate, t)
                if candidate is None:
                    return None
        if candidate is None:
            return None
        # Second pass: assuming the name holds `candidate`, every binding must store one.
        self._assumed[key] = candidate
        try:
            for a in bindings:
                if same(self._binding_type(scope, a, candidate), candidate) != candidate:
                    return None
        finally:
            del self._assumed[key]
        return candidate

    def _binding_type(self, scope: FunctionScope, a: Assignment, assumed: T | None) -> T | None:
        node = a.node
        if isinstance(node, cst.Param):
            return self._param_type(node)
        if not isinstance(node, cst.Name) or self.scopes.get(node) is not scope:
            return None
        parent = self.parents.get(node)
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            assign = self.parents.get(parent)
            return self._type(assign.value) if isinstance(assign, cst.Assign) else None
        if isinstance(parent, cst.AnnAssign) and parent.target is node and parent.value:
            return self._type(parent.value)
        if isinstance(parent, cst.AugAssign) and parent.target is node:
            if assumed is None:
                return None
            op = _AUG_TO_BIN.get(type(parent.operator))
            if op is None:
                return None
            return self._binop_type(op(), assumed, self._type(parent.value), parent.value)
        if isinstance(parent, cst.For) and parent.target is node and parent.asynchronous is None:
            return self.elem_of(parent.iter)
        if isinstance(parent, cst.Element):
            return self._enumerate_target_type(node, parent)
        return None

    def _enumerate_target_type(self, node: cst.Name, element: cst.Element) -> T | None:
        """``for i, x in enumerate(xs)``: ``i`` is an int, ``x`` an item of ``xs``."""
        target = self.parents.get(element)
        loop = self.parents.get(target)
        if not (isinstance(target, cst.Tuple) and isinstance(loop, cst.For)
                and loop.target is target and len(target.elements) == 2
                and self.is_builtin_call(loop.iter, "enumerate")):
            return None
        args = loop.iter.args
        if not args or any(a.star or a.keyword for a in args[:1]) or len(args) > 2:
            return None
        if len(args) == 2 and not isinstance(args[1].value, cst.Integer):
            return None
        if target.elements[0] is element:
            return INT
        return self.elem_of(args[0].value)

    def _param_type(self, param: cst.Param) -> T | None:
        parent = self.parents.get(param)
        if param.annotation is None or not TRUST_ANNOTATIONS:
            return None
        t = annotation_type(param.annotation.annotation)
        if t is None:
            return None
        if isinstance(parent, cst.Parameters):
            if param is parent.star_arg:
                return T("tuple", t)
            if param is parent.star_kwarg:
                return T("dict", STR)
        if param.default is not None and same(self._type(param.default), t) != t:
            return None  # ``x: int = None``: the default breaks the annotation's promise
        return t


_AUG_TO_BIN = {
    cst.AddAssign: cst.Add, cst.SubtractAssign: cst.Subtract, cst.MultiplyAssign: cst.Multiply,
    cst.FloorDivideAssign: cst.FloorDivide, cst.ModuloAssign: cst.Modulo,
    cst.LeftShiftAssign: cst.LeftShift, cst.RightShiftAssign: cst.RightShift,
    cst.BitAndAssign: cst.BitAnd, cst.BitOrAssign: cst.BitOr, cst.BitXorAssign: cst.BitXor,
}


def _pairs(e: cst.Comparison):
    left = e.left
    for target in e.comparisons:
        yield left, target
        left = target.comparator


def annotation_type(ann: cst.BaseExpression) -> T | None:
    """``int``, ``list[int]``, ``typing.List[str]``, ``tuple[int, ...]``, ``dict[str, int]``."""
    if isinstance(ann, cst.Attribute) and m.matches(ann.value, m.Name("typing")):
        ann = ann.attr
    if isinstance(ann, cst.Name):
        kind = _ANNOTATION_KINDS.get(ann.value)
        if kind is None:
            return None
        return T(kind)
    if isinstance(ann, cst.Subscript):
        base = annotation_type(ann.value)
        if base is None or base.kind not in ("list", "tuple", "set", "frozenset", "dict"):
            return None
        items = [s.slice for s in ann.slice]
        if not all(isinstance(i, cst.Index) for i in items):
            return T(base.kind)
        values = [i.value for i in items]
        if base.kind == "tuple" and len(values) == 2 and isinstance(values[1], cst.Ellipsis):
            values = values[:1]
        if base.kind == "dict":
            values = values[:1]
        elem = annotation_type(values[0]) if values else None
        for v in values[1:]:
            elem = same(elem, annotation_type(v))
        return T(base.kind, elem)
    return None


class EvidenceTransformer(RuleTransformer):
    """A RuleTransformer with ``self.ev`` (a TypeEvidence for the module being visited) and
    ``self.names`` (a NameAllocator handing out names fresh in the whole module)."""

    METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

    def visit_Module(self, node: cst.Module) -> None:
        self._module = node
        self.__dict__.pop("ev", None)
        self.__dict__.pop("names", None)

    # Built when a rule first asks: most modules hold no candidate site for a given rule.
    # The evidence class: a subclass may answer more questions (e.g. _purity.RicherEvidence).
    EVIDENCE: type[TypeEvidence] = TypeEvidence

    @cached_property
    def ev(self) -> TypeEvidence:
        return self.EVIDENCE(self._module, self.metadata)

    @cached_property
    def names(self) -> NameAllocator:
        return NameAllocator(self._module, taken=self.protected, rng=self.rng)
