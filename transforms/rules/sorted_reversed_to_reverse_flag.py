"""``sorted(xs)[::-1]`` -> ``sorted(xs, reverse=True)`` where equal items cannot be told apart."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register

_REVERSED = m.Subscript(slice=[m.SubscriptElement(slice=m.Slice(
    lower=None, upper=None, step=m.UnaryOperation(operator=m.Minus(), expression=m.Integer("1"))))])
# Items of which two equal ones are the same value of the same type: which of them comes
# first cannot be seen (not floats: -0.0 == 0.0; not containers: equal but distinct lists).
_INDISTINGUISHABLE = frozenset({"int", "bool", "str", "bytes"})


@register
class SortedReversedToReverseFlag(Rule):
    """``sorted(xs)[::-1]`` -> ``sorted(xs, reverse=True)`` when the items of ``xs`` are known
    ints, bools, strs or bytes.

    Both give the items in descending order; they differ only in the order of equal items (the
    stable reverse sort keeps their first-seen order, the reversed ascending sort inverts it),
    and equal ints or strs are the same value of the same type, so no result tells them apart
    (``[2, 2.0]`` would: hence not for floats, nor a mix of int and float, nor containers).
    ``xs`` is evaluated once either way. The item types often come from the seed's domain
    (``arr: list[int]``): the rule ``uses_domain``. One list and one pass fewer.
    """

    id = "sorted-reversed-to-reverse-flag"
    description = "Sort descending with reverse=True instead of reversing an ascending sort."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Subscript(self, original_node: cst.Subscript,
                            updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if not m.matches(original_node, _REVERSED):
                return updated_node
            call = original_node.value
            ev = self.ev
            if not (ev.is_builtin_call(call, "sorted") and len(call.args) == 1
                    and not call.args[0].keyword and not call.args[0].star and not call.lpar):
                return updated_node
            item = ev.elem_of(call.args[0].value)
            if item is None or item.kind not in _INDISTINGUISHABLE:
                return self.skip("no evidence equal items are indistinguishable (ints, strs)") \
                    or updated_node
            new_call = updated_node.value
            arg = new_call.args[0].with_changes(comma=cst.Comma(
                whitespace_after=cst.SimpleWhitespace(" ")))
            flag = cst.Arg(value=cst.Name("True"), keyword=cst.Name("reverse"),
                           equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                                 whitespace_after=cst.SimpleWhitespace("")))
            self.sites += 1
            return new_call.with_changes(args=[arg, flag], lpar=updated_node.lpar,
                                         rpar=updated_node.rpar)
