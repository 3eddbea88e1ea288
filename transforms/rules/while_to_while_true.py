"""Move a ``while`` condition into the body: ``while True: if not c: break``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register
from ..analysis.syntax import NOT_A_COMPARISON, natural_negation


@register
class WhileToWhileTrue(Rule):
    """``while c: body`` -> ``while True: if not c: break`` followed by ``body``.

    Sound: the condition is evaluated (and ``bool()``-ed) once before every iteration in both
    forms, including after ``continue``, which jumps back to the top where the new ``if`` is.
    Fires only without ``else:`` (a ``while`` ``else`` runs when the condition turns false,
    which the ``break`` would skip) and not on ``while True`` / ``while 1`` loops.
    """

    id = "while-to-while-true"
    description = "Rewrite `while c:` as `while True:` with `if not c: break`."
    category = "loops"
    family = "control-flow"
    intent = "neutral"
    inverse = "while-true-to-while"

    class Transformer(EvidenceTransformer):
        def leave_While(self, original_node, updated_node):
            if updated_node.orelse is not None:
                self.skip("the loop has an else clause")
                return updated_node
            if m.matches(updated_node.test, m.Name("True") | m.Integer()):
                self.skip("already an endless loop")
                return updated_node
            test = updated_node.test
            cond = natural_negation(test, self.complement_is_exact, original_node.test)
            if cond is None:
                self.skip(NOT_A_COMPARISON)
                return updated_node
            guard = cst.If(test=cond, body=cst.IndentedBlock(
                body=[cst.SimpleStatementLine(body=[cst.Break()])]))
            body = updated_node.body
            if isinstance(body, cst.SimpleStatementSuite):
                body = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=body.body)])
            self.sites += 1
            return updated_node.with_changes(
                test=cst.Name("True"), body=body.with_changes(body=[guard, *body.body]),
                whitespace_after_while=cst.SimpleWhitespace(" "))  # `while(x):` had none
