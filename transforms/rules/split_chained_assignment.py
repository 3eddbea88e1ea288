"""Split a chained assignment ``x = y = value`` into ``x = value`` then ``y = x``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import FrameTracker
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..base import Rule, RuleTransformer
from ..registry import register


@register
class SplitChainedAssignment(Rule):
    """``x = t2 = ... = value`` -> ``x = value`` / ``t2 = x`` / ...

    A chained assignment evaluates ``value`` once and binds the *same object* to each target,
    left to right. The split form does the same: it binds ``x`` first, then reads ``x`` back,
    which yields that object because ``x`` is a plain name just bound (a name, unlike an
    attribute or a subscript, runs no code when read). The other targets may be anything
    (``x = node.next = n`` -> ``x = n`` / ``node.next = x``), assigned in the same order.

    Fires only when the first target is a plain name, in a function body or at module level,
    not in a class body (a metaclass's ``__prepare__`` namespace may store values so that
    reading them back differs), and not where ``exec``/``locals()`` run in the function.
    """

    id = "split-chained-assignment"
    description = "Split `x = y = value` into `x = value; y = x`."
    category = "unpacking"
    family = "assignments"
    intent = "neutral"

    class Transformer(FrameTracker, RuleTransformer):
        def leave_SimpleStatementLine(self, original_node, updated_node):
            if len(updated_node.body) != 1:
                return updated_node
            stmt = updated_node.body[0]
            if not m.matches(stmt, m.Assign(targets=[m.AssignTarget(),
                                                     m.AtLeastN(m.AssignTarget(), n=1)])):
                return updated_node
            if not m.matches(stmt.targets[0].target, m.Name()):
                self.skip("the first target is not a plain name")
                return updated_node
            if bool(self._frames) and self.frame is None:
                self.skip("in a class body")
                return updated_node
            if self.frame is not None and self.frame.dynamic:
                self.skip(DYNAMIC_FUNCTION)
                return updated_node
            first = stmt.targets[0].target
            lines = [cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(first)], value=stmt.value)],
                leading_lines=updated_node.leading_lines)]
            for target in stmt.targets[1:]:
                lines.append(cst.SimpleStatementLine(
                    body=[cst.Assign(targets=[cst.AssignTarget(target.target)],
                                     value=cst.Name(first.value))]))
            lines[-1] = lines[-1].with_changes(trailing_whitespace=updated_node.trailing_whitespace)
            self.sites += 1
            return cst.FlattenSentinel(lines)
