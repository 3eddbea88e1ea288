"""De Morgan's laws on conditions: ``not (a and b)`` <-> ``not a or not b``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ParentNodeProvider

from ..analysis import keep_lines_together
from ..analysis.evidence import EvidenceTransformer
from ..analysis.syntax import NOT_A_COMPARISON, natural_negation
from ..base import Rule
from ..registry import register

_PAREN = {"lpar": [cst.LeftParen()], "rpar": [cst.RightParen()]}
# Operands that need parentheses under `not` (they bind looser than it).
_LOOSE = (cst.BooleanOperation, cst.IfExp, cst.Lambda, cst.NamedExpr)


def _parenthesized(expr: cst.BaseExpression) -> cst.BaseExpression:
    """An operand of and/or that binds looser than they do, in parentheses."""
    if isinstance(expr, _LOOSE) and not expr.lpar:
        return expr.with_changes(**_PAREN)
    return expr


def _flip(op: cst.BaseBooleanOp) -> cst.BaseBooleanOp:
    return (cst.Or if isinstance(op, cst.And) else cst.And)(
        whitespace_before=op.whitespace_before, whitespace_after=op.whitespace_after)


_NOT = m.UnaryOperation(operator=m.Not())


@register
class DeMorgan(Rule):
    """``not (a and b)`` -> ``not a or not b``, ``not (a or b)`` -> ``not a and not b``, and
    back (``not a or not b`` -> ``not (a and b)``), in conditions only.

    Sound in a *boolean context* -- the test of an ``if``/``while``, or an operand of ``and``,
    ``or``, ``not`` that is itself in one -- because there CPython compiles the condition to
    jumps: each operand is evaluated at most once, ``bool()`` is called on it exactly once, and
    short-circuiting stops at the same operand on both sides. Outside conditions the forms
    differ: ``and``/``or`` return an operand (not a bool), and ``x = not (a and b)`` calls
    ``a.__bool__`` twice when ``a`` is falsy, so the rule does not fire there.

    Each operand is negated as a person writes it (``analysis.syntax.natural_negation``):
    ``not (not a)`` is ``a`` (same truth, one ``__bool__``), ``a in b`` becomes ``a not in b``,
    an ordering of proven ints ``a < b`` becomes ``a >= b``; an operand whose negation would
    read ``not a == b`` leaves the condition as it is.
    """

    id = "de-morgan"
    description = "Apply De Morgan's laws to if/while conditions."
    category = "expression"
    family = "expression"
    intent = "neutral"

    class Transformer(EvidenceTransformer):

        def _boolean_context(self, node: cst.CSTNode) -> bool:
            parent = self.get_metadata(ParentNodeProvider, node, None)
            while isinstance(parent, cst.BooleanOperation) or m.matches(parent, _NOT):
                node, parent = parent, self.get_metadata(ParentNodeProvider, parent, None)
            return isinstance(parent, (cst.If, cst.While)) and parent.test is node

        def _directly_in_test(self, node: cst.CSTNode) -> bool:
            parent = self.get_metadata(ParentNodeProvider, node, None)
            return isinstance(parent, (cst.If, cst.While))

        def _wrap(self, original, new):
            """Keep the replaced node's own parentheses; add some where precedence drops."""
            if original.lpar:
                return new.with_changes(lpar=original.lpar, rpar=original.rpar)
            if isinstance(new, cst.BooleanOperation) and not self._directly_in_test(original):
                return new.with_changes(**_PAREN)
            return keep_lines_together(new)  # the removed parentheses may have held line breaks

        def leave_UnaryOperation(self, original_node, updated_node):
            inner = updated_node.expression
            if not (isinstance(updated_node.operator, cst.Not)
                    and isinstance(inner, cst.BooleanOperation)):
                return updated_node
            if not self._boolean_context(original_node):
                self.skip("not in an if/while condition (and/or would return an operand, not a bool)")
                return updated_node
            old = original_node.expression
            left = natural_negation(inner.left, self.complement_is_exact,
                                    getattr(old, "left", None))
            right = natural_negation(inner.right, self.complement_is_exact,
                                     getattr(old, "right", None))
            if left is None or right is None:
                self.skip(NOT_A_COMPARISON)
                return updated_node
            self.sites += 1
            new = cst.BooleanOperation(left=_parenthesized(left), operator=_flip(inner.operator),
                                       right=_parenthesized(right))
            return self._wrap(original_node, new)

        def leave_BooleanOperation(self, original_node, updated_node):
            left, right = updated_node.left, updated_node.right
            if not (m.matches(left, _NOT) and m.matches(right, _NOT)
                    and not left.lpar and not right.lpar):
                return updated_node
            if not self._boolean_context(original_node):
                self.skip("not in an if/while condition (and/or would return an operand, not a bool)")
                return updated_node
            self.sites += 1
            conj = cst.BooleanOperation(left=left.expression, operator=_flip(updated_node.operator),
                                        right=right.expression, **_PAREN)
            negated = cst.UnaryOperation(operator=cst.Not(), expression=conj)
            return self._wrap(original_node, negated)
