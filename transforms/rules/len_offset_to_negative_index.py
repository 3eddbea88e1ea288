"""``s[len(s) - 1]`` -> ``s[-1]``: index the last item from the end."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.last_index import only_read, repeatable
from ..base import Rule
from ..registry import register


@register
class LenOffsetToNegativeIndex(Rule):
    """``s[len(s) - 1]`` -> ``s[-1]``: Python counts negative indices from the end, so the
    ``len`` call and the subtraction go.

    Sound where ``analysis.last_index`` says so (as its inverse
    ``negative-index-to-len-offset``): the same ``s`` in both places, a local exact str,
    bytes, list or tuple or ``str(x)`` of a local builtin scalar (evaluating it once less
    changes nothing), ``len`` the builtin, only ``- 1``, the subscript only read.
    """

    id = "len-offset-to-negative-index"
    description = "Index the last item as s[-1] instead of s[len(s) - 1]."
    category = "performance"
    family = "spelled-out"
    intent = "faster"
    inverse = "negative-index-to-len-offset"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Subscript(self, original_node: cst.Subscript,
                            updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if not (len(original_node.slice) == 1
                    and isinstance(original_node.slice[0].slice, cst.Index)
                    and original_node.slice[0].slice.star is None):
                return updated_node
            index = original_node.slice[0].slice.value
            ev = self.ev
            if not (isinstance(index, cst.BinaryOperation)
                    and isinstance(index.operator, cst.Subtract)
                    and m.matches(index.right, m.Integer("1"))
                    and ev.is_builtin_call(index.left, "len") and len(index.left.args) == 1
                    and index.left.args[0].keyword is None and not index.left.args[0].star
                    and index.left.args[0].value.deep_equals(original_node.value)):
                return updated_node
            if not (repeatable(ev, original_node.value) and only_read(ev, original_node)
                    and ev.real_builtin("len")):
                return updated_node
            minus_one = cst.UnaryOperation(operator=cst.Minus(), expression=cst.Integer("1"))
            self.sites += 1
            element = updated_node.slice[0]
            return updated_node.with_changes(
                slice=[element.with_changes(slice=element.slice.with_changes(value=minus_one))])
