"""Collapse ``acc = []`` + ``for x in xs: acc.append(e)`` into a list comprehension."""

from __future__ import annotations

from typing import Sequence

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ParentNodeProvider, ScopeProvider

from ..analysis import global_nonlocal_names, used_names, uses_dynamic_scope
from ..analysis.accumulation import init_without, tuple_start
from ..analysis.loops import TARGETS_NOT_PRIVATE, locals_bound_before
from ..analysis.recursion import RECURSIVE, CallGraph
from ..analysis.scopes import DYNAMIC_FUNCTION, LATE_BINDING, closure_over
from ..analysis.names import plain_target as _plain_target
from ..base import Rule, RuleTransformer
from ..registry import register

_PAREN = {"lpar": [cst.LeftParen()], "rpar": [cst.RightParen()]}
# Expressions the comprehension grammar (`for t in <disjunction> if <disjunction>`) only
# accepts in parentheses.
_LOOSE = (cst.IfExp, cst.Lambda, cst.Tuple, cst.NamedExpr)
_EMPTY_LIST = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())],
                                                   value=m.List(elements=[]))])


def _tight(expr: cst.BaseExpression) -> cst.BaseExpression:
    return expr.with_changes(**_PAREN) if isinstance(expr, _LOOSE) and not expr.lpar else expr


class _Nodes(cst.CSTVisitor):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[int] = set()

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.ids.add(id(node))
        return True


def _node_ids(node: cst.CSTNode) -> set[int]:
    collector = _Nodes()
    node.visit(collector)
    return collector.ids


def _no_comments(stmt: cst.BaseStatement) -> bool:
    return not any(line.comment for line in getattr(stmt, "leading_lines", ()))


def _only_statement(body: cst.BaseSuite):
    """The single statement of a comment-free block (a one-line suite becomes a line)."""
    if isinstance(body, cst.SimpleStatementSuite):
        if len(body.body) != 1 or body.trailing_whitespace.comment is not None:
            return None
        return cst.SimpleStatementLine(body=body.body)
    if len(body.body) != 1 or body.footer or body.header.comment is not None:
        return None
    stmt = body.body[0]
    return stmt if _no_comments(stmt) else None


def _append_pattern(for_node: cst.For, acc: str):
    """``(clauses, element)`` if the loop is nested ``for``/``if`` (no ``else``) around a single
    ``acc.append(e)``; clauses are the ``For`` and ``If`` nodes from the outside in."""
    clauses: list[cst.For | cst.If] = []
    node: cst.BaseStatement | None = for_node
    while True:
        if isinstance(node, cst.For):
            if (node.orelse is not None or node.asynchronous is not None
                    or not _plain_target(node.target)):
                return None
        elif isinstance(node, cst.If):
            if node.orelse is not None:
                return None
        else:
            break
        clauses.append(node)
        node = _only_statement(node.body)
    call = m.Call(func=m.Attribute(value=m.Name(acc), attr=m.Name("append")),
                  args=[m.Arg(star="", keyword=None)])
    if not m.matches(node, m.SimpleStatementLine(body=[m.Expr(value=call)])):
        return None
    if node.trailing_whitespace.comment is not None:
        return None
    return clauses, node.body[0].value.args[0].value


def _appended_list(loop: cst.For) -> str | None:
    """The name ``acc`` of the innermost ``acc.append(e)`` of nested for/if statements."""
    node: cst.BaseStatement | None = loop
    while isinstance(node, (cst.For, cst.If)):
        node = _only_statement(node.body)
    if m.matches(node, m.SimpleStatementLine(body=[m.Expr(value=m.Call(
            func=m.Attribute(value=m.Name(), attr=m.Name("append"))))])):
        return node.body[0].value.func.value.value
    return None


@register
class LoopToListComp(Rule):
    """``acc = []`` / ``for x in xs: [if c:] acc.append(e)`` -> ``acc = [e for x in xs if c]``;
    ``a, acc = x, []`` before the loop becomes ``a = x`` + ``acc = [...]`` (``x`` is still
    evaluated, and ``a`` assigned, before the loop's code runs).

    Sound when nothing can tell the two apart:

    * ``acc`` starts as a new empty list and the loop body is exactly the ``append`` (under
      ``if``\\ s without ``else``); ``e``, ``c`` and ``xs`` never mention ``acc``, and no nested
      function or lambda in the function refers to it, so nobody sees the list while it grows;
    * the loop is not inside ``try`` or ``with`` in its function: if an element raises, the
      original leaves a partial ``acc`` behind, the comprehension leaves ``acc`` unbound, and
      only a handler in the same function could look;
    * the loop variables are not used anywhere else in the function (after the loop the
      original leaves them bound; the comprehension does not), are bound nowhere else, and are
      not ``global``/``nonlocal``; no walrus, ``yield`` or ``await`` in the loop;
    * the loop has no ``else``, is not ``async for``, and the function does not use ``exec``/
      ``eval``/``locals()``...; only inside functions (class-body comprehensions cannot see
      class names).
    * no lambda, ``def``, ``class`` or generator in the loop uses a loop variable (one cell per
      function call in the loop, one per comprehension run: ``scopes.closure_over``), and the
      function is not recursive (the comprehension is a frame before Python 3.12, so one more
      frame per level: ``analysis.recursion``).
    * locals read in the element, conditions and inner iterables are certainly bound
      (parameters or top-level assignments before the loop): unbound, the loop raises
      ``UnboundLocalError`` and the comprehension ``NameError``.
    """

    id = "loop-to-list-comp"
    description = "Collapse an append loop into a list comprehension."
    category = "comprehension"
    family = "loops-builtins"
    intent = "neutral"
    inverse = "list-comp-to-loop"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

        def visit_Module(self, node: cst.Module) -> None:
            self.calls = CallGraph(node)

        def _inside_try_or_with(self, node: cst.CSTNode, func: cst.CSTNode) -> bool:
            parent = self.get_metadata(ParentNodeProvider, node, None)
            while parent is not None and parent is not func:
                if isinstance(parent, (cst.Try, cst.TryStar, cst.With)):
                    return True
                parent = self.get_metadata(ParentNodeProvider, parent, None)
            return False

        def _convertible(self, init: cst.SimpleStatementLine, loop: cst.BaseStatement):
            if not isinstance(loop, cst.For):
                return None
            if m.matches(init, _EMPTY_LIST):
                acc = init.body[0].targets[0].target.value
            else:  # ``a, acc = x, []``: the list that the loop appends to
                acc = _appended_list(loop)
                if acc is None or tuple_start(init, acc, m.List(elements=[])) is None:
                    return None
            skip = lambda reason: self.skip(reason) or None  # noqa: E731 - says why, gives None
            if not _no_comments(loop):
                return skip("a comment on the loop would be lost")
            pattern = _append_pattern(loop, acc)
            if pattern is None:
                return skip("the loop is not nested for/if around a lone `acc.append(e)`"
                                 " (no else, no comments)")
            clauses, elt = pattern
            scope = self.get_metadata(ScopeProvider, loop, None)
            if not isinstance(scope, FunctionScope):
                return skip("not in a function")
            func = scope.node
            if uses_dynamic_scope(func):
                return skip(DYNAMIC_FUNCTION)
            if self.calls.recursive(func):
                return skip(RECURSIVE)  # the comprehension is a frame (before Python 3.12)
            if self._inside_try_or_with(loop, func):
                return skip("inside try/with: a half-built list could be observed")
            parts = [elt] + [c.iter if isinstance(c, cst.For) else c.test for c in clauses]
            if any(m.findall(p, m.NamedExpr() | m.Yield() | m.Await()) for p in parts):
                return skip("walrus, yield or await in the moved code")
            if any(acc in used_names(p) for p in parts):
                return skip("the list is read in the loop")
            declared = global_nonlocal_names(func)
            loop_ids = _node_ids(loop)
            targets = {n.value for c in clauses if isinstance(c, cst.For)
                       for n in m.findall(c.target, m.Name())}
            if acc in declared or targets & declared:
                return skip("the list or a loop variable is global or nonlocal")
            if acc in targets:
                return skip("the list is a loop variable")
            if closure_over(loop, targets):
                return skip(LATE_BINDING)
            for assignment in scope.assignments:
                if assignment.name == acc:
                    # every use of acc is in this function's own scope (no closure sees it)
                    if any(self.get_metadata(ScopeProvider, ref.node, None) is not scope
                           for ref in assignment.references):
                        return skip("the list is seen by a nested scope")
                if assignment.name in targets:
                    if id(assignment.node) not in loop_ids or any(
                            id(ref.node) not in loop_ids for ref in assignment.references):
                        return skip(TARGETS_NOT_PRIVATE)
            inner = parts[:1] + parts[2:]  # the first iterable is evaluated outside in both
            if not locals_bound_before(self, loop, scope, inner, targets):
                return None
            return acc, clauses, elt

        def _rewrite(self, body: Sequence[cst.BaseStatement]) -> list | None:
            out, i, changed = [], 0, False
            while i < len(body):
                found = self._convertible(body[i], body[i + 1]) if i + 1 < len(body) else None
                if found is None:
                    out.append(body[i])
                    i += 1
                    continue
                acc, clauses, elt = found
                comp_for, pending = None, []
                for clause in reversed(clauses):  # build the clause chain from the inside out
                    if isinstance(clause, cst.For):
                        comp_for = cst.CompFor(target=clause.target, iter=_tight(clause.iter),
                                               ifs=pending, inner_for_in=comp_for)
                        pending = []
                    else:
                        pending.insert(0, cst.CompIf(test=_tight(clause.test)))
                comp = cst.ListComp(elt=elt, for_in=comp_for)
                init = body[i]
                if isinstance(init.body[0].targets[0].target, cst.Name):
                    out.append(init.with_deep_changes(init.body[0], value=comp))
                else:  # ``a, acc = x, []`` -> ``a = x`` + ``acc = [...]``
                    out.append(init_without(init, tuple_start(init, acc, m.List(elements=[]))))
                    out.append(cst.SimpleStatementLine(body=[cst.Assign(
                        targets=[cst.AssignTarget(cst.Name(acc))], value=comp)]))
                self.sites += 1
                changed = True
                i += 2
            return out if changed else None

        def leave_IndentedBlock(self, original_node, updated_node):
            # Decide on the original nodes (metadata), rebuild from them: the rule changes
            # nothing inside the two statements it collapses.
            new = self._rewrite(original_node.body)
            if new is None:
                return updated_node
            return updated_node.with_changes(body=self._merge(original_node, updated_node, new))

        @staticmethod
        def _merge(original, updated, new):
            """Statements of ``new`` that are untouched originals take their updated versions."""
            index = {id(o): u for o, u in zip(original.body, updated.body)}
            return [index.get(id(stmt), stmt) for stmt in new]
