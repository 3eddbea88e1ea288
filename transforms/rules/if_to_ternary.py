"""Collapse ``if c: x = a else: x = b`` into ``x = a if c else b``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule, RuleTransformer
from ..registry import register

_PAREN = {"lpar": [cst.LeftParen()], "rpar": [cst.RightParen()]}
# Operands that the conditional-expression grammar only accepts in parentheses.
# An unparenthesized tuple (`x = 1, 2`) would swallow the `if`/`else` around it.
_NEEDS_PARENS_TEST = (cst.IfExp, cst.Lambda, cst.NamedExpr, cst.Yield, cst.Tuple)
_NEEDS_PARENS_ELSE = (cst.NamedExpr, cst.Yield, cst.Tuple)


def _paren(expr: cst.BaseExpression, kinds: tuple) -> cst.BaseExpression:
    if isinstance(expr, kinds) and not expr.lpar:
        return expr.with_changes(**_PAREN)
    return expr


def _single(block: cst.BaseSuite) -> cst.BaseSmallStatement | None:
    """The only small statement of a block without comments, or None."""
    if isinstance(block, cst.IndentedBlock):
        if len(block.body) != 1 or block.footer or block.header.comment is not None:
            return None
        line = block.body[0]
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if any(ll.comment for ll in line.leading_lines) or line.trailing_whitespace.comment:
            return None
        return line.body[0]
    if isinstance(block, cst.SimpleStatementSuite) and len(block.body) == 1:
        return block.body[0] if block.trailing_whitespace.comment is None else None
    return None


@register
class IfToTernary(Rule):
    """``if c: x = a`` / ``else: x = b`` -> ``x = a if c else b``; likewise two ``return``\\ s.

    Sound: both forms evaluate ``c``, then exactly one of ``a``/``b``, then bind the same plain
    name. Fires only when each branch is a single assignment to the *same single name* (or
    each a ``return`` with a value), without comments that would be lost, and the ``if`` has a
    plain ``else:`` (no ``elif``). Operands that the expression grammar only accepts in
    parentheses (a nested conditional, lambda, walrus, yield) get them.
    """

    id = "if-to-ternary"
    description = "Collapse if/else that assign or return in both branches into `a if c else b`."
    category = "control-flow"
    family = "control-flow"
    intent = "neutral"
    inverse = "ternary-to-if"

    class Transformer(RuleTransformer):
        def __init__(self, rng):
            super().__init__(rng)
            self.elifs: set[cst.If] = set()

        def visit_If(self, node):
            # An `elif` is an If in its parent's `orelse`: it cannot become a statement there
            # (the chain would lose it and run it unconditionally).
            if isinstance(node.orelse, cst.If):
                self.elifs.add(node.orelse)

        def leave_If(self, original_node, updated_node):
            if original_node in self.elifs or not isinstance(updated_node.orelse, cst.Else):
                if isinstance(updated_node.orelse, cst.If) or (
                        original_node in self.elifs and updated_node.orelse is not None):
                    self.skip("part of an elif chain")
                return updated_node
            then, other = _single(updated_node.body), _single(updated_node.orelse.body)
            if then is None or other is None:
                self.skip("a branch is not one statement without comments")
                return updated_node
            single_name = m.Assign(targets=[m.AssignTarget(target=m.Name())])
            if m.matches(then, single_name) and m.matches(other, single_name):
                if then.targets[0].target.value != other.targets[0].target.value:
                    self.skip("the branches assign different names")
                    return updated_node
                make = lambda v: then.with_changes(value=v, semicolon=cst.MaybeSentinel.DEFAULT)
            elif (isinstance(then, cst.Return) and isinstance(other, cst.Return)
                  and then.value is not None and other.value is not None):
                make = lambda v: cst.Return(value=v)
            else:
                self.skip("the branches are not both `name = value` or both `return value`")
                return updated_node
            ifexp = cst.IfExp(test=_paren(updated_node.test, _NEEDS_PARENS_TEST),
                              body=_paren(then.value, _NEEDS_PARENS_TEST),
                              orelse=_paren(other.value, _NEEDS_PARENS_ELSE))
            self.sites += 1
            return cst.SimpleStatementLine(body=[make(ifexp)],
                                           leading_lines=updated_node.leading_lines)
