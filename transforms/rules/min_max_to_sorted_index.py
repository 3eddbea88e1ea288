"""``max(xs)`` -> ``sorted(xs)[-1]`` (``min`` -> ``[0]``): find an extreme by sorting."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.extremes import INDEX, items_ok, nonempty
from ..base import Rule
from ..registry import register


@register
class MinMaxToSortedIndex(Rule):
    """``max(xs)`` -> ``sorted(xs)[-1]`` and ``min(xs)`` -> ``sorted(xs)[0]``, the way many
    first find the largest item: sort, then take the last. ``O(n log n)`` and a new list where
    the builtin makes one pass.

    Sound only where ``analysis.extremes`` says so: one positional argument (no ``key``,
    ``default``), ``max``/``min``/``sorted`` the builtins, items proven ints, bools, strs or
    bytes (equal ones indistinguishable, so the last of equal largest items is as good as the
    first; ``uses_domain`` for ``xs: list[int]``), and ``xs`` proven non-empty by a guard
    just before (``max`` of nothing raises ``ValueError``, the index ``IndexError``). A
    generator ``(e for x in xs)`` is sorted as it is: the same items in the same order.
    """

    id = "min-max-to-sorted-index"
    description = "Find the largest/smallest item as sorted(xs)[-1]/[0] instead of max/min."
    category = "performance"
    family = "algorithmic"
    intent = "slower"
    inverse = "sorted-index-to-min-max"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call,
                       updated_node: cst.Call) -> cst.BaseExpression:
            ev = self.ev
            args = original_node.args
            if not (isinstance(original_node.func, cst.Name)
                    and original_node.func.value in INDEX and len(args) == 1
                    and args[0].keyword is None and not args[0].star):
                return updated_node
            builtin = original_node.func.value
            if not (ev.real_builtin(builtin) and ev.real_builtin("sorted")):
                return updated_node
            if not (items_ok(ev, args[0].value) and nonempty(ev, original_node, args[0].value)):
                return updated_node
            index = INDEX[builtin]
            value = (cst.Integer("0") if index == 0
                     else cst.UnaryOperation(operator=cst.Minus(), expression=cst.Integer("1")))
            call = updated_node.with_changes(func=cst.Name("sorted"), lpar=[], rpar=[])
            self.sites += 1
            return cst.Subscript(value=call, slice=[cst.SubscriptElement(cst.Index(value))],
                                 lpar=updated_node.lpar, rpar=updated_node.rpar)
