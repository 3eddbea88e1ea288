"""Hoist a lambda used in a function statement into a named nested ``def``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, PositionProvider, ScopeProvider

from ..analysis import NameAllocator, keep_lines_together, replace_expression, uses_dynamic_scope
from ..base import Rule, RuleTransformer
from ..registry import register

FUNCTION_WORDS = ("key_fn", "pred", "fn", "func", "keyfunc", "mapper", "check", "select",
                  "score", "transform")


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

    Left: the function's ``__name__``/``__qualname__`` is the new name, not ``<lambda>``.
    """

    id = "lambda-to-def"
    description = "Hoist a lambda into a named nested function defined just before its statement."
    category = "helpers"
    intent = "neutral"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, PositionProvider)

        def visit_Module(self, node: cst.Module) -> None:
            self.names = NameAllocator(node, taken=self.protected, rng=self.rng)
            self.hoisted: dict[cst.Lambda, str] = {}
            self.defs: list[cst.FunctionDef] = []
            self.in_line = 0
            self.lines = node.code.splitlines()

        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            self.in_line += 1

        def visit_Lambda(self, node: cst.Lambda) -> None:
            if not self.in_line:
                return
            scope = self.get_metadata(ScopeProvider, node, None)
            if not isinstance(scope, FunctionScope) or uses_dynamic_scope(scope.node):
                return
            if _has_defaults(node.params) or m.findall(node.body, m.Yield()):
                return
            self.hoisted[node] = self.names.fresh(self.rng.choice(FUNCTION_WORDS))

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
