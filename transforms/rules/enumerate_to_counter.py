"""Replace ``for i, x in enumerate(xs)`` with a loop over ``xs`` and a manual counter."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ScopeProvider

from ..analysis import NameAllocator, builtin_is_shadowed, uses_dynamic_scope
from ..base import Rule, RuleTransformer
from ..registry import register

_INT = m.Integer() | m.UnaryOperation(operator=m.Minus(), expression=m.Integer())
_TARGET = m.Tuple(elements=[m.Element(value=m.Name()), m.Element(value=m.Name())])


@register
class EnumerateToCounter(Rule):
    """``for i, x in enumerate(xs[, start]): body`` -> ``k = start`` / ``for x in xs:`` /
    ``i = k`` / ``k += 1`` / ``body`` (``else:`` kept).

    Sound: ``enumerate(xs)`` and ``for x in xs`` both call ``iter(xs)`` once when the loop
    starts and pull one element per iteration; ``i`` and ``x`` are both bound before the body
    runs, with the same values (the fresh counter ``k`` is a plain int, so ``i`` gets an int as
    from ``enumerate``); the counter is bumped before the body, so ``continue`` and body
    assignments to ``i`` change nothing; after the loop ``i``/``x`` hold the last pair, or are
    untouched if ``xs`` is empty. Requires: two distinct plain-name targets, no ``*``/keyword
    arguments other than an integer-literal ``start``, ``enumerate`` not rebound in the
    module, not ``async for``, inside a function not using ``exec``/``eval``/``locals()``...
    (the counter is a new local; at module/class level it would be a visible global/attribute).
    """

    id = "enumerate-to-counter"
    description = "Replace enumerate() in a for loop with a manual counter."
    category = "loops"
    intent = "neutral"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider,)

        def visit_Module(self, node: cst.Module) -> None:
            self.names = NameAllocator(node, taken=self.protected, rng=self.rng)
            self.ok = not builtin_is_shadowed(node, "enumerate")

        def leave_For(self, original_node, updated_node):
            node = updated_node
            if not (self.ok and node.asynchronous is None and m.matches(node.target, _TARGET)
                    and m.matches(node.iter, m.Call(func=m.Name("enumerate")))):
                return updated_node
            args = node.iter.args
            if not 1 <= len(args) <= 2 or args[0].star or args[0].keyword is not None:
                return updated_node
            start: cst.BaseExpression = cst.Integer("0")
            if len(args) == 2:
                a = args[1]
                if a.star or (a.keyword is not None and a.keyword.value != "start") \
                        or not m.matches(a.value, _INT):
                    return updated_node
                start = a.value
            index, item = (el.value for el in node.target.elements)
            if index.value == item.value:
                return updated_node
            scope = self.get_metadata(ScopeProvider, original_node, None)
            if not isinstance(scope, FunctionScope) or uses_dynamic_scope(scope.node):
                return updated_node
            k = self.names.fresh()
            init = cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(k))],
                                 value=start.with_changes(lpar=[], rpar=[]))],
                leading_lines=node.leading_lines)
            bind = cst.parse_statement(f"{index.value} = {k}\n")
            bump = cst.parse_statement(f"{k} += 1\n")
            body = node.body
            if isinstance(body, cst.SimpleStatementSuite):
                body = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=body.body)])
            iterable = args[0].value
            if isinstance(iterable, (cst.GeneratorExp, cst.NamedExpr, cst.Lambda, cst.Yield)) \
                    and not iterable.lpar:  # `enumerate(x for x in y)` owns no parentheses
                iterable = iterable.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            loop = node.with_changes(
                target=item.with_changes(lpar=[], rpar=[]), iter=iterable,
                body=body.with_changes(body=[bind, bump, *body.body]), leading_lines=())
            self.sites += 1
            return cst.FlattenSentinel([init, loop])
