"""Turn an ``elif`` into an ``else:`` block holding a nested ``if``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule, RuleTransformer
from ..registry import register


@register
class ElifToElseIf(Rule):
    """``if a: A elif b: B [else: C]`` -> ``if a: A else: if b: B [else: C]``.

    Sound everywhere: ``elif`` is defined as exactly this nesting (the grammar desugars it), so
    conditions are evaluated in the same order and at most once each. Every ``elif`` of a chain
    is nested one level deeper than the one before.
    """

    id = "elif-to-else-if"
    description = "Rewrite `elif` as `else:` with a nested `if`."
    category = "control-flow"
    family = "control-flow"
    intent = "neutral"
    inverse = "else-if-to-elif"

    class Transformer(RuleTransformer):
        def leave_If(self, original_node: cst.If, updated_node: cst.If) -> cst.If:
            inner = updated_node.orelse
            if not isinstance(inner, cst.If):
                return updated_node
            self.sites += 1
            # The nested `if` is a statement in its own block: it loses the `elif` spacing.
            nested = inner.with_changes(leading_lines=())
            return updated_node.with_changes(
                orelse=cst.Else(body=cst.IndentedBlock(body=[nested]),
                                leading_lines=inner.leading_lines),
            )
