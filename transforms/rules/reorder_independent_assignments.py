"""Swap two adjacent assignments that cannot see each other."""

from __future__ import annotations

from typing import Sequence

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ScopeProvider

from ..analysis import global_nonlocal_names, is_literal, uses_dynamic_scope
from ..analysis.evidence import EvidenceTransformer
from ..analysis.initialisers import bound_before, deleted_names, literal_display, names_in
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..base import Rule
from ..registry import register

_SIMPLE_ASSIGN = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())])])


def _reads(expr: cst.BaseExpression, params: set[str]) -> set[str] | None:
    """Names read by a side-effect-free, non-raising expression over literals and parameters
    (and displays of them), or None if the expression is anything else."""
    if is_literal(expr):
        return set()
    if isinstance(expr, cst.Name):
        return {expr.value} if expr.value in params else None
    if isinstance(expr, cst.Set) and not all(
            isinstance(el, cst.Element) and is_literal(el.value) for el in expr.elements):
        return None  # a set display hashes its items: user code that can raise or print
    if isinstance(expr, (cst.Tuple, cst.List, cst.Set)):
        out: set[str] = set()
        for el in expr.elements:
            if isinstance(el, cst.StarredElement):
                return None
            sub = _reads(el.value, params)
            if sub is None:
                return None
            out |= sub
        return out
    if isinstance(expr, cst.Dict) and not expr.elements:
        return set()
    return None


@register
class ReorderIndependentAssignments(Rule):
    """``a = e1`` / ``b = e2`` -> ``b = e2`` / ``a = e1`` for adjacent single-name assignments
    that are independent.

    Sound when neither statement can observe or affect the other: both values are built only
    from literals, the function's parameters and list/tuple displays of them, set displays of
    literals and empty dicts (a set of parameters would hash them: user code; no
    call, operator, attribute or subscript runs user code, and nothing can raise: parameters
    are always bound, and the rule does not fire if the function ``del``\\ etes one); the targets
    differ and neither value reads the other's target. Only in function bodies without
    ``global``/``nonlocal`` for the targets and without ``exec``/``eval``/``locals()``...;
    statements carrying comments are not moved. Pairs do not overlap.

    With ``TypeEvidence`` (``uses_domain``) a value may also be a display of literals or any
    expression ``is_total`` proves cannot raise nor run user code (``len(s)`` of a str, ``n - 1``
    of an int, ``s.lower()``), provided every local it reads is surely bound there (a parameter
    or a target of an earlier plain assignment of the same block): then neither order raises.
    """

    id = "reorder-independent-assignments"
    description = "Swap adjacent assignments of independent literal/parameter values."
    category = "reorder"
    family = "assignments"
    intent = "neutral"
    uses_domain = True

    class Transformer(EvidenceTransformer):

        def visit_Module(self, node: cst.Module) -> None:
            super().visit_Module(node)
            self.info: dict[FunctionScope, tuple[set[str], set[str]] | None] = {}

        def _function_info(self, block: cst.IndentedBlock):
            scope = self.get_metadata(ScopeProvider, block, None)
            if not isinstance(scope, FunctionScope):
                return None
            if scope not in self.info:
                func = scope.node
                if uses_dynamic_scope(func) or not isinstance(func, cst.FunctionDef):
                    self.info[scope] = None
                else:
                    p = func.params
                    params = {x.name.value for x in (*p.posonly_params, *p.params,
                                                     *p.kwonly_params)}
                    for star in (p.star_arg, p.star_kwarg):
                        if isinstance(star, cst.Param):
                            params.add(star.name.value)
                    deleted = {n.value for d in m.findall(func, m.Del())
                               for n in m.findall(d, m.Name())}
                    self.info[scope] = (params - deleted, global_nonlocal_names(func))
            return self.info[scope]

        def _typed_reads(self, value: cst.BaseExpression, bound: set[str]) -> set[str] | None:
            """The names ``value`` reads when it is a display of literals or a total expression
            whose locals are all surely bound (``bound``); None otherwise."""
            if not (literal_display(value) or self.ev.is_total(value)):
                return None
            reads = names_in(value)
            scope = self.ev.scopes.get(value)
            local = {a.name for a in scope.assignments} if isinstance(scope, FunctionScope) else reads
            return reads if not (reads & local) - bound else None

        def _swappable(self, a, b, params, declared, bound) -> bool:
            if not (m.matches(a, _SIMPLE_ASSIGN) and m.matches(b, _SIMPLE_ASSIGN)):
                return False
            if any(line.comment for s in (a, b) for line in s.leading_lines):
                return self.skip("a comment would move with the statements")
            if a.trailing_whitespace.comment or b.trailing_whitespace.comment:
                return self.skip("a comment would move with the statements")
            ta, tb = a.body[0].targets[0].target.value, b.body[0].targets[0].target.value
            ra, rb = _reads(a.body[0].value, params), _reads(b.body[0].value, params)
            if ra is None:
                ra = self._typed_reads(a.body[0].value, bound)
            if rb is None:
                rb = self._typed_reads(b.body[0].value, bound)
            if ra is None or rb is None:
                return self.skip("a value is not built from literals and parameters only "
                                 "(it could run code or raise)")
            if ta == tb:
                return self.skip("both assign the same name")
            if {ta, tb} & declared:
                return self.skip("a target is global or nonlocal")
            return ta not in rb and tb not in ra or self.skip(
                "one value reads the other's target")

        def _reorder(self, original: Sequence[cst.BaseStatement],
                     body: Sequence[cst.BaseStatement], params, declared, func):
            out, i, changed = [], 0, False
            deleted = deleted_names(func)
            while i < len(body):
                if i + 1 < len(body) and self._swappable(
                        original[i], original[i + 1], params, declared,
                        bound_before(func.params, original[:i], deleted)):
                    a, b = body[i], body[i + 1]
                    # The pair keeps its position's spacing: blank lines stay where they were.
                    out += [b.with_changes(leading_lines=a.leading_lines),
                            a.with_changes(leading_lines=b.leading_lines)]
                    self.sites += 1
                    changed = True
                    i += 2
                else:
                    out.append(body[i])
                    i += 1
            return out if changed else None

        def leave_IndentedBlock(self, original_node, updated_node):
            body = original_node.body
            if not any(m.matches(a, _SIMPLE_ASSIGN) and m.matches(b, _SIMPLE_ASSIGN)
                       for a, b in zip(body, body[1:])):
                return updated_node  # nothing to swap: skip the scope analysis
            info = self._function_info(original_node)
            if info is None:
                scope = self.get_metadata(ScopeProvider, original_node, None)
                self.skip("not in a function" if not isinstance(scope, FunctionScope)
                          else DYNAMIC_FUNCTION if uses_dynamic_scope(scope.node)
                          else "not in a def")
                return updated_node
            func = self.get_metadata(ScopeProvider, original_node).node
            new = self._reorder(original_node.body, updated_node.body, *info, func)
            return updated_node if new is None else updated_node.with_changes(body=new)
