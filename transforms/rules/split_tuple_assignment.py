"""Split a parallel assignment ``a, b = x, y`` into ``a = x`` then ``b = y``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.scopes import sequential_is_sound
from ..analysis import FrameTracker
from ..base import Rule, RuleTransformer
from ..registry import register


def parallel_assignment(stmt: cst.BaseSmallStatement, skip=lambda reason: False,
                        ) -> tuple[list[str], list[cst.BaseExpression]] | None:
    """(target names, values) of ``a, b = x, y`` (same length >= 2, distinct plain names, no
    starred element), else None; ``skip`` (``RuleTransformer.skip``) is told why not."""
    if not m.matches(stmt, m.Assign(targets=[m.AssignTarget(target=m.Tuple() | m.List())],
                                    value=m.Tuple())):
        return None
    targets, values = stmt.targets[0].target.elements, stmt.value.elements
    if len(targets) != len(values) or len(targets) < 2:
        return skip("targets and values differ in number") or None
    if not all(isinstance(t, cst.Element) and isinstance(t.value, cst.Name) for t in targets):
        return skip("a target is not a plain name") or None
    if not all(isinstance(v, cst.Element) for v in values):
        return skip("a starred value") or None
    names = [t.value.value for t in targets]
    if len(set(names)) != len(names):
        return skip("a name is assigned twice") or None
    return names, [v.value for v in values]


@register
class SplitTupleAssignment(Rule):
    """``a, b = x, y`` -> ``a = x`` / ``b = y`` (one statement per name, in order).

    Sound when no value reads a target assigned before it, no closure, lazy generator or class can see
    the targets (or ``global``/``nonlocal``, ``exec``/``locals()``), and no ``try``/``with`` in the
    function encloses the statement (see ``sequential_is_sound``). Evaluation order of the values
    and assignment order of the names are unchanged; only the tuple object is no longer built.
    Swaps (``a, b = b, a``) and starred targets never fire. Only function bodies, never module
    or class level, where other code may observe names.
    """

    id = "split-tuple-assignment"
    description = "Split `a, b = x, y` into one assignment per name."
    category = "unpacking"
    family = "assignments"
    intent = "neutral"
    inverse = "join-assignments"

    class Transformer(FrameTracker, RuleTransformer):
        def leave_SimpleStatementLine(self, original_node, updated_node):
            if len(updated_node.body) != 1:
                return updated_node
            found = parallel_assignment(updated_node.body[0], self.skip)
            if found is None or not sequential_is_sound(self.frame, *found, skip=self.skip):
                return updated_node
            names, values = found
            self.sites += 1
            lines = [cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(n))], value=v)])
                for n, v in zip(names, values)]
            lines[0] = lines[0].with_changes(leading_lines=updated_node.leading_lines)
            lines[-1] = lines[-1].with_changes(trailing_whitespace=updated_node.trailing_whitespace)
            return cst.FlattenSentinel(lines)

