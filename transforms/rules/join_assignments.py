"""Join two consecutive assignments ``a = x`` / ``b = y`` into ``a, b = x, y``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import FrameTracker
from ..analysis.scopes import sequential_is_sound
from ..base import Rule, RuleTransformer
from ..registry import register

_SINGLE_NAME = m.SimpleStatementLine(
    body=[m.Assign(targets=[m.AssignTarget(target=m.Name())])])
# Values that need parentheses inside a tuple display.
_NEEDS_PARENS = (cst.Tuple, cst.Yield, cst.NamedExpr)


def _element(value: cst.BaseExpression) -> cst.Element:
    if isinstance(value, _NEEDS_PARENS) and not value.lpar:
        value = value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.Element(value)


@register
class JoinAssignments(Rule):
    """``a = x`` followed by ``b = y`` -> ``a, b = x, y`` (pairs of statements, left to right).

    The joined form evaluates ``y`` before binding ``a``; that is unobservable exactly when
    splitting it back would be sound (``split_tuple_assignment.sequential_is_sound``): in a
    function's own frame, ``y`` does not read ``a``, no closure, lazy generator or
    class uses them, no ``global``/``nonlocal``/``exec``/``locals()``, and no ``try``/``with`` in
    the function encloses the statements. The names must differ and be plain; lines carrying
    comments are left alone.
    """

    id = "join-assignments"
    description = "Join two consecutive single-name assignments into one tuple assignment."
    category = "unpacking"
    family = "assignments"
    intent = "neutral"
    inverse = "split-tuple-assignment"

    class Transformer(FrameTracker, RuleTransformer):
        def _joinable(self, first: cst.BaseStatement, second: cst.BaseStatement) -> bool:
            if not (m.matches(first, _SINGLE_NAME) and m.matches(second, _SINGLE_NAME)):
                return False
            if any(line.comment for line in second.leading_lines) \
                    or first.trailing_whitespace.comment:
                return self.skip("a comment between the assignments would be lost")
            a, b = first.body[0], second.body[0]
            names = [a.targets[0].target.value, b.targets[0].target.value]
            if names[0] == names[1]:
                return self.skip("both assign the same name")
            return sequential_is_sound(self.frame, names, [a.value, b.value], skip=self.skip)

        def leave_IndentedBlock(self, original_node, updated_node):
            body = list(updated_node.body)
            out: list[cst.BaseStatement] = []
            i = 0
            while i < len(body):
                if i + 1 < len(body) and self._joinable(body[i], body[i + 1]):
                    a, b = body[i].body[0], body[i + 1].body[0]
                    target = cst.Tuple([cst.Element(a.targets[0].target),
                                        cst.Element(b.targets[0].target)], lpar=[], rpar=[])
                    value = cst.Tuple([_element(a.value), _element(b.value)], lpar=[], rpar=[])
                    out.append(body[i].with_changes(
                        body=[cst.Assign(targets=[cst.AssignTarget(target)], value=value)],
                        trailing_whitespace=body[i + 1].trailing_whitespace))
                    self.sites += 1
                    i += 2
                else:
                    out.append(body[i])
                    i += 1
            if len(out) == len(body):
                return updated_node
            return updated_node.with_changes(body=out)
