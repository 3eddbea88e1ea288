"""Inline calls to a small module-level helper whose body is a single ``return``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import (BuiltinScope, FunctionScope, GlobalScope, ParentNodeProvider,
                             PositionProvider, ScopeProvider)

from ..analysis import (bound_before, global_nonlocal_names, is_literal, replace_expression,
                        used_names, uses_dynamic_scope)
from ..analysis.names import SELF_DOCUMENTING, self_documenting_names
from ..analysis.recursion import RECURSIVE, CallGraph
from ..analysis.scopes import DYNAMIC_FUNCTION, SCOPE_SENSITIVE
from ..base import Rule, RuleTransformer
from ..registry import register

_DOCSTRING = m.SimpleStatementLine(body=[m.Expr(value=m.SimpleString() | m.ConcatenatedString())])
_ATOMS = (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.SimpleString,
          cst.ConcatenatedString, cst.FormattedString, cst.List, cst.Dict, cst.Set, cst.Tuple)


def _paren(expr: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(expr, _ATOMS) and (not isinstance(expr, cst.Tuple) or expr.lpar):
        return expr
    if expr.lpar:
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


class _Substitute(cst.CSTTransformer):
    def __init__(self, mapping: dict[cst.Name, cst.BaseExpression]) -> None:
        super().__init__()
        self.mapping = mapping

    def leave_Name(self, original_node, updated_node):
        return self.mapping.get(original_node, updated_node)


@register
class InlineHelper(Rule):
    """``h(x, 2)`` -> ``(x * 2 + k)`` for a ``def h(a, b): return a * b + k`` defined in the
    calling function's own body (the helper stays defined).

    Module-level helpers are left alone: code outside the module can rebind them after
    definition (a wrapper, ``mock.patch``), and the caller must then reach the new function.

    Sound when running the body in place of the call changes nothing:

    * the helper is a plain function defined by a top-level statement of the caller's body (no
      decorator, default, ``*args``/keyword-only parameter, not ``async``), bound once there,
      never deleted nor declared ``nonlocal``/``global`` in any nested function, whose
      body is one ``return e`` (after an optional docstring); ``e`` uses each parameter exactly
      once and holds no lambda/comprehension/walrus/``yield``/``await``, no ``__private`` name,
      no call to the helper itself, and no ``exec``/``eval``/``locals()``/``super()``;
    * every argument is a literal or a parameter of the calling function (or a local bound by a
      top-level assignment before the call's statement): evaluating it cannot fail, has no
      effect and gives the same value wherever it moves inside ``e`` (no ``global``/
      ``nonlocal``, ``del`` or dynamic scope in the caller), so a short-circuit that now skips
      it loses nothing;
    * the call is positional, in the caller's own scope, in a top-level statement after the
      helper's ``def`` (so the helper exists whenever the call runs), and every other name
      ``e`` reads is a global or builtin, or a local of the caller certainly bound at the call
      (read through the closure, an unbound one would raise another error).

    Left: tracebacks lose a frame; the inlined expression is parenthesized.
    """

    id = "inline-helper"
    description = "Inline calls to a one-line helper function defined in the same function."
    category = "helpers"
    family = "spelled-out"
    intent = "neutral"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider, PositionProvider)

        def visit_Module(self, node: cst.Module) -> None:
            self.helpers: dict[int, dict[str, tuple]] = {}  # id(function) -> its helpers
            self.lines = node.code.splitlines()
            self.replacements: dict[cst.Call, cst.BaseExpression] = {}
            self.calls = CallGraph(node)
            for stmt in node.body:
                if isinstance(stmt, cst.FunctionDef) and self._helper_shape(stmt):
                    self.skip("module-level helper: code outside the module can rebind it")

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            """Helpers are the one-line functions defined in this function's own body."""
            if not isinstance(node.body, cst.IndentedBlock):
                return
            declared = global_nonlocal_names(node)
            declared |= {n.value for d in m.findall(node, m.Del()) for n in m.findall(d, m.Name())}
            found = {}
            for i, stmt in enumerate(node.body.body):
                info = self._helper_info(stmt, declared, node)
                if info is not None:
                    found[stmt.name.value] = (*info, i)
            if found:
                self.helpers[id(node)] = found

        @staticmethod
        def _helper_shape(stmt: cst.FunctionDef) -> bool:
            body = list(stmt.body.body) if isinstance(stmt.body, cst.IndentedBlock) else []
            if len(body) == 2 and m.matches(body[0], _DOCSTRING):
                body = body[1:]
            return len(body) == 1 and m.matches(body[0], m.SimpleStatementLine(body=[m.Return()]))

        def _helper_info(self, stmt: cst.CSTNode, declared: set[str], outer: cst.FunctionDef):
            # a function of the helpers' shape is a candidate: say why it is not one
            skip = (lambda reason: self.skip(reason) or None) if (
                isinstance(stmt, cst.FunctionDef) and self._helper_shape(stmt)) \
                else (lambda reason: None)
            if not isinstance(stmt, cst.FunctionDef) or stmt.decorators or stmt.asynchronous:
                return skip("a decorated or async helper")
            p = stmt.params
            if (p.posonly_params or p.kwonly_params or p.star_kwarg is not None
                    or not isinstance(p.star_arg, cst.MaybeSentinel)
                    or any(x.default is not None or x.star for x in p.params)):
                return skip("the helper takes other than plain positional parameters")
            name = stmt.name.value
            if name in declared:
                return skip("the helper's name is global/nonlocal or deleted")
            # The body's shape first: it rules out most functions without the scope analysis.
            if not isinstance(stmt.body, cst.IndentedBlock):
                return None
            body = list(stmt.body.body)
            if body and len(body) == 2 and m.matches(body[0], _DOCSTRING):
                body = body[1:]
            if len(body) != 1 or not m.matches(body[0], m.SimpleStatementLine(body=[m.Return()])):
                return None
            outer_scope = self.get_metadata(ScopeProvider, stmt, None)
            if not isinstance(outer_scope, FunctionScope) or outer_scope.node is not outer:
                return None
            if len(outer_scope.assignments[name]) != 1:
                return skip("the helper's name is bound more than once")
            expr = body[0].body[0].value
            if expr is None or m.findall(expr, SCOPE_SENSITIVE) or uses_dynamic_scope(stmt):
                return skip("a bare return, a lambda/comprehension/yield/await/walrus, or "
                            "exec/eval/locals() in the helper")
            if any(n.value == "__class__"
                   or (n.value.startswith("__") and not n.value.endswith("__"))
                   for n in m.findall(expr, m.Name())):
                return skip("a __private name or __class__ in the helper")
            scope = self.get_metadata(ScopeProvider, stmt.body, None)
            if not isinstance(scope, FunctionScope):
                return None
            params = [x.name.value for x in p.params]
            if set(params) & self_documenting_names(expr):
                return skip(SELF_DOCUMENTING)  # f"{a=}" would print the argument's text
            refs: dict[str, cst.Name] = {}
            for param in params:
                assignments = list(scope.assignments[param])
                if len(assignments) != 1 or len(assignments[0].references) != 1:
                    return skip("a parameter is not used exactly once")
                ref = next(iter(assignments[0].references)).node
                if not isinstance(ref, cst.Name):
                    return skip("a parameter is referenced other than by a name")
                refs[param] = ref
            free = used_names(expr) - set(params)
            if name in free:
                return skip("a recursive helper")  # recursive
            return params, refs, expr, free

        def _arg_ok(self, arg: cst.Arg, scope: FunctionScope, bound: set[str]) -> bool:
            if arg.keyword is not None or arg.star:
                return False
            value = arg.value
            if is_literal(value):
                return True
            return (isinstance(value, cst.Name) and value.value in bound
                    and value.value in scope.assignments)

        def visit_Call(self, node: cst.Call) -> None:
            if not isinstance(node.func, cst.Name) or not self.helpers:
                return
            scope = self.get_metadata(ScopeProvider, node, None)
            if not isinstance(scope, FunctionScope) or not isinstance(scope.node, cst.FunctionDef):
                return
            caller = scope.node
            helper = self.helpers.get(id(caller), {}).get(node.func.value)
            if helper is None:
                return
            params, refs, expr, free, defined_at = helper
            if len(node.args) != len(params) or self._position(node, caller) <= defined_at:
                # the call could run before the helper exists
                self.skip("a call with the wrong number of arguments, or before the def")
                return
            if uses_dynamic_scope(caller):
                self.skip(DYNAMIC_FUNCTION)
                return
            if self.calls.recursive(caller):
                # the caller recurses through the helper (or around it): one frame less a level
                self.skip(RECURSIVE)
                return
            # e's free names: globals/builtins, or locals of the caller certainly bound here
            # (read through a closure, an unbound one raises another error than in place)
            bound = self._bound_at(node, caller)
            if bound is None:
                self.skip("the call is not in the block body of the caller")
                return
            for name in free:
                if not all(isinstance(a.scope, (GlobalScope, BuiltinScope))
                           or (a.scope is scope and name in bound) for a in scope[name]):
                    self.skip(f"the helper reads {name!r}, which may be unbound at the call")
                    return
            if not all(self._arg_ok(a, scope, bound) for a in node.args):
                self.skip("an argument is not a literal or a certainly bound local")
                return
            mapping = {refs[p]: _arg_value(a.value) for p, a in zip(params, node.args)}
            self.replacements[node] = _paren(expr.visit(_Substitute(mapping)))

        def _position(self, node: cst.CSTNode, caller: cst.FunctionDef) -> int:
            """Index of the top-level statement of ``caller`` holding ``node``."""
            parent, child = self.get_metadata(ParentNodeProvider, node, None), node
            while parent is not None and parent is not caller.body:
                parent, child = self.get_metadata(ParentNodeProvider, parent, None), parent
            return list(caller.body.body).index(child) if parent is not None else -1

        def _bound_at(self, node: cst.CSTNode, caller: cst.FunctionDef) -> set[str] | None:
            body = caller.body.body if isinstance(caller.body, cst.IndentedBlock) else ()
            parent, child = self.get_metadata(ParentNodeProvider, node, None), node
            while parent is not None and parent is not caller.body:
                parent, child = self.get_metadata(ParentNodeProvider, parent, None), parent
            if parent is None or child not in body:
                return None
            return bound_before(caller, body.index(child))

        def leave_Call(self, original_node, updated_node):
            new = self.replacements.get(original_node)
            if new is None:
                return updated_node
            self.sites += 1
            where = self.get_metadata(PositionProvider, original_node, None)
            return replace_expression(original_node, new, self.lines, where)


def _arg_value(value: cst.BaseExpression) -> cst.BaseExpression:
    """An argument placed where a parameter name stood: numbers and signed numbers get
    parentheses (``(-1) ** 2``, ``(1).real``)."""
    if isinstance(value, (cst.Integer, cst.Float, cst.Imaginary, cst.UnaryOperation)):
        return value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return value
