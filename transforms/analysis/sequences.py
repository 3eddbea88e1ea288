"""Builtin sequences a loop may index instead of iterate (and back): which cannot change, and
which list a function holds alone (shared by ``range-len-to-enumerate`` and ``for-each-to-index``)."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import Assignment, FunctionScope

from .purity import Inert
from .scopes import global_nonlocal_names

# Immutable sequences: s[i] is fixed for the whole loop whatever the body calls.
IMMUTABLE = frozenset({"str", "tuple", "bytes"})

def fresh_list(ev, e: cst.BaseExpression) -> bool:
    """``e`` evaluates to a list object created by this very evaluation."""
    if isinstance(e, (cst.List, cst.ListComp)):
        return True
    if ev.is_builtin_call(e, "list", "sorted"):
        return True
    if (isinstance(e, cst.Call) and isinstance(e.func, cst.Attribute)
            and e.func.attr.value in ("split", "rsplit", "splitlines")
            and ev.type_of(e.func.value) is not None and ev.type_of(e.func.value).kind == "str"):
        return True
    t = ev.type_of(e)
    if t is None or t.kind != "list":
        return False
    if isinstance(e, cst.BinaryOperation):
        return isinstance(e.operator, (cst.Add, cst.Multiply))
    return (isinstance(e, cst.Subscript) and len(e.slice) == 1
            and isinstance(e.slice[0].slice, cst.Slice))


def own_object(ev, func: cst.FunctionDef, scope, name: str, param_ok: bool) -> bool:
    """Every binding of local ``name`` stores a list made on the spot (or, with ``param_ok``,
    is a parameter): two such names, or such a name and a parameter, never share an object."""
    if not isinstance(scope, FunctionScope) or scope.node is not func:
        return False
    if name in global_nonlocal_names(func) or name in ev.hidden_bindings(func):
        return False
    bindings = list(scope.assignments[name])
    if not bindings:
        return False
    for a in bindings:
        if type(a) is not Assignment:
            return False
        node = a.node
        if isinstance(node, cst.Param):
            if not param_ok:
                return False
            continue
        parent = ev.parent(node)
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            if len(ev.parent(parent).targets) != 1:
                return False  # ``a = b = []``: two names, one list
            value = ev.parent(parent).value
        elif isinstance(parent, cst.AnnAssign) and parent.target is node and parent.value:
            value = parent.value
        else:
            return False
        if not fresh_list(ev, value):
            return False
    return True


def list_left_alone(ev, func: cst.FunctionDef, seq: str, stmts) -> bool:
    """Running the statements ``stmts`` of ``func`` cannot change the list held by local
    ``seq``: every binding of ``seq`` is a parameter or a fresh list, and the statements
    provably run no user code (``purity.Inert``: builtin operations on values with builtin-type
    evidence) and mutate nothing but lists ``r.append(x)`` adds to, where every binding of
    ``r`` stores a fresh list (so ``r`` is never ``seq``, and nothing else reaches the list)."""
    stmts = list(stmts)
    if not stmts or not own_object(ev, func, ev.scopes.get(stmts[0]), seq, True):
        return False

    def allow_append(name: cst.Name) -> bool:
        return name.value != seq and own_object(ev, func, ev.scopes.get(name), name.value, False)
    return Inert(ev, allow_append).block(cst.IndentedBlock(body=stmts))
