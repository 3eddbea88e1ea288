"""``for i in range(len(s)): ... s[i] ...`` -> ``for i, c in enumerate(s): ... c ...``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import assigned_names
from ..base import Rule
from ..registry import register
from ._type_evidence import EvidenceTransformer

# Immutable sequences: s[i] is fixed for the whole loop whatever the body calls.
IMMUTABLE = frozenset({"str", "tuple", "bytes"})
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


class _Replace(cst.CSTTransformer):
    def __init__(self, targets: set[int], name: str) -> None:
        super().__init__()
        self.targets = targets
        self.name = name
        self.done = 0

    def leave_Subscript(self, original_node, updated_node):
        if id(original_node) in self.targets:
            self.done += 1
            return cst.Name(self.name, lpar=updated_node.lpar, rpar=updated_node.rpar)
        return updated_node


@register
class RangeLenToEnumerate(Rule):
    """``for i in range(len(s)): BODY`` where BODY reads ``s[i]`` -> ``for i, c in
    enumerate(s): BODY`` with those reads replaced by ``c``.

    Sound inside a function when ``s`` is a local known to be a str, tuple or bytes (immutable,
    so ``s[i]`` cannot change while the loop runs, whatever BODY calls) that BODY never rebinds,
    and ``i`` is never rebound in BODY: ``range(len(s))`` and ``enumerate(s)`` both evaluate
    ``s`` once and produce indices ``0 .. len(s)-1`` in order (``len`` of these cannot fail),
    ``i`` takes the same values and keeps the last one after the loop, and at every read
    ``s[i]`` (which cannot raise, ``i`` being in range) equals the item ``enumerate`` paired
    with ``i``. Reads in nested scopes and in assignment/``del`` targets stay as they are.
    Identity: a tuple item is the same object either way; for str, characters outside
    Latin-1 are new objects on every ``s[i]``, so the rule does not fire when BODY uses ``is``
    or ``id()``.
    """

    id = "range-len-to-enumerate"
    description = "Iterate with enumerate() instead of indexing an immutable sequence by range(len())."
    category = "performance"
    intent = "faster"

    class Transformer(EvidenceTransformer):
        def _plan(self, loop: cst.For) -> tuple[str, set[int]] | None:
            ev = self.ev
            if not (isinstance(loop.target, cst.Name) and loop.asynchronous is None
                    and ev.is_builtin_call(loop.iter, "range") and len(loop.iter.args) == 1):
                return None
            inner = loop.iter.args[0]
            if inner.star or inner.keyword or not ev.is_builtin_call(inner.value, "len") \
                    or len(inner.value.args) != 1:
                return None
            seq = inner.value.args[0]
            if seq.star or seq.keyword or not isinstance(seq.value, cst.Name):
                return None
            t = ev.type_of(seq.value)
            func = ev.function_of(loop)
            if t is None or t.kind not in IMMUTABLE or func is None or not ev.simple_function(func):
                return None
            if not ev.is_builtin("enumerate"):
                return None
            index, name = loop.target.value, seq.value.value
            if {index, name} & assigned_names(loop.body):
                return None
            if m.findall(loop.body, m.ComparisonTarget(operator=m.Is() | m.IsNot())
                         | m.Call(func=m.Name("id"))):
                return None
            scope = ev.scopes.get(loop)
            pattern = m.Subscript(value=m.Name(name), slice=[m.SubscriptElement(
                slice=m.Index(value=m.Name(index)))])
            sites = {id(s) for s in m.findall(loop.body, pattern)
                     if ev.scopes.get(s) is scope and not is_store(ev, s)}
            return (name, sites) if sites else None

        def leave_For(self, original_node: cst.For, updated_node: cst.For) -> cst.For:
            plan = self._plan(original_node)
            if plan is None:
                return updated_node
            name, sites = plan
            if not updated_node.body.deep_equals(original_node.body):
                return updated_node  # an inner loop was rewritten: one level per pass
            item = self.names.fresh(f"{name}_item".lstrip("_"))
            replacer = _Replace(sites, item)
            body = original_node.body.visit(replacer)
            self.sites += 1
            target = cst.Tuple(elements=[cst.Element(updated_node.target),
                                         cst.Element(cst.Name(item))], lpar=[], rpar=[])
            return updated_node.with_changes(
                target=target, body=body,
                iter=cst.Call(func=cst.Name("enumerate"), args=[cst.Arg(cst.Name(name))]))
