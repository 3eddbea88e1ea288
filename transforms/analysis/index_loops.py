"""Loops that index a builtin sequence, ``for i in range(len(s)): ... s[i] ...``: when the
sequence cannot change under the loop, which reads of it the index makes, and replacing them
(shared by ``range-len-to-enumerate``, ``adjacent-index-to-zip`` and ``range-step-to-slice``)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from . import assigned_names
from .names import SELF_DOCUMENTING, self_documenting_names
from .purity import Inert
from .scopes import DYNAMIC_FUNCTION
from .sequences import IMMUTABLE, own_object

_STORE_PARENTS = (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor,
                  cst.Del, cst.AsName, cst.NamedExpr)


def is_store(ev, node: cst.CSTNode) -> bool:
    """``node`` is (part of) an assignment or deletion target."""
    parent = ev.parent(node)
    while isinstance(parent, (cst.Tuple, cst.List, cst.Element, cst.StarredElement)):
        node, parent = parent, ev.parent(parent)
    if isinstance(parent, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)):
        return parent.target is node
    return isinstance(parent, _STORE_PARENTS)


def offset(index: cst.BaseExpression, name: str) -> int | None:
    """0 for ``i``, j for ``i + j`` or ``j + i`` (j a decimal literal), else None."""
    if isinstance(index, cst.Name) and index.value == name and not index.lpar:
        return 0
    if isinstance(index, cst.BinaryOperation) and isinstance(index.operator, cst.Add) \
            and not index.lpar:
        for var, lit in ((index.left, index.right), (index.right, index.left)):
            if m.matches(var, m.Name(name)) and isinstance(lit, cst.Integer) \
                    and lit.value.isdigit():
                return int(lit.value)
    return None


class ReplaceReads(cst.CSTTransformer):
    """Replace each subscript whose id is a key of ``sites`` by the name it maps to."""

    def __init__(self, sites: dict[int, str]) -> None:
        super().__init__()
        self.sites = sites

    def leave_Subscript(self, original_node, updated_node):
        name = self.sites.get(id(original_node))
        if name is None:
            return updated_node
        return cst.Name(name, lpar=updated_node.lpar, rpar=updated_node.rpar)


class IndexLoopChecks:
    """Checks for a transformer with ``self.ev`` (a ``TypeEvidence``) and ``self.skip``."""

    def _kind(self, seq: cst.Name, anchor: cst.CSTNode):
        """The sequence's type kind, when the code around it qualifies."""
        ev = self.ev
        t = ev.type_of(seq)
        func = ev.function_of(anchor)
        if t is None or func is None or not ev.simple_function(func):
            return self.skip(f"no evidence {seq.value!r} is a builtin sequence" if t is None
                             else "not in a function's own scope" if func is None
                             else DYNAMIC_FUNCTION) or None
        if t.kind in IMMUTABLE:
            return t.kind
        if t.kind == "list" and own_object(ev, func, ev.scopes.get(seq), seq.value, True):
            return t.kind
        return self.skip(
            f"{seq.value!r} may share its list with other code (not only lists made here)"
            if t.kind == "list" else f"no evidence {seq.value!r} is a builtin sequence") \
            or None

    def _inert(self, func: cst.FunctionDef, seq: str) -> Inert:
        ev = self.ev

        def allow_append(name: cst.Name) -> bool:
            return name.value != seq and own_object(ev, func, ev.scopes.get(name),
                                                    name.value, False)
        return Inert(ev, allow_append)

    @staticmethod
    def _identity(parts) -> bool:
        return any(m.findall(p, m.ComparisonTarget(operator=m.Is() | m.IsNot())
                             | m.Call(func=m.Name("id"))) for p in parts)

    def index_reads(self, loop: cst.For, seq_node: cst.Name, k: int):
        """``{id(read): (read, offset)}`` for the reads ``s[i + j]`` (0 <= j <= k) of the
        loop's body, when the sequence qualifies (``range-len-to-enumerate``), neither it
        nor the index is rebound, and the index has no other use in the function."""
        ev = self.ev
        index, name = loop.target.value, seq_node.value
        skip = lambda reason: self.skip(reason) or None  # noqa: E731 - says why, gives None
        if not all(ev.is_builtin(b) for b in ("range", "len")):
            return skip("range or len is shadowed")
        if name == index:
            return skip("the index and the sequence have the same name")
        kind = self._kind(seq_node, loop)
        if kind is None:
            return None  # it said why
        func = ev.function_of(loop)
        scope = ev.scopes.get(loop)
        if {index, name} & assigned_names(loop.body):
            return skip("the index or the sequence is rebound in the body")
        if name in self_documenting_names(loop.body):
            return skip(SELF_DOCUMENTING)
        if self._identity([loop.body]):
            return skip("an identity test (is, id()) in the body")
        if kind == "list" and not self._inert(func, name).block(loop.body):
            return skip("the body may run user code (which could change the list)")
        reads = {}
        for sub in m.findall(loop.body, m.Subscript(value=m.Name(name), slice=[
                m.SubscriptElement(slice=m.Index())])):
            j = offset(sub.slice[0].slice.value, index)
            if j is not None and j <= k and ev.scopes.get(sub) is scope \
                    and not is_store(ev, sub):
                reads[id(sub)] = (sub, j)
        if not reads:
            return skip(f"the body never reads {name}[{index}]")
        # every other use of the index: none (it is no longer bound after the rewrite)
        index_names = {id(n) for sub, _ in reads.values()
                       for n in m.findall(sub.slice[0].slice, m.Name(index))}
        bindings = list(scope.assignments[index])
        if len(bindings) != 1 or bindings[0].node is not loop.target:
            return skip(f"{index} is bound elsewhere in the function")
        if any(id(ref.node) not in index_names for ref in bindings[0].references):
            return skip(f"{index} is used other than to index {name}")
        if m.findall(func, m.Del(target=m.Name(index))) or index in ev.hidden_bindings(func):
            return skip(f"{index} is bound elsewhere in the function")
        return reads
