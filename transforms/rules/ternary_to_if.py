"""Expand a conditional expression assigned or returned into an ``if``/``else`` statement."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import keep_lines_together
from ..base import Rule, RuleTransformer
from ..registry import register




@register
class TernaryToIf(Rule):
    """``x = a if c else b`` -> ``if c: x = a`` / ``else: x = b``; likewise ``return a if c else
    b``.

    Sound: an assignment evaluates its right-hand side before its targets, and the conditional
    expression evaluates ``c`` then exactly one of ``a``/``b``; the ``if`` statement evaluates
    ``c``, then the chosen operand, then the same targets in the same order. Fires on plain
    assignments (any targets, chained ``x = y = ...`` included) and ``return``, when the
    statement is alone on its line. Not on augmented assignment (``x += a if c else b`` reads
    ``x`` before ``c``) nor annotated assignment (module annotations are evaluated).
    """

    id = "ternary-to-if"
    description = "Expand `x = a if c else b` / `return a if c else b` into an if statement."
    category = "control-flow"
    family = "control-flow"
    intent = "neutral"
    inverse = "if-to-ternary"

    class Transformer(RuleTransformer):
        def leave_SimpleStatementLine(self, original_node, updated_node):
            if len(updated_node.body) != 1:
                if any(m.matches(s, m.Assign(value=m.IfExp()) | m.Return(value=m.IfExp()))
                       for s in updated_node.body):
                    self.skip("not alone on its line")
                return updated_node
            stmt = updated_node.body[0]
            if not m.matches(stmt, m.Assign(value=m.IfExp()) | m.Return(value=m.IfExp())):
                if m.matches(stmt, m.AugAssign(value=m.IfExp())):
                    self.skip("augmented assignment (it reads the target before the test)")
                elif m.matches(stmt, m.AnnAssign(value=m.IfExp())):
                    self.skip("annotated assignment (the annotation is evaluated)")
                return updated_node
            ifexp: cst.IfExp = stmt.value

            def branch(value: cst.BaseExpression) -> cst.IndentedBlock:
                if isinstance(stmt, cst.Return):
                    small = cst.Return(value=keep_lines_together(value))
                else:
                    small = stmt.with_changes(value=keep_lines_together(value),
                                              semicolon=cst.MaybeSentinel.DEFAULT)
                return cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[small])])

            self.sites += 1
            return cst.If(test=keep_lines_together(ifexp.test), body=branch(ifexp.body),
                          orelse=cst.Else(body=branch(ifexp.orelse)),
                          leading_lines=updated_node.leading_lines)
