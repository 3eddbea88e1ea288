"""A list a statement may grow in place, spelled ``xs.append(v)`` or ``xs += [v]`` (shared by
``list-append-to-plus-equals`` and ``plus-equals-to-list-append``)."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import FunctionScope


def local_list(ev, name: cst.Name) -> bool:
    """``name`` is a local of the ``def`` it is read in (not a global or free variable, which
    ``name += ...`` would turn into an unbound local) and holds an exact list there."""
    scope = ev.scopes.get(name)
    if not (isinstance(scope, FunctionScope) and isinstance(scope.node, cst.FunctionDef)
            and scope.assignments[name.value]):
        return ev.skip("not a local variable of the function") and False
    t = ev.type_of(name)
    return t is not None and t.kind == "list" or ev.skip("no evidence the name holds an exact list")
