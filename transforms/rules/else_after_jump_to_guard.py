"""Drop the ``else:`` after an ``if`` branch that always jumps away (a guard clause)."""

from __future__ import annotations

from typing import Sequence

import libcst as cst
import libcst.matchers as m

from ..analysis.syntax import ends_with_jump
from ..base import Rule, RuleTransformer
from ..registry import register


def as_statements(body: cst.BaseSuite) -> list[cst.BaseStatement]:
    """The statements of a block, as block-level statements."""
    if isinstance(body, cst.SimpleStatementSuite):
        return [cst.SimpleStatementLine(body=body.body)]
    return list(body.body)


@register
class ElseAfterJumpToGuard(Rule):
    """``if c: ...; return x`` + ``else: B`` -> ``if c: ...; return x`` followed by ``B``.

    Sound because the ``if`` branch ends with ``return``, ``raise``, ``continue`` or ``break``:
    control never reaches the statement after the ``if`` from that branch, so running ``B``
    after the ``if`` is the same as running it in the ``else``. Blocks do not create scopes in
    Python, so names bound in ``B`` are unaffected. Only a plain ``else:`` (not ``elif``) of a
    block-level ``if``.
    """

    id = "else-after-jump-to-guard"
    description = "Remove `else:` after an if-branch that returns/raises (guard clause)."
    category = "control-flow"
    family = "control-flow"
    intent = "neutral"
    inverse = "guard-to-else"

    class Transformer(RuleTransformer):
        def _flatten(self, body: Sequence[cst.BaseStatement]) -> list[cst.BaseStatement] | None:
            out: list[cst.BaseStatement] = []
            changed = False
            for stmt in body:
                if (isinstance(stmt, cst.If) and isinstance(stmt.orelse, cst.Else)
                        and ends_with_jump(stmt.body)):
                    out.append(stmt.with_changes(orelse=None))
                    rest = as_statements(stmt.orelse.body)
                    # `else: pass` goes away whole: a `pass` among statements is noise
                    if not all(m.matches(r, m.SimpleStatementLine(body=[m.Pass()]))
                               for r in rest):
                        out.extend(rest)
                    self.sites += 1
                    changed = True
                else:
                    if isinstance(stmt, cst.If) and isinstance(stmt.orelse, cst.Else):
                        self.skip("the if branch does not end with return, raise, continue or break")
                    elif isinstance(stmt, cst.If) and isinstance(stmt.orelse, cst.If) \
                            and ends_with_jump(stmt.body):
                        self.skip("an elif, not a plain else")
                    out.append(stmt)
            return out if changed else None

        def leave_IndentedBlock(self, original_node, updated_node):
            new = self._flatten(updated_node.body)
            return updated_node if new is None else updated_node.with_changes(body=new)

        def leave_Module(self, original_node, updated_node):
            new = self._flatten(updated_node.body)
            return updated_node if new is None else updated_node.with_changes(body=new)
