"""Reversed copies of builtin sequences, spelled as a slice (``s[::-1]``) or through
``reversed`` (``"".join(reversed(s))``, ``list(reversed(xs))``, ``tuple(reversed(t))``): shared
by ``slice-reverse-to-reversed`` and ``reversed-to-slice-reverse``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

REVERSING_SLICE = m.Subscript(slice=[m.SubscriptElement(slice=m.Slice(
    lower=None, upper=None,
    step=m.UnaryOperation(operator=m.Minus(), expression=m.Integer("1"))))])
# The builtin that rebuilds a reversed copy of each exact sequence type from its items
# (``""`` means ``"".join``).
REBUILD = {"str": "", "list": "list", "tuple": "tuple"}


def identity_used(node: cst.CSTNode) -> bool:
    """``node`` compares identities (``is`` between non-None operands) or calls ``id``: a copy
    made another way may be another object (``"".join`` of one character returns it)."""
    for cmp in m.findall(node, m.Comparison()):
        left = cmp.left
        for target in cmp.comparisons:
            if isinstance(target.operator, (cst.Is, cst.IsNot)) and not (
                    m.matches(left, m.Name("None")) or m.matches(target.comparator, m.Name("None"))):
                return True
            left = target.comparator
    return bool(m.findall(node, m.Call(func=m.Name("id"))))


def enclosing(ev, node: cst.CSTNode) -> cst.CSTNode:
    """The function around ``node`` (the module when there is none)."""
    parent = ev.parent(node)
    while parent is not None and not isinstance(parent, cst.FunctionDef):
        parent = ev.parent(parent)
    return parent if parent is not None else ev.module
