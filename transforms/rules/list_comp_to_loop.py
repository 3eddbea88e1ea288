"""Expand a list comprehension assigned or returned in a function into a ``for`` loop."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ComprehensionScope, FunctionScope, ParentNodeProvider, ScopeProvider

from ..analysis.loops import locals_bound_before
from ..analysis.names import (SELF_DOCUMENTING, plain_target as _plain_target, read_names,
                              self_documenting_names)
from ..analysis import NameAllocator, keep_lines_together, uses_dynamic_scope
from ..analysis.recursion import RECURSIVE, CallGraph
from ..analysis.scopes import DYNAMIC_FUNCTION, LATE_BINDING, closure_over
from ..base import Rule, RuleTransformer
from ..registry import register

_STATEMENT = m.SimpleStatementLine(body=[
    m.Assign(value=m.ListComp()) | m.AnnAssign(value=m.ListComp()) | m.Return(value=m.ListComp())
])


def _for_clauses(comp: cst.ListComp) -> list[cst.CompFor]:
    clauses, clause = [], comp.for_in
    while clause is not None:
        clauses.append(clause)
        clause = clause.inner_for_in
    return clauses


@register
class ListCompToLoop(Rule):
    """``y = [e for x in xs if c]`` -> ``acc = []`` / ``for x2 in xs: if c: acc.append(e)`` /
    ``y = acc``; likewise ``return [...]`` and nested ``for`` clauses.

    Sound: the comprehension and the loop evaluate the first iterable once in the function,
    then, per element, the conditions in order (short-circuiting as nested ``if``\\ s) and the
    element, appending to a new list; ``y`` is bound only after the whole list is built, so a
    failure midway leaves ``y`` as it was. The comprehension's variables live in their own scope
    and must not leak: the loop uses fresh names for them, renaming exactly the references the
    comprehension scope resolves (nested lambdas and comprehensions included); a walrus inside
    binds in the function in both forms. Fires only in function bodies not using
    ``exec``/``eval``/``locals()``... (the new locals would show), for statements that are
    exactly ``target = [...]``, ``target: T = [...]`` or ``return [...]``, with name or tuple
    loop targets and no ``async for`` clause.
    Locals of the function read inside the comprehension must be certainly bound (parameters
    or top-level assignments before the statement): unbound, the comprehension would raise
    ``NameError`` (free variable) where the loop raises ``UnboundLocalError``.
    Not when a closure in the comprehension uses its variables (late binding differs:
    ``scopes.closure_over``), a ``{x=}`` f-string field shows one (it would print the fresh
    name), or the function is recursive (one frame less per level before Python 3.12).
    """

    id = "list-comp-to-loop"
    description = "Expand `y = [e for x in xs if c]` into a for loop appending to a list."
    category = "comprehension"
    family = "loops-builtins"
    intent = "neutral"
    inverse = "loop-to-list-comp"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

        def visit_Module(self, node: cst.Module) -> None:
            self.names = NameAllocator(node, taken=self.protected, rng=self.rng)
            self.calls = CallGraph(node)
            self.renames: dict[cst.Name, str] = {}
            self.sites_todo: dict[cst.SimpleStatementLine, str] = {}

        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            if not m.matches(node, _STATEMENT):
                return
            comp: cst.ListComp = node.body[0].value
            clauses = _for_clauses(comp)
            if any(c.asynchronous is not None or not _plain_target(c.target) for c in clauses):
                self.skip("an async for clause, or a target that is not plain names")
                return
            func_scope = self.get_metadata(ScopeProvider, node, None)
            comp_scope = self.get_metadata(ScopeProvider, comp.elt, None)
            if not isinstance(func_scope, FunctionScope) or not isinstance(
                    comp_scope, ComprehensionScope) or uses_dynamic_scope(func_scope.node):
                self.skip("not in a function" if not isinstance(func_scope, FunctionScope)
                          else "no comprehension scope" if not isinstance(
                              comp_scope, ComprehensionScope) else DYNAMIC_FUNCTION)
                return
            if self.calls.recursive(func_scope.node):
                self.skip(RECURSIVE)  # the comprehension's frame goes away (before 3.12)
                return
            inner = [comp.elt] + [c.iter for c in clauses[1:]] + [
                cond.test for c in clauses for cond in c.ifs]
            comp_names = {a.name for a in comp_scope.assignments}
            if comp_names & self_documenting_names(comp):
                self.skip(SELF_DOCUMENTING)  # the loop variables get fresh names
                return
            if closure_over(comp, comp_names):
                self.skip(LATE_BINDING)
                return
            if not locals_bound_before(self, node, func_scope, inner, comp_names):
                return
            fresh: dict[str, str] = {}
            renames: dict[cst.Name, str] = {}
            for assignment in comp_scope.assignments:
                if not isinstance(assignment.node, cst.Name) or any(
                        not isinstance(ref.node, cst.Name) for ref in assignment.references):
                    # e.g. a string annotation mentions it: cannot rename safely
                    self.skip("a comprehension variable is referenced other than by a name")
                    return
                new = fresh.setdefault(assignment.name, self.names.fresh())
                renames[assignment.node] = new
                for ref in assignment.references:
                    renames[ref.node] = new
            # Every use of a comprehension variable must be among the references the scope
            # analysis found (it misses some in the ``if`` of an inner ``for`` clause): one
            # left unrenamed would read a different variable in the loop.
            if any(name.value in fresh and name not in renames
                   for name in read_names(comp)):
                self.skip("a use of a comprehension variable the scope analysis did not resolve")
                return
            self.renames.update(renames)
            self.sites_todo[node] = self.names.fresh()

        def leave_Name(self, original_node, updated_node):
            new = self.renames.get(original_node)
            return updated_node if new is None else updated_node.with_changes(value=new)

        def leave_SimpleStatementLine(self, original_node, updated_node):
            acc = self.sites_todo.get(original_node)
            if acc is None:
                return updated_node
            stmt = updated_node.body[0]
            comp: cst.ListComp = stmt.value
            elt = comp.elt
            if not isinstance(elt, (cst.Tuple, cst.NamedExpr, cst.GeneratorExp)):
                elt = elt.with_changes(lpar=[], rpar=[])  # the call's parentheses suffice
            inner: cst.BaseStatement = cst.parse_statement(f"{acc}.append(0)")
            inner = inner.with_deep_changes(inner.body[0].value.args[0], value=elt)
            for clause in reversed(_for_clauses(comp)):
                for cond in reversed(clause.ifs):
                    inner = cst.If(test=keep_lines_together(cond.test),
                                   body=cst.IndentedBlock(body=[inner]))
                target = clause.target
                if isinstance(target, cst.Name):
                    target = target.with_changes(lpar=[], rpar=[])
                inner = cst.For(target=keep_lines_together(target),
                                iter=keep_lines_together(clause.iter),
                                body=cst.IndentedBlock(body=[inner]))
            init = cst.parse_statement(f"{acc} = []").with_changes(
                leading_lines=updated_node.leading_lines)
            final = updated_node.with_changes(body=[stmt.with_changes(value=cst.Name(acc))],
                                              leading_lines=())
            self.sites += 1
            return cst.FlattenSentinel([init, inner, final])
