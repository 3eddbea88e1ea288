"""Turn an ``else:`` block whose only statement is an ``if`` into an ``elif``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule, RuleTransformer
from ..registry import register


@register
class ElseIfToElif(Rule):
    """``if a: A else: if b: B [else: C]`` -> ``if a: A elif b: B [else: C]``.

    Sound everywhere: ``elif`` means exactly this nesting. Fires only when the ``else`` block
    holds a single ``if`` statement and nothing else (no other statement, no comment lines that
    would be lost), so that the ``elif`` chain covers the whole block.
    """

    id = "else-if-to-elif"
    description = "Rewrite `else:` holding only an `if` as `elif`."
    category = "control-flow"
    family = "control-flow"
    intent = "neutral"
    inverse = "elif-to-else-if"

    class Transformer(RuleTransformer):
        def leave_If(self, original_node: cst.If, updated_node: cst.If) -> cst.If:
            orelse = updated_node.orelse
            if not m.matches(orelse, m.Else(body=m.IndentedBlock(body=[m.If()]))):
                return updated_node
            block = orelse.body
            inner = block.body[0]
            # Comments inside the else block would be dropped or misplaced: leave those alone.
            if block.footer or any(line.comment for line in inner.leading_lines):
                self.skip("a comment in the else block would be lost")
                return updated_node
            if block.header.comment is not None:
                self.skip("a comment in the else block would be lost")
                return updated_node
            self.sites += 1
            return updated_node.with_changes(orelse=inner.with_changes(
                leading_lines=orelse.leading_lines))
