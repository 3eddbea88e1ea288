"""The seed's input domain (``semforge.domain``) as type evidence for the entry point's
parameters, for rules that declare ``Rule.uses_domain``.

A domain says what the callers pass: ``(xs: list[int], k: int)``. A rewrite justified by it
holds for every call inside the domain, which is what the verifier's ``typed`` policy checks;
the pair's ``equivalence`` says whether it also held for every value (``strict``). Unlike an
annotation (which admits subclasses: never evidence), a domain type is exact: the typed inputs
are exact builtin values.

Evidence is given only where it stays true for the whole run of the function:

* the function is the module-level entry point, undecorated, defined once, and nothing else in
  the module names it (a call from inside the module, a recursion, an alias: its arguments are
  not the seeds');
* the parameter's binding is what ``BindingEvidence`` already checks (every rebinding must store
  the same type, no ``exec``/``locals()``...);
* a type is a *kind* (``list``) plus the items' type only where nothing can change the items:
  the items of a list, dict or set parameter are trusted when the function only reads it
  (``read_only``: iterated, indexed, measured, compared, passed to builtins that do not mutate,
  its non-mutating methods), and items that are themselves mutable containers never carry their
  own items (``grid: list[list[int]]`` is a list of lists: ``row.append("x")`` may run);
* ``None`` in a parameter's type (``int | None``), ``Any`` and unions of kinds give nothing;
  a union of builtin numbers (``int | float``, ``list[int] | list[float]``) gives the kind
  ``number`` (``analysis.numeric``: an int, bool or float, which of them unknown), which says
  that operators on it are the builtin ones and nothing about its exact type.
"""

from __future__ import annotations

import libcst as cst

from semforge.domain import Domain, Ty

from .names import name_nodes
from .syntax import hands_back, stored, str_join
from .types import BOOL, FLOAT, INT, STR, T, same

_NUMBERS = frozenset({"int", "bool", "float", "number"})


def _merge(a: T | None, b: T | None) -> T | None:
    """``types.same``, and builtin numbers of different kinds as ``number`` (also as items:
    ``list[int]`` and ``list[float]`` give ``list[number]``)."""
    t = same(a, b)
    if t is not None and (t.elem is not None or a is None or a.elem is None
                          or b is None or b.elem is None):
        return t
    if a is None or b is None:
        return None
    if a.kind in _NUMBERS and b.kind in _NUMBERS:
        return T("number")
    if a.kind == b.kind and a.elem is not None and b.elem is not None:
        return T(a.kind, _merge(a.elem, b.elem))
    return t


_SCALAR_T = {"int": INT, "bool": BOOL, "float": FLOAT, "str": STR, "bytes": T("bytes")}
_MUTABLE = frozenset({"list", "dict", "set"})
# Builtins that never mutate an argument (nor hand it to code that could).
_READING_BUILTINS = frozenset({
    "len", "sum", "min", "max", "sorted", "list", "tuple", "set", "frozenset", "any", "all",
    "enumerate", "zip", "reversed", "iter", "str", "repr", "print", "map", "filter", "dict",
    "bool", "abs", "isinstance", "type"})
_READING_METHODS = frozenset({
    "count", "index", "copy", "get", "keys", "values", "items", "issubset", "issuperset",
    "union", "intersection", "difference", "symmetric_difference", "isdisjoint",
    # they change the object but add no item: the items' type stays
    "pop", "remove", "sort", "reverse", "clear", "discard", "popitem"})
NOT_ENTRY = object()  # ``param_type``'s answer for a parameter the domain does not speak of


def to_evidence(ty: Ty, items: bool) -> T | None:
    """The ``T`` a domain type guarantees: its kind, and its items' type when ``items``
    (mutable items never with their own items: see the module docstring)."""
    alts = ty.alternatives
    if any(a.name in ("None", "Any", "Never") for a in alts):
        return None
    result: T | None = None
    for a in alts:
        t = _one(a, items)
        if t is None:
            return None
        result = t if result is None else _merge(result, t)
        if result is None:
            return None
    return result


def _one(ty: Ty, items: bool) -> T | None:
    if ty.name in _SCALAR_T:
        return _SCALAR_T[ty.name]
    if ty.name not in ("list", "set", "frozenset", "dict", "tuple"):
        return None
    if not items or not ty.args:
        return T(ty.name)
    inner = [ty.args[0]] if ty.name == "dict" else list(ty.args)  # a dict's items are its keys
    elem: T | None = None
    for k, a in enumerate(inner):
        t = to_evidence(a, items=False) if a.name not in _MUTABLE else T(a.name)
        if a.name in ("tuple", "frozenset"):
            t = to_evidence(a, items=True)  # immutable: its items never change
        if t is None:
            return T(ty.name)
        elem = t if k == 0 else _merge(elem, t)
        if elem is None:
            return T(ty.name)
    return T(ty.name, elem)


class DomainEvidence:
    """Answers ``param_type`` for one module and one domain (see the module docstring)."""

    def __init__(self, ev: object, domain: Domain) -> None:
        self.ev = ev
        self.domain = domain
        self._entry: cst.FunctionDef | None | bool = False  # not looked up yet

    def entry(self) -> cst.FunctionDef | None:
        """The entry point's definition when the domain may speak of its parameters."""
        if self._entry is False:
            self._entry = self._find_entry()
        return self._entry

    def _find_entry(self) -> cst.FunctionDef | None:
        name = self.domain.entry_point
        defs = [s for s in self.ev.module.body
                if isinstance(s, cst.FunctionDef) and s.name.value == name]
        if len(defs) != 1 or "." in name:
            return None
        func = defs[0]
        if func.decorators or func.asynchronous is not None:
            return self._note("the entry point is decorated or async")
        uses = [n for n in name_nodes(self.ev.module, name) if n is not func.name]
        if uses:
            return self._note(f"{name} is named inside the module (its callers there are not "
                              "the seeds')")
        return func

    def _note(self, reason: str) -> None:
        self.ev.notes.add(f"no domain evidence: {reason}")
        return None

    def param_type(self, param: cst.Param) -> T | None | object:
        """The evidence for ``param``; ``NOT_ENTRY`` when it is not a parameter of the entry
        point (the caller then falls back to its own rules)."""
        func = self.entry()
        if func is None:
            return NOT_ENTRY
        params = func.params
        positional = [*params.posonly_params, *params.params]
        index = next((i for i, p in enumerate(positional) if p is param), None)
        if index is not None:
            ty = self.domain.arg_type(index)
        elif param is params.star_arg and isinstance(param, cst.Param):
            star = next((p for p in self.domain.params if p.kind == "varargs"), None)
            if star is None:
                return NOT_ENTRY
            item = to_evidence(star.type, items=False)
            return T("tuple", item) if item is not None else T("tuple")
        else:
            kw = next((p for p in self.domain.params
                       if p.kind == "keyword" and p.name == param.name.value), None)
            ty = kw.type if kw is not None and param in params.kwonly_params else None
        if ty is None:
            return NOT_ENTRY
        items = _kind_of(ty) not in _MUTABLE or read_only(func, param.name.value, self.ev)
        t = to_evidence(ty, items)
        if t is not None and t.kind in _MUTABLE and not items:
            self.ev.notes.add(f"the items of {param.name.value!r} may change (it is not only read)")
        return t if t is not None else NOT_ENTRY


def _kind_of(ty: Ty) -> str | None:
    kinds = {a.name for a in ty.alternatives}
    return kinds.pop() if len(kinds) == 1 else None


def read_only(func: cst.FunctionDef, name: str, ev: object, binding=None) -> bool:
    """Every use of ``name`` in ``func`` (nested scopes included) only reads the object;
    ``binding``: the one Name node that binds it, not counted as a use."""
    for n in name_nodes(func.body, name):
        if n is not binding and not _reading_use(n, ev):
            return False
    return True


def _reading_use(node: cst.Name, ev: object) -> bool:
    parent = ev.parent(node)
    if isinstance(parent, cst.Attribute):
        if parent.value is not node:
            return True  # ``obj.name``: another object's attribute
        return parent.attr.value in _READING_METHODS
    if isinstance(parent, (cst.For, cst.CompFor)):
        return parent.iter is node
    if isinstance(parent, cst.Subscript):
        return parent.value is node and not stored(parent, ev)
    if isinstance(parent, cst.Arg):
        call = ev.parent(parent)
        if parent.star == "*" or parent.keyword is not None and parent.value is not node:
            return True
        if isinstance(call, cst.Call) and str_join(call.func):
            return True  # ``"sep".join(xs)`` reads the items (a str's method: no user code)
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name)
                and call.func.value in _READING_BUILTINS and ev.is_builtin(call.func.value)):
            return False
        return not hands_back(call, parent)  # ``max(xs, ys)``, ``sum([], xs)``: an alias
    if isinstance(parent, (cst.If, cst.While, cst.IfExp)):
        return parent.test is node  # ``a if c else N`` and ``N or []`` hand ``N`` on
    if isinstance(parent, (cst.Comparison, cst.ComparisonTarget, cst.UnaryOperation,
                           cst.FormattedStringExpression, cst.Return, cst.Assert)):
        return True
    if isinstance(parent, cst.BinaryOperation):
        return True  # a new object (``xs + ys``, ``s | t``); ``xs += ...`` is an AugAssign
    if isinstance(parent, cst.StarredElement):
        return True
    return False
