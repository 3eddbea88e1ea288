"""When ``s[-1]`` and ``s[len(s) - 1]`` are the same read (``negative-index-to-len-offset`` and
its inverse ``len-offset-to-negative-index``).

On an exact str, bytes, list or tuple a negative index counts from the end: ``s[-1]`` is
``s[len(s) - 1]`` at every length, the empty sequence included (``len(s) - 1`` is then ``-1``
itself, and both raise the same ``IndexError``). Only ``-1``: ``s[-2]`` raises on a
one-item ``s`` where ``s[len(s) - 2]`` reads ``s[-1]``. The long form evaluates ``s`` twice,
so ``s`` must be a local of one of those exact types (its evidence) or ``str(x)`` of a local
builtin scalar (pure, and the same text each time), and the subscript only read: in
``s[-1] += v`` the index is taken again after ``v`` runs, which may change ``len(s)``.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

SEQUENCES = frozenset({"str", "bytes", "list", "tuple"})
_SCALARS = frozenset({"int", "bool", "float", "str"})
MINUS_ONE = m.UnaryOperation(operator=m.Minus(), expression=m.Integer("1"))


def repeatable(ev, e: cst.BaseExpression) -> bool:
    """``e`` may be evaluated twice in a row for the same exact sequence (says why not)."""
    if isinstance(e, cst.Name):
        t = ev.type_of(e)
        return (t is not None and t.kind in SEQUENCES) or ev.skip(
            "no evidence of an exact str, bytes, list or tuple")
    if (ev.is_builtin_call(e, "str") and len(e.args) == 1 and e.args[0].keyword is None
            and not e.args[0].star and isinstance(e.args[0].value, cst.Name)):
        t = ev.type_of(e.args[0].value)
        return (t is not None and t.kind in _SCALARS) or ev.skip(
            "str() of a value not proven a builtin scalar")
    return ev.skip("the sequence is not a local or str() of one (evaluated twice)")


def only_read(ev, node: cst.Subscript) -> bool:
    """``node`` is read, never assigned, augmented or deleted (says why not)."""
    child, parent = node, ev.parent(node)
    while isinstance(parent, (cst.Element, cst.Tuple, cst.List, cst.StarredElement)):
        child, parent = parent, ev.parent(parent)  # inside a target tuple
    if isinstance(parent, (cst.AssignTarget, cst.Del)) or (
            isinstance(parent, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor,
                                cst.NamedExpr)) and parent.target is child) or (
            isinstance(parent, cst.AsName)):
        return ev.skip("the subscript is a target")
    return True
