"""``for a, b in zip(s, s[1:]): ... a ... b ...`` -> ``for i in range(len(s) - 1): ... s[i] ...
s[i + 1] ...``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import assigned_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.index_loops import IndexLoopChecks
from ..analysis.names import SELF_DOCUMENTING, self_documenting_names
from ..analysis.numeric import RicherEvidence
from ..base import Rule
from ..registry import register


def _shift(arg: cst.Arg, name: str | None) -> tuple[str, int, bool] | None:
    """(sequence name, offset, is ``s[:-k]``) for a zip argument ``s``, ``s[j:]`` or ``s[:-k]``."""
    if arg.keyword is not None or arg.star:
        return None
    v = arg.value
    if isinstance(v, cst.Name) and not v.lpar:
        return v.value, 0, False
    if not (isinstance(v, cst.Subscript) and isinstance(v.value, cst.Name) and len(v.slice) == 1
            and isinstance(v.slice[0].slice, cst.Slice) and v.slice[0].slice.step is None):
        return None
    sl = v.slice[0].slice
    if sl.upper is None and isinstance(sl.lower, cst.Integer) and sl.lower.value.isdigit():
        return v.value.value, int(sl.lower.value), False
    if sl.lower is None and m.matches(sl.upper, m.UnaryOperation(
            operator=m.Minus(), expression=m.Integer(value=m.MatchIfTrue(str.isdigit)))):
        return v.value.value, 0, int(sl.upper.expression.value)
    return None


class _Substitute(cst.CSTTransformer):
    def __init__(self, sites: dict[int, cst.BaseExpression]) -> None:
        super().__init__()
        self.sites = sites

    def leave_Name(self, original_node, updated_node):
        new = self.sites.get(id(original_node))
        return new.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar) if new \
            else updated_node


@register
class ZipToAdjacentIndex(Rule):
    """``for a, b in zip(s, s[1:]): BODY`` (or ``zip(s[:-1], s[1:])``, or up to ``s[3:]``) ->
    ``for i in range(len(s) - 1): BODY`` with ``a`` read as ``s[i]`` and ``b`` as ``s[i + 1]``.

    The inverse of ``adjacent-index-to-zip`` (whose docstring says why both walk the same
    items): the sequence and body qualify as there, and each loop variable is used only as a
    read inside the body, in the loop's own scope (it is no longer bound after the rewrite).
    Indexing twice per step instead of zipping copies: slower.
    """

    id = "zip-to-adjacent-index"
    description = "Walk neighbouring items by index instead of zip() over shifted slices."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    inverse = "adjacent-index-to-zip"
    uses_domain = True

    class Transformer(IndexLoopChecks, EvidenceTransformer):
        EVIDENCE = RicherEvidence

        def _plan(self, loop: cst.For):
            ev = self.ev
            if loop.asynchronous is not None or not isinstance(loop.target, cst.Tuple) \
                    or not ev.is_builtin_call(loop.iter, "zip") or len(loop.iter.args) < 2:
                return None
            targets = [el.value for el in loop.target.elements]
            shifts = [_shift(a, None) for a in loop.iter.args]
            if len(targets) != len(shifts) or None in shifts or not all(
                    isinstance(t, cst.Name) and isinstance(el, cst.Element)
                    for t, el in zip(targets, loop.target.elements)):
                return None
            names = {s[0] for s in shifts}
            offsets = [s[1] for s in shifts]
            k = max(offsets)
            cut = [s[2] for s in shifts if s[2]]
            if (len(names) != 1 or offsets != sorted(set(offsets)) or not 1 <= k <= 3
                    or any(c != k for c in cut) or (cut and shifts[0][2] != k)
                    or len({t.value for t in targets}) != len(targets)):
                return None
            name = names.pop()
            seq = loop.iter.args[0].value
            seq_node = seq if isinstance(seq, cst.Name) else seq.value
            skip = lambda reason: self.skip(reason) or None  # noqa: E731
            if not all(ev.is_builtin(b) for b in ("range", "len")):
                return skip("range or len is shadowed")
            if self._kind(seq_node, loop) is None:
                return None  # it said why
            kind = ev.type_of(seq_node).kind
            func = ev.function_of(loop)
            scope = ev.scopes.get(loop)
            vars_ = {t.value for t in targets}
            if ({name} | vars_) & assigned_names(loop.body):
                return skip("a loop variable or the sequence is rebound in the body")
            if vars_ & self_documenting_names(loop.body):
                return skip(SELF_DOCUMENTING)
            if self._identity([loop.body]):
                return skip("an identity test (is, id()) in the body")
            if kind == "list" and not self._inert(func, name).block(loop.body):
                return skip("the body may run user code (which could change the list)")
            sites = {}
            for t, j in zip(targets, offsets):
                bindings = list(scope.assignments[t.value])
                if len(bindings) != 1 or bindings[0].node is not t \
                        or t.value in ev.hidden_bindings(func):
                    return skip(f"{t.value} is bound elsewhere in the function")
                for ref in bindings[0].references:
                    node = ref.node
                    if ev.scopes.get(node) is not scope or not _inside(ev, node, loop.body):
                        return skip(f"{t.value} is used outside the loop body")
                    sites[id(node)] = j
            return name, k, sites

        def leave_For(self, original_node: cst.For, updated_node: cst.For) -> cst.For:
            plan = self._plan(original_node)
            if plan is None or not updated_node.body.deep_equals(original_node.body):
                return updated_node
            name, k, sites = plan
            index = self.names.fresh("i")

            def read(j: int) -> cst.Subscript:
                at = cst.Name(index) if j == 0 else cst.BinaryOperation(
                    left=cst.Name(index), operator=cst.Add(), right=cst.Integer(str(j)))
                return cst.Subscript(value=cst.Name(name), slice=[cst.SubscriptElement(
                    cst.Index(at))])
            body = original_node.body.visit(_Substitute({key: read(j) for key, j in sites.items()}))
            length = cst.BinaryOperation(
                left=cst.Call(func=cst.Name("len"), args=[cst.Arg(cst.Name(name))]),
                operator=cst.Subtract(), right=cst.Integer(str(k)))
            self.sites += 1
            return updated_node.with_changes(
                target=cst.Name(index), body=body,
                iter=cst.Call(func=cst.Name("range"), args=[cst.Arg(length)]))


def _inside(ev, node: cst.CSTNode, body: cst.CSTNode) -> bool:
    parent = ev.parent(node)
    while parent is not None:
        if parent is body:
            return True
        parent = ev.parent(parent)
    return False
