"""Hoist a lambda used in a function statement into a named nested ``def``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ParentNodeProvider, PositionProvider, ScopeProvider

from ..analysis import (BUILTIN_NAMES, NameAllocator, assigned_names, keep_lines_together,
                        replace_expression, uses_dynamic_scope)
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..analysis.naming import function_name, lambda_role
from ..base import Rule, RuleTransformer
from ..registry import register



def _has_defaults(params: cst.Parameters) -> bool:
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    return any(p.default is not None for p in every)


@register
class LambdaToDef(Rule):
    """``ys = sorted(xs, key=lambda x: x[1])`` -> ``def key_fn(x): return x[1]`` followed by
    ``ys = sorted(xs, key=key_fn)``, inside functions.

    Sound: a lambda and a ``def`` with the same parameters and ``return body`` build the same
    kind of function with the same closure (free names resolve to the same variables, read
    when called), and creating a function runs no user code -- provided there are no default
    values (they are evaluated at creation, which moves earlier). The ``def`` goes right before
    the simple statement holding the lambda, in the same block, so it is re-created exactly as
    often as the lambda was. Only lambdas whose enclosing scope is the function itself (not
    inside a comprehension or another lambda, whose variables the ``def`` could not see), in a
    simple statement (not in an ``if``/``while``/``for`` header), without ``yield``, in
    functions not using ``exec``/``eval``/``locals()``...; the new name is fresh in the module.

    The function's ``__name__`` changes (``<lambda>`` -> the new name), and it shows in its
    ``repr`` and in the message of a call with the wrong arguments: so the lambda must be
    handed straight to an unshadowed ``sorted``/``min``/``max`` (as ``key=``), ``map`` or
    ``filter``, which only call it, with as many arguments as it takes.
    """

    id = "lambda-to-def"
    description = "Hoist a lambda into a named nested function defined just before its statement."
    category = "helpers"
    family = "spelled-out"
    intent = "neutral"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, PositionProvider, ParentNodeProvider)

        def visit_Module(self, node: cst.Module) -> None:
            self.names = NameAllocator(node, taken=self.protected, rng=self.rng)
            self.hoisted: dict[cst.Lambda, str] = {}
            self.defs: list[cst.FunctionDef] = []
            self.in_line = 0
            self.lines = node.code.splitlines()
            self.shadowed = assigned_names(node) | (
                set(BUILTIN_NAMES) if m.findall(node, m.ImportStar()) else set())

        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            self.in_line += 1

        def visit_Lambda(self, node: cst.Lambda) -> None:
            if not self.in_line:
                self.skip("not in a simple statement (a def could not go before it)")
                return
            scope = self.get_metadata(ScopeProvider, node, None)
            if not isinstance(scope, FunctionScope) or uses_dynamic_scope(scope.node):
                self.skip("not directly in a function" if not isinstance(scope, FunctionScope)
                          else DYNAMIC_FUNCTION)
                return
            if _has_defaults(node.params) or m.findall(node.body, m.Yield()):
                self.skip("a default value (evaluated when the lambda is made) or a yield")
                return
            if not self._called_privately(node):
                self.skip("the function object could be seen (repr, a wrong-arity call's "
                          "message names it)")
                return
            # named for what it computes and how it is used (``by_length``), never ``func``
            role = lambda_role(lambda n: self.get_metadata(ParentNodeProvider, n, None), node)
            self.hoisted[node] = self.names.fresh(function_name(node.body, role))

        def _called_privately(self, node: cst.Lambda) -> bool:
            """The lambda is handed straight to a builtin that only calls it, with as many
            positional arguments as it takes: ``key=`` of ``sorted``/``min``/``max`` (one),
            the function of ``map`` (one per iterable) or ``filter`` (one). Anywhere else the
            function object can be seen, and its ``__name__`` is the visible difference
            (``repr``, ``TypeError: <lambda>() takes 1 positional argument...``)."""
            arg = self.get_metadata(ParentNodeProvider, node, None)
            call = self.get_metadata(ParentNodeProvider, arg, None) if arg is not None else None
            if not (isinstance(arg, cst.Arg) and isinstance(call, cst.Call) and arg.value is node
                    and isinstance(call.func, cst.Name) and not arg.star
                    and call.func.value not in self.shadowed
                    and not any(a.star for a in call.args)):
                return False
            name, positional = call.func.value, [a for a in call.args if a.keyword is None]
            if name in ("sorted", "min", "max"):
                ok = arg.keyword is not None and arg.keyword.value == "key"
                calls_with = 1
            elif name in ("map", "filter"):
                ok = bool(positional) and positional[0] is arg and len(call.args) == len(positional)
                calls_with = len(positional) - 1 if name == "map" else 1
            else:
                return False
            p = node.params
            fixed = len(p.posonly_params) + len(p.params)
            takes = fixed == calls_with or (fixed < calls_with and isinstance(p.star_arg, cst.Param))
            return ok and takes and not p.kwonly_params

        def leave_Lambda(self, original_node, updated_node):
            name = self.hoisted.get(original_node)
            if name is None:
                return updated_node
            body = updated_node.body
            if isinstance(body, cst.Tuple) and not body.lpar:
                body = body.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            self.defs.append(cst.FunctionDef(
                name=cst.Name(name), params=updated_node.params,
                body=cst.IndentedBlock(body=[cst.SimpleStatementLine(
                    body=[cst.Return(value=keep_lines_together(body))])])))
            self.sites += 1
            where = self.get_metadata(PositionProvider, original_node, None)
            return replace_expression(original_node, cst.Name(name), self.lines, where)

        def leave_SimpleStatementLine(self, original_node, updated_node):
            self.in_line -= 1
            if not self.defs:
                return updated_node
            defs, self.defs = self.defs, []
            first = defs[0].with_changes(leading_lines=updated_node.leading_lines)
            return cst.FlattenSentinel([first, *defs[1:],
                                        updated_node.with_changes(leading_lines=())])
