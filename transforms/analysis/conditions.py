"""Where only an expression's truth value is used (shared by the truthiness rules)."""

from __future__ import annotations

import libcst as cst


def in_condition(ev, node: cst.CSTNode) -> bool:
    """Only the truth value of ``node`` is ever used: it is the test of an if/while/ternary/
    assert or of a comprehension's ``if``, the operand of ``not``, or an operand of and/or that
    is itself in a condition."""
    parent = ev.parent(node)
    if isinstance(parent, cst.CompIf):
        return True
    if isinstance(parent, (cst.If, cst.While, cst.IfExp, cst.Assert)):
        return parent.test is node
    if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
        return True
    if isinstance(parent, cst.BooleanOperation):
        return in_condition(ev, parent)
    return False
