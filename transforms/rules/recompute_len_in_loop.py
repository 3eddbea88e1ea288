"""Inside a loop, call ``len(s)`` again instead of reading ``n = len(s)`` computed before it."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import assigned_names, global_nonlocal_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import DYNAMIC_FUNCTION, certainly_bound
from ..analysis.names import SELF_DOCUMENTING, self_documenting_names
from ..analysis.sequences import list_left_alone
from ..analysis.types import IMMUTABLE_SIZED
from ..base import Rule
from ..registry import register

_LEN_ASSIGN = m.SimpleStatementLine(body=[m.Assign(
    targets=[m.AssignTarget(target=m.Name())],
    value=m.Call(func=m.Name("len"), args=[m.Arg(value=m.Name(), keyword=None, star="")]))])
_LOOPS = (cst.For, cst.While)


class _Replace(cst.CSTTransformer):
    def __init__(self, sites: set[int], seq: str) -> None:
        super().__init__()
        self.sites = sites
        self.seq = seq

    def leave_Name(self, original_node, updated_node):
        if id(original_node) in self.sites:
            return cst.Call(func=cst.Name("len"), args=[cst.Arg(cst.Name(self.seq))],
                            lpar=updated_node.lpar, rpar=updated_node.rpar)
        return updated_node


@register
class RecomputeLenInLoop(Rule):
    """``n = len(s)`` ... ``while i < n: ...`` -> ``while i < len(s): ...`` (reads of ``n`` in
    loops that follow the assignment in the same block call ``len(s)`` again).

    The reverse of ``hoist-len-out-of-loop``. Sound inside a function when ``s`` is a parameter
    never rebound or deleted in the function and known to be a str, bytes, tuple or frozenset
    (immutable: ``len(s)`` is the same at every moment and cannot raise or run code) -- or a
    list that no statement from the assignment to the end of the loop can change
    (``sequences.list_left_alone``: they provably run no user code and append only to other
    lists made in the function; the rule stops at the first statement that might) -- and ``n``
    is a plain local whose only binding in the function is that assignment (no ``del``, not
    global/nonlocal, not read by nested scopes): every read of ``n`` in a loop placed after the
    assignment in the same block then sees exactly ``len(s)``. Reads in the loop's iterable
    (for ``for``) are rewritten too; they run after the assignment as well. Only plain reads
    of ``n`` are replaced; the assignment itself stays.
    """

    id = "recompute-len-in-loop"
    description = "Call len() again inside loops instead of reading a variable holding it."
    category = "performance"
    family = "algorithmic"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "hoist-len-out-of-loop"

    class Transformer(EvidenceTransformer):
        def _candidate(self, stmt: cst.CSTNode, func: cst.FunctionDef) -> tuple[str, str] | None:
            if not m.matches(stmt, _LEN_ASSIGN):
                return None
            ev = self.ev
            assign = stmt.body[0]
            var, seq_node = assign.targets[0].target.value, assign.value.args[0].value
            seq = seq_node.value
            scope = ev.scopes.get(stmt)
            t = ev.type_of(seq_node)
            if t is None or t.kind not in IMMUTABLE_SIZED | {"list"}:
                return self.skip(f"no evidence {seq!r} is an immutable sized builtin or a "
                                 "list") or None
            if var == seq:
                return self.skip("the length is assigned to the sequence's own name") or None
            if seq not in certainly_bound(ev, func, stmt):
                return self.skip(f"{seq!r} is not certainly bound here") or None
            seq_bindings = [a for a in scope.assignments[seq]]
            var_bindings = [a for a in scope.assignments[var]]
            if len(seq_bindings) != 1:  # its one binding ran before ``stmt``: never rebound
                return self.skip(f"{seq!r} is rebound in the function") or None
            if len(var_bindings) != 1 or var_bindings[0].node is not assign.targets[0].target:
                return self.skip(f"{var!r} is assigned elsewhere too") or None
            hidden = ev.hidden_bindings(func) | global_nonlocal_names(func)
            deleted = {n.value for d in m.findall(func, m.Del()) for n in m.findall(d, m.Name())}
            if {var, seq} & (hidden | deleted):
                return self.skip("a name is bound by match/walrus, global/nonlocal or deleted") \
                    or None
            for node in m.findall(func, m.Name(var)):
                if ev.scopes.get(node) is not None and ev.scopes.get(node) is not scope:
                    # read by a closure or comprehension: leave it
                    return self.skip(f"{var!r} is read by a closure or comprehension") or None
            return var, seq, t.kind == "list"

        def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                                updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
            if not any(m.matches(s, _LEN_ASSIGN) for s in original_node.body):
                return updated_node  # no candidate: skip the scope analysis below
            ev = self.ev
            func = ev.function_of(original_node)
            if func is None or not ev.simple_function(func) or not ev.is_builtin("len"):
                self.skip("not in a function's own scope" if func is None else
                          DYNAMIC_FUNCTION if not ev.simple_function(func) else "len is shadowed")
                return updated_node
            old, new = list(original_node.body), list(updated_node.body)
            changed = False
            for i, stmt in enumerate(old):
                plan = self._candidate(stmt, func)
                if plan is None:
                    continue
                var, seq, mutable = plan
                scope = ev.scopes.get(stmt)
                before = self.sites
                for j in range(i + 1, len(old)):
                    if mutable and not list_left_alone(ev, func, seq, [old[j]]):
                        # the list may change from here on: len(s) would no longer be n
                        self.skip(f"the list {seq!r} may change after its length is taken")
                        break
                    if not isinstance(old[j], _LOOPS) or not new[j].deep_equals(old[j]):
                        continue
                    if var in self_documenting_names(old[j]):
                        self.skip(SELF_DOCUMENTING)  # f"{n=}" would print len(s)=
                        continue
                    sites = {id(n) for n in m.findall(old[j], m.Name(var))
                             if ev.scopes.get(n) is scope and self._is_read(n)}
                    if sites:
                        new[j] = old[j].visit(_Replace(sites, seq))
                        self.sites += len(sites)
                        changed = True
                if self.sites == before:
                    self.skip("no later loop of the block reads the length")
            return updated_node.with_changes(body=new) if changed else updated_node

        def _is_read(self, name: cst.Name) -> bool:
            parent = self.ev.parent(name)
            if isinstance(parent, cst.Attribute) and parent.attr is name:
                return False
            if isinstance(parent, cst.Arg) and parent.keyword is name:
                return False
            return name.value not in assigned_names(parent) if isinstance(
                parent, (cst.AssignTarget, cst.AugAssign, cst.For, cst.Del)) else True
