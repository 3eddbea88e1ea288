"""Lift a leading ``if c: break`` of a ``while True`` loop into the loop condition."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register
from ..analysis.syntax import NOT_A_COMPARISON, natural_negation

_BREAK_ONLY = m.IndentedBlock(body=[m.SimpleStatementLine(body=[m.Break()])]) | \
    m.SimpleStatementSuite(body=[m.Break()])


@register
class WhileTrueToWhile(Rule):
    """``while True: if c: break`` + ``rest`` -> ``while not c: rest``.

    Sound: the ``if`` is the first statement, so ``c`` is evaluated before every iteration
    (after ``continue`` too) exactly as a loop condition is, and the loop ends when it holds.
    Fires only when the ``if`` has no ``else``/``elif`` and its body is just ``break``, and the
    loop has no ``else:`` (``while True`` never runs its ``else``; ``while not c`` would).
    ``c`` is wrapped in ``not`` as it is, never flipped (NaN).
    """

    id = "while-true-to-while"
    description = "Rewrite `while True: if c: break ...` as `while not c: ...`."
    category = "loops"
    family = "control-flow"
    intent = "neutral"
    inverse = "while-to-while-true"

    class Transformer(EvidenceTransformer):
        def leave_While(self, original_node, updated_node):
            if updated_node.orelse is not None or not m.matches(updated_node.test, m.Name("True")):
                if updated_node.orelse is not None and m.matches(updated_node.test, m.Name("True")):
                    self.skip("the loop has an else clause")
                return updated_node
            body = updated_node.body
            if not isinstance(body, cst.IndentedBlock) or not body.body:
                self.skip("the loop does not start with `if c: break`")
                return updated_node
            first = body.body[0]
            if not (isinstance(first, cst.If) and first.orelse is None
                    and m.matches(first.body, _BREAK_ONLY)):
                self.skip("the loop does not start with `if c: break`")
                return updated_node
            if any(line.comment for line in first.leading_lines):
                self.skip("a comment on the if would be lost")
                return updated_node
            test = first.test
            original_first = original_node.body.body[0] if isinstance(
                original_node.body, cst.IndentedBlock) and original_node.body.body else None
            cond = natural_negation(test, self.complement_is_exact,
                                    getattr(original_first, "test", None))
            if cond is None:
                self.skip(NOT_A_COMPARISON)
                return updated_node
            rest = list(body.body[1:]) or [cst.SimpleStatementLine(body=[cst.Pass()])]
            self.sites += 1
            return updated_node.with_changes(test=cond, body=body.with_changes(body=rest),
                                             whitespace_after_while=cst.SimpleWhitespace(" "))
