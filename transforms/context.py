"""Module-level edits a rule schedules during its pass, applied once the pass is over.

A rule that needs a new top-level definition (a helper function) cannot add it where it finds
the site: the site is deep inside a function, and the module's body is rebuilt only when the
visit leaves the module. As libcst's ``AddImportsVisitor.add_needed_import(context, module,
obj)`` does for imports, the rule records the edit in its context's scratch space and a small
scheduler applies every recorded edit after the main pass (``apply_scheduled``, called by
``Rule.transform``)::

    def visit_Return(self, node):
        ...
        schedule_helper(self.context, self.top_level(node), helper_def)

The context is libcst's own ``CodemodContext``, so a rule may also schedule imports with
``AddImportsVisitor.add_needed_import(self.context, "functools", "cache")``; they are added
after the pass the same way.
"""

from __future__ import annotations

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor

_HELPERS = "semforge.helpers"  # scratch key: [(top-level statement, FunctionDef), ...]


def schedule_helper(context: CodemodContext, before: cst.CSTNode, helper: cst.FunctionDef) -> None:
    """Place ``helper`` just before ``before``, a statement of the module's top level as it was
    when the pass began (the statement holding the function that calls the helper), so that the
    helper exists before anything in that statement runs, decorators included. Helpers
    scheduled before the same statement keep their order."""
    context.scratch.setdefault(_HELPERS, []).append((before, helper))


def apply_scheduled(context: CodemodContext, visited: cst.Module, updated: cst.Module) -> cst.Module:
    """``updated`` (the result of visiting ``visited``) with every scheduled edit made."""
    helpers = context.scratch.pop(_HELPERS, [])
    if helpers:
        updated = _insert_helpers(visited, updated, helpers)
    if AddImportsVisitor._get_imports_from_context(context):
        updated = AddImportsVisitor(context).transform_module(updated)
    return updated


def _insert_helpers(visited: cst.Module, updated: cst.Module,
                    helpers: list[tuple[cst.CSTNode, cst.FunctionDef]]) -> cst.Module:
    # Statements are matched by position: a rule that schedules helpers must keep the module's
    # top-level statements one for one (it rewrites inside them, never adds or drops one).
    if len(visited.body) != len(updated.body):
        raise ValueError("helpers were scheduled by a pass that added or removed top-level "
                         "statements; they cannot be placed")
    index = {id(stmt): i for i, stmt in enumerate(visited.body)}
    before: dict[int, list[cst.FunctionDef]] = {}
    for anchor, helper in helpers:
        if id(anchor) not in index:
            raise ValueError("a helper was scheduled before a node that is not a top-level "
                             "statement of the visited module")
        before.setdefault(index[id(anchor)], []).append(helper)
    body: list[cst.BaseStatement] = []
    for i, stmt in enumerate(updated.body):
        new = before.get(i)
        if new:
            # Blank lines go before the first helper; comments stay with their statement.
            blank = [ln for ln in stmt.leading_lines if ln.comment is None]
            notes = [ln for ln in stmt.leading_lines if ln.comment is not None]
            spaced = [h.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()]) for h in new]
            body += [spaced[0].with_changes(leading_lines=blank), *spaced[1:]]
            stmt = stmt.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine(), *notes])
        body.append(stmt)
    return updated.with_changes(body=body)


def top_level_statement(get_parent, node: cst.CSTNode) -> cst.CSTNode:
    """The statement of the module's top level that holds ``node`` (``get_parent(n)`` gives the
    parent of ``n``, None at the module)."""
    parent = get_parent(node)
    while parent is not None and not isinstance(parent, cst.Module):
        node, parent = parent, get_parent(parent)
    return node
