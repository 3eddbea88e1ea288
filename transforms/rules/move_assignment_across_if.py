"""Move an initialisation across an adjacent ``if`` that does not touch it: ``if n < 2: return
False`` / ``k = 1`` <-> ``k = 1`` / ``if n < 2: return False``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope

from ..analysis import global_nonlocal_names, uses_dynamic_scope
from ..analysis.evidence import EvidenceTransformer
from ..analysis.initialisers import bound_before, deleted_names, literal_display, names_in
from ..analysis.scopes import has_yield, names_in_nested_scopes
from ..base import Rule
from ..registry import register

_SIMPLE_ASSIGN = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())])])


def _has_comment(stmt: cst.BaseStatement) -> bool:
    if any(line.comment for line in stmt.leading_lines):
        return True
    return isinstance(stmt, cst.SimpleStatementLine) and stmt.trailing_whitespace.comment is not None


@register
class MoveAssignmentAcrossIf(Rule):
    """``if T: B`` / ``x = v`` <-> ``x = v`` / ``if T: B`` for two adjacent statements of a
    function's own body (not inside a loop, ``try`` or ``with``): an initialisation before or
    after a guard clause.

    Sound when neither can observe the other: ``v`` is a literal, a display of literals or an
    expression ``TypeEvidence.is_total`` proves cannot raise nor run user code (``n - 1``,
    ``len(s)`` of a str), reading only names bound before both statements (parameters,
    assignments earlier in the body) that the ``if`` does not rebind; the ``if`` never names
    ``x`` (nor does any nested function or lambda of the function: a closure could read it).
    Then ``v`` has the same value on either side, and whether ``B`` returns, raises or falls
    through, the frame ends or goes on with the same ``x``: a binding made before an exit that
    nothing reads is unobservable once the frame is gone. Not in generators, functions using
    ``global``/``nonlocal`` for ``x`` or ``exec``/``eval``/``locals()``; statements carrying
    comments are not moved; pairs do not overlap.
    """

    id = "move-assignment-across-if"
    description = "Move an initialisation across an adjacent if statement that does not use it."
    category = "reorder"
    family = "assignments"
    intent = "neutral"
    uses_domain = True

    class Transformer(EvidenceTransformer):

        def _movable(self, func: cst.FunctionDef, body, i: int, assign_line, if_stmt) -> bool:
            assign = assign_line.body[0]
            x, v = assign.targets[0].target.value, assign.value
            if _has_comment(assign_line) or _has_comment(if_stmt):
                return self.skip("a comment would move with the statements")
            if x in names_in(if_stmt):
                return self.skip("the if statement uses the assigned name")
            read = names_in(v)
            if x in read:
                return self.skip("the value reads the name it assigns")
            if not (literal_display(v) or self.ev.is_total(v)):
                return self.skip("the value could raise or run code (not proven total)")
            bound = bound_before(func.params, body[:i], deleted_names(func))
            scope = self.ev.scopes.get(assign.targets[0].target)
            if not isinstance(scope, FunctionScope):
                return self.skip("not in a function")
            local = {a.name for a in scope.assignments}
            if any(n in local and n not in bound for n in read):
                return self.skip("the value reads a name that may be unbound there")
            rebound = {n.value for n in m.findall(if_stmt, m.Name())
                       if n.value in read and self._stored(n)}
            return not rebound or self.skip("the if statement rebinds a name the value reads")

        def _stored(self, name: cst.Name) -> bool:
            if isinstance(self.ev.parent(name), (cst.AsName, cst.Del)):
                return True
            scope = self.ev.scopes.get(name)
            return scope is not None and any(a.node is name for a in scope.assignments[name.value])

        def _function_ok(self, func: cst.FunctionDef) -> bool:
            if uses_dynamic_scope(func):
                return self.skip("the function uses exec/eval/locals() or similar")
            if func.asynchronous is not None:
                return self.skip("an async function")
            if has_yield(func):
                return self.skip("a generator (its frame outlives an early exit)")
            return True

        def leave_FunctionDef(self, original_node, updated_node):
            body = list(original_node.body.body) if isinstance(
                original_node.body, cst.IndentedBlock) else []
            pairs = [i for i in range(len(body) - 1)
                     if isinstance(body[i], cst.If) and m.matches(body[i + 1], _SIMPLE_ASSIGN)
                     or m.matches(body[i], _SIMPLE_ASSIGN) and isinstance(body[i + 1], cst.If)]
            if not pairs or not self._function_ok(original_node):
                return updated_node
            declared = global_nonlocal_names(original_node)
            nested = names_in_nested_scopes(original_node)
            new = list(updated_node.body.body)
            i, changed = 0, False
            while i < len(body) - 1:
                if i not in pairs:
                    i += 1
                    continue
                a, b = body[i], body[i + 1]
                assign_line, if_stmt = (b, a) if isinstance(a, cst.If) else (a, b)
                x = assign_line.body[0].targets[0].target.value
                if x in declared or x in nested:
                    self.skip("the name is global/nonlocal or used by a nested scope")
                    i += 1
                    continue
                if not self._movable(original_node, body, i, assign_line, if_stmt):
                    i += 1
                    continue
                na, nb = new[i], new[i + 1]
                # each position keeps its own spacing: blank lines stay where they were
                new[i] = nb.with_changes(leading_lines=na.leading_lines)
                new[i + 1] = na.with_changes(leading_lines=nb.leading_lines)
                self.sites += 1
                changed = True
                i += 2
            if not changed:
                return updated_node
            return updated_node.with_changes(body=updated_node.body.with_changes(body=new))
