"""Move the statements after a guard clause into an ``else:`` block."""

from __future__ import annotations

import libcst as cst

from ..base import Rule, RuleTransformer
from ..registry import register
from ..analysis.syntax import ends_with_jump


@register
class GuardToElse(Rule):
    """``if c: ...; return x`` followed by statements ``S`` -> ``if c: ...; return x else: S``.

    Sound because the ``if`` branch ends with ``return``, ``raise``, ``continue`` or ``break``,
    so ``S`` runs exactly when the condition is false, which is what ``else:`` means. Blocks do
    not create scopes, so names bound in ``S`` are unaffected. Fires on an ``if`` without
    ``else``/``elif`` that is followed by at least one statement, inside an indented block (a
    function, loop, ...; never at module level, where it would nest the rest of the module).
    """

    id = "guard-to-else"
    description = "Wrap the statements after a returning if-branch in `else:`."
    category = "control-flow"
    family = "control-flow"
    intent = "neutral"
    inverse = "else-after-jump-to-guard"

    class Transformer(RuleTransformer):
        def leave_IndentedBlock(self, original_node, updated_node):
            body = list(updated_node.body)
            changed = False
            last = body[-1] if body else None
            if isinstance(last, cst.If) and last.orelse is None and ends_with_jump(last.body):
                self.skip("nothing follows the if")
            # From the last guard to the first, so that earlier guards wrap the later ones.
            for i in range(len(body) - 2, -1, -1):
                stmt = body[i]
                if (isinstance(stmt, cst.If) and stmt.orelse is None
                        and ends_with_jump(stmt.body)):
                    rest = body[i + 1:]
                    body = body[:i] + [stmt.with_changes(
                        orelse=cst.Else(body=cst.IndentedBlock(body=rest)))]
                    self.sites += 1
                    changed = True
                elif isinstance(stmt, cst.If) and stmt.orelse is None:
                    self.skip("the if branch does not end with return, raise, continue or break")
                elif isinstance(stmt, cst.If) and ends_with_jump(stmt.body):
                    self.skip("the if already has an else or elif")
            return updated_node.with_changes(body=body) if changed else updated_node
