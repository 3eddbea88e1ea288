"""Rename local variables of functions to fresh names."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ParentNodeProvider, ScopeProvider

from ..analysis import (NameAllocator, assigned_names, bound_before, global_nonlocal_names,
                        local_names, references_are_names, uses_dynamic_scope)
from ..analysis.names import loop_target_names, self_documenting_names
from ..analysis.naming import local_names as names_from_use
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..base import Rule, RuleTransformer
from ..registry import register

def _tricky_bindings(node: cst.CSTNode) -> set[str]:
    """Names left alone: those bound by a walrus or a match pattern (libcst's scopes put a walrus
    inside a comprehension, and some match captures, in the wrong scope or nowhere, so a rename
    could miss a binding), and those inside a self-documenting f-string field ``{x=}``."""
    # f"{total=}" prints the expression's source text: renaming `total` would change output.
    names = self_documenting_names(node)
    # A name bound in a nested class body is read there with class-then-global lookup, never
    # from our frame (`class K: x = x` does not see the function's x); libcst resolves such
    # reads to the function's variable, so renaming could turn a NameError into a value.
    for cls in m.findall(node, m.ClassDef()):
        for stmt in cls.body.body:
            names |= assigned_names(stmt, nested=False)
    for found in m.findall(node, m.NamedExpr() | m.MatchAs() | m.MatchStar() | m.MatchMapping()):
        target = getattr(found, "target", None) or getattr(found, "name", None) \
            or getattr(found, "rest", None)
        if isinstance(target, cst.Name):
            names.add(target.value)
    return names


@register
class RenameLocals(Rule):
    """Give every renamable local variable of every function a new, module-fresh name.

    Sound because a function's local variables are private to its frame: renaming a binding and
    all of its references (including those in nested functions, lambdas and comprehensions, which
    the ScopeProvider resolves to the same assignment) changes no behaviour. A name is renamable
    only when all of the following hold:

    * it is bound in the function's own scope by plain name targets (assignment, ``for``,
      ``with ... as``, ``except ... as``, walrus, ``del``), never by ``def``/``class``/``import``
      and never a parameter (keyword calls and introspection see parameter names);
    * every reference to it is a ``Name`` node (no string annotation mentions it);
    * no ``global``/``nonlocal`` statement anywhere in the function names it;
    * the function (nested functions included) does not use ``exec``, ``eval``, ``locals()``,
      ``vars()``, ``globals()``, ``dir()`` or zero-argument ``super()``, which see names.

    * it is certainly bound whenever it is read: bound by a top-level assignment of the
      function before the first top-level statement that reads it, and never deleted nor an
      ``except ... as`` name (an ``UnboundLocalError`` message quotes the variable's name).

    Observable difference left: ``f.__code__.co_varnames``.
    Module-level names, class attributes and parameters are never renamed. A new name says how
    the value is used (``analysis.naming.local_names``: the items of a loop over ``words`` are a
    ``word``, over a string a ``ch``, over ``range`` an ``i``; ``0`` then ``+= 1`` is a
    ``count``; ``[]`` a ``result``; ``len(s)`` a ``length``), is free in the whole module, and
    differs from the old one; a local whose use suggests no such name keeps its own.
    """

    id = "rename-locals"
    description = "Rename function-local variables to fresh names."
    category = "renaming"
    family = "naming"
    intent = "neutral"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

        def __init__(self, rng):
            super().__init__(rng)
            self.renames: dict[cst.Name, str] = {}  # original Name node -> new identifier
            self.names: NameAllocator | None = None

        def visit_Module(self, node: cst.Module) -> None:
            self.names = NameAllocator(node, taken=self.protected, rng=self.rng)

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            scope = self.get_metadata(ScopeProvider, node.body, None)
            if not isinstance(scope, FunctionScope) or uses_dynamic_scope(node):
                if isinstance(scope, FunctionScope) and local_names(scope):
                    self.skip(DYNAMIC_FUNCTION)
                return
            tricky = _tricky_bindings(node)
            declared = global_nonlocal_names(node)
            candidates = local_names(scope, exclude=declared | tricky | self.protected)
            for name in sorted(set(local_names(scope)) - set(candidates)):
                self.skip(f"{name!r} is global/nonlocal" if name in declared else
                          f"{name!r} is protected" if name in self.protected else
                          f"{name!r} is bound by a walrus or match, read in a class body, "
                          "or shown by an f-string `=` field")
            for name in sorted(candidates):
                assignments = candidates[name]
                if not references_are_names(assignments):
                    self.skip(f"{name!r} is referenced other than by a name (a string "
                              "annotation...)")
                    continue
                if not _bound_when_read(node, name, assignments):
                    self.skip("a read may find it unbound: the error message would name it")
                    continue
                new = self._name_from_use(name, assignments)
                if new is None:
                    self.skip("nothing in how it is used suggests another name")
                    continue
                self.sites += 1
                for assignment in assignments:
                    self.renames[assignment.node] = new
                    for access in assignment.references:
                        self.renames[access.node] = new

        def _name_from_use(self, name: str, assignments) -> str | None:
            """A name read from how the local is bound and updated (a loop over a string
            yields a ``char``, ``0`` then ``+= 1`` is a ``count``), free in the whole module and
            not its current name; None when its use suggests none."""
            if name.startswith("_"):
                return None  # `_`: a value deliberately unused, and named so
            binding, value, updates = None, None, []
            for assignment in assignments:
                node = assignment.node
                parent = self.get_metadata(ParentNodeProvider, node, None)
                if isinstance(parent, cst.For) and parent.target is node:
                    binding = binding or parent
                elif isinstance(parent, cst.AssignTarget):
                    assign = self.get_metadata(ParentNodeProvider, parent, None)
                    if isinstance(assign, cst.Assign) and value is None:
                        value = assign.value
                elif isinstance(parent, cst.AugAssign):
                    updates.append(parent)
            for candidate in names_from_use(binding, value, updates):
                if candidate != name and candidate not in self.names.taken \
                        and candidate.isidentifier():
                    self.names.reserve([candidate])
                    return candidate
            return None

        def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
            new = self.renames.get(original_node)
            if new is None:
                return updated_node
            return updated_node.with_changes(value=new)


def _bound_when_read(func: cst.FunctionDef, name: str, assignments) -> bool:
    """No read of ``name`` can find it unbound: the first top-level statement of ``func``
    holding a read comes after a top-level assignment of it (``bound_before``)."""
    if not isinstance(func.body, cst.IndentedBlock):
        return False
    reads = {id(access.node) for a in assignments for access in a.references}
    deleted = {n.value for d in m.findall(func, m.Del()) for n in m.findall(d, m.Name())}
    body = list(func.body.body)
    for i, stmt in enumerate(body):
        here = [n for n in m.findall(stmt, m.Name(name)) if id(n) in reads]
        if not here:
            continue
        if name in bound_before(func, i):
            return True
        # a loop variable read only inside its own loop's body: bound there by the loop
        inside = {id(n) for n in m.findall(stmt.body, m.Name(name))} \
            if isinstance(stmt, cst.For) else set()
        later = any(id(n) in reads for s in body[i + 1:] for n in m.findall(s, m.Name(name)))
        return (isinstance(stmt, cst.For) and name in (loop_target_names(stmt.target) or ())
                and name not in deleted and all(id(n) in inside for n in here) and not later)
    return True
