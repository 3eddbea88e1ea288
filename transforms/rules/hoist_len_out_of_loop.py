"""Compute ``len(s)`` once before a loop instead of on every pass (an immutable sequence, or a
list the loop provably leaves alone)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.types import IMMUTABLE_SIZED
from ..analysis import assigned_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import DYNAMIC_FUNCTION, certainly_bound
from ..analysis.sequences import list_left_alone
from ..analysis.names import SELF_DOCUMENTING, self_documenting_names
from ..base import Rule
from ..registry import register

_LEN_OF_NAME = m.Call(func=m.Name("len"), args=[m.Arg(value=m.Name(), keyword=None, star="")])


class _Replace(cst.CSTTransformer):
    def __init__(self, sites: set[int], names: dict[str, str]) -> None:
        super().__init__()
        self.sites = sites
        self.names = names

    def leave_Call(self, original_node, updated_node):
        if id(original_node) in self.sites:
            return cst.Name(self.names[original_node.args[0].value.value],
                            lpar=updated_node.lpar, rpar=updated_node.rpar)
        return updated_node


@register
class HoistLenOutOfLoop(Rule):
    """``while i < len(s): ...`` -> ``n = len(s)`` + ``while i < n: ...`` (and ``len(s)`` in a
    loop body likewise, nested loops' ``range(len(s))`` included).

    Sound inside a function when ``s`` is certainly bound before the loop (a parameter or a
    top-level assignment before it, never deleted), never rebound inside the loop, and its
    length cannot change while the loop runs: then every ``len(s)`` the loop evaluates equals
    the value computed once before it. That holds for a str, bytes, tuple or frozenset
    (immutable), and for a list when the whole loop (iterable, test, body, ``else``) provably
    runs no user code (``analysis.purity.Inert``: builtin operations on values with
    builtin-type evidence) and mutates nothing but lists ``r.append(x)`` adds to, where every
    binding of ``r`` stores a fresh list and every binding of ``s`` is a parameter or a fresh
    list (so ``r`` is never ``s``); nothing else can reach the list then. ``len`` of these types
    runs no user code and cannot raise, so computing it earlier -- or when the loop would have
    skipped it (zero iterations, a short-circuited ``and``) -- is unobservable.

    The length is hoisted above the outermost loop that qualifies, and a ``len(s)`` in that
    loop's own iterable (evaluated once, right after the new assignment) reads the new name
    too; a loop whose only ``len(s)`` is its iterable is left alone (nothing to save). Calls in
    nested functions, lambdas and comprehensions stay. Not applied when ``len`` is rebound in
    the module. The new name is fresh in the module.
    """

    id = "hoist-len-out-of-loop"
    description = "Compute len() of a sequence the loop cannot change once before the loop."
    category = "performance"
    family = "algorithmic"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "recompute-len-in-loop"

    class Transformer(EvidenceTransformer):
        def _sites(self, loop: cst.CSTNode, func: cst.FunctionDef,
                   say=None) -> dict[str, list[cst.Call]]:
            """The ``len(s)`` calls of ``loop``'s test, body and else that may read a length
            computed before it, by ``s``; ``say`` receives why others may not."""
            ev = self.ev
            say = say or self.skip
            params = certainly_bound(ev, func, loop)
            deleted = {n.value for d in m.findall(func, m.Del()) for n in m.findall(d, m.Name())}
            rebound = assigned_names(loop)
            scope = ev.scopes.get(loop)
            parts = [loop.test, loop.body] if isinstance(loop, cst.While) else [loop.body]
            if getattr(loop, "orelse", None) is not None:
                parts.append(loop.orelse)
            found: dict[str, list[cst.Call]] = {}
            fixed: dict[str, bool] = {}
            for part in parts:
                for call in m.findall(part, _LEN_OF_NAME):
                    name = call.args[0].value
                    t = ev.type_of(name)
                    if ev.scopes.get(call) is not scope:
                        say("len() in a nested scope (lambda, comprehension...)")
                    elif name.value not in params:
                        say(f"{name.value!r} is not certainly bound before the loop")
                    elif name.value in deleted:
                        say(f"{name.value!r} is deleted in the function")
                    elif name.value in rebound:
                        say(f"{name.value!r} is rebound in the loop")
                    elif t is not None and t.kind in IMMUTABLE_SIZED:
                        found.setdefault(name.value, []).append(call)
                    elif t is not None and t.kind == "list":
                        if name.value not in fixed:
                            fixed[name.value] = list_left_alone(ev, func, name.value, [loop])
                        if fixed[name.value]:
                            found.setdefault(name.value, []).append(call)
                        else:
                            say(f"the list {name.value!r} may change in the loop (shared with "
                                "other code, or the loop may run user code)")
                    else:
                        say(f"no evidence {name.value!r} is an immutable sized builtin or a "
                            "list")
            # f"{len(s)=}" in the loop would print the new name (or, left alone, sit beside it)
            for seq in sorted(set(found) & self_documenting_names(loop)):
                say(SELF_DOCUMENTING)
                del found[seq]
            return found

        def _outer_takes(self, loop: cst.CSTNode, func: cst.FunctionDef, seq: str) -> bool:
            """A loop enclosing ``loop`` in the same function hoists ``len(seq)`` itself."""
            node = self.ev.parent(loop)
            while node is not None and node is not func:
                if isinstance(node, (cst.For, cst.While)) \
                        and seq in self._sites(node, func, lambda reason: False):
                    return True
                node = self.ev.parent(node)
            return False

        def _leave_loop(self, original_node, updated_node):
            ev = self.ev
            func = ev.function_of(original_node)
            if func is None or not ev.simple_function(func) or not ev.is_builtin("len"):
                if m.findall(original_node, _LEN_OF_NAME):
                    self.skip("not in a function's own scope" if func is None else
                              DYNAMIC_FUNCTION if not ev.simple_function(func) else
                              "len is shadowed")
                return updated_node
            if not updated_node.deep_equals(original_node):
                return updated_node  # an inner loop was rewritten: one level per pass
            found = self._sites(original_node, func)
            found = {seq: calls for seq, calls in found.items()
                     if not self._outer_takes(original_node, func, seq)}
            if not found:
                return updated_node
            if isinstance(original_node, cst.For):  # its iterable runs after the new line
                scope = ev.scopes.get(original_node)
                for call in m.findall(original_node.iter, _LEN_OF_NAME):
                    seq = call.args[0].value.value
                    if seq in found and ev.scopes.get(call) is scope:
                        found[seq].append(call)
            names = {seq: self.names.fresh(f"{seq}_len".lstrip("_")) for seq in sorted(found)}
            sites = {id(c) for calls in found.values() for c in calls}
            loop = original_node.visit(_Replace(sites, names))
            lines = [cst.SimpleStatementLine(body=[cst.Assign(
                targets=[cst.AssignTarget(cst.Name(alias))],
                value=cst.Call(func=cst.Name("len"), args=[cst.Arg(cst.Name(seq))]))])
                for seq, alias in names.items()]
            lines[0] = lines[0].with_changes(leading_lines=original_node.leading_lines)
            self.sites += len(sites)
            return cst.FlattenSentinel(lines + [loop.with_changes(leading_lines=[])])

        def leave_For(self, original_node: cst.For, updated_node: cst.For):
            return self._leave_loop(original_node, updated_node)

        def leave_While(self, original_node: cst.While, updated_node: cst.While):
            return self._leave_loop(original_node, updated_node)
