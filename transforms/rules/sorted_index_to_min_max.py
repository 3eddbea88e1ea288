"""``sorted(xs)[-1]`` -> ``max(xs)`` (``[0]`` -> ``min``): one pass instead of a sort."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.extremes import BUILTIN_AT, items_ok, nonempty
from ..base import Rule
from ..registry import register

_FIRST = m.Integer("0")
_LAST = m.UnaryOperation(operator=m.Minus(), expression=m.Integer("1"))


@register
class SortedIndexToMinMax(Rule):
    """``sorted(xs)[-1]`` -> ``max(xs)``, ``sorted(xs)[0]`` -> ``min(xs)`` (and with
    ``reverse=True`` the other way round): the largest item in one pass, without sorting a copy.

    Sound only where ``analysis.extremes`` says so (as its inverse ``min-max-to-sorted-index``):
    ``sorted`` and the builtin are the real ones, no ``key``, items proven ints, bools, strs or
    bytes (which of equal extremes comes back cannot be seen), ``xs`` proven non-empty by a
    guard just before (the index raises ``IndexError`` on nothing, ``max`` ``ValueError``).
    """

    id = "sorted-index-to-min-max"
    description = "Take max(xs)/min(xs) instead of sorting and indexing the last/first item."
    category = "performance"
    family = "algorithmic"
    intent = "faster"
    inverse = "min-max-to-sorted-index"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Subscript(self, original_node: cst.Subscript,
                            updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if len(original_node.slice) != 1 or not isinstance(original_node.slice[0].slice,
                                                                 cst.Index):
                return updated_node
            index = original_node.slice[0].slice.value
            at = 0 if m.matches(index, _FIRST) else -1 if m.matches(index, _LAST) else None
            call = original_node.value
            ev = self.ev
            if at is None or not ev.is_builtin_call(call, "sorted") or call.lpar:
                return updated_node
            first, *rest = call.args if call.args else (None,)
            if first is None or first.keyword is not None or first.star:
                return updated_node
            reverse = False
            if rest:
                if not (len(rest) == 1 and m.matches(rest[0], m.Arg(keyword=m.Name("reverse"),
                                                                     value=m.Name("True")))):
                    return updated_node
                reverse = True
            builtin = BUILTIN_AT[(at, reverse)]
            if not (ev.real_builtin("sorted") and ev.real_builtin(builtin)):
                return updated_node
            if not (items_ok(ev, first.value) and nonempty(ev, original_node, first.value)):
                return updated_node
            new_call = updated_node.value
            self.sites += 1
            return cst.Call(func=cst.Name(builtin),
                            args=[new_call.args[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)],
                            lpar=updated_node.lpar, rpar=updated_node.rpar)
