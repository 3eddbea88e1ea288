"""Where only an expression's truth is used, and which builtin types' truth is ``!= 0``
(``zero-compare-to-truthiness`` and its inverse ``truthiness-to-zero-compare``)."""

from __future__ import annotations

import libcst as cst

# Exact builtin numbers: their truth is ``x != 0`` (``-0.0`` false, NaN true, as ``nan != 0``),
# and neither ``bool`` nor ``== 0`` can raise or run user code on them.
NUMBERS = frozenset({"int", "bool", "float"})


def in_condition(ev, node: cst.CSTNode) -> bool:
    """Only the truth of ``node`` is used: the test of an if/while/ternary/assert or of a
    comprehension's ``if``, the operand of ``not``, or an operand of and/or that is itself in
    a condition. ``ev``: a ``TypeEvidence`` (for ``ev.parent``)."""
    parent = ev.parent(node)
    if isinstance(parent, (cst.If, cst.While, cst.IfExp, cst.Assert)):
        return parent.test is node
    if isinstance(parent, cst.CompIf):
        return True
    if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
        return True
    if isinstance(parent, cst.BooleanOperation):
        return in_condition(ev, parent)
    return False
