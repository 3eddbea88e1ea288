"""``s[-1]`` -> ``s[len(s) - 1]``: the last item indexed from the front."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.last_index import MINUS_ONE, only_read, repeatable
from ..base import Rule
from ..registry import register


@register
class NegativeIndexToLenOffset(Rule):
    """``s[-1]`` -> ``s[len(s) - 1]``, as written by someone who has not met negative indices:
    a ``len`` call and a subtraction more on every read.

    Sound where ``analysis.last_index`` says so: ``s`` a local exact str, bytes, list or tuple
    (``uses_domain``: ``s: str``) or ``str(x)`` of a local builtin scalar, evaluated twice
    with nothing between; only ``-1`` (the same item at every length, the empty sequence's
    ``IndexError`` included); the subscript only read; ``len`` the builtin.
    """

    id = "negative-index-to-len-offset"
    description = "Index the last item as s[len(s) - 1] instead of s[-1]."
    category = "performance"
    family = "spelled-out"
    intent = "slower"
    inverse = "len-offset-to-negative-index"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Subscript(self, original_node: cst.Subscript,
                            updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if not (len(original_node.slice) == 1
                    and isinstance(original_node.slice[0].slice, cst.Index)
                    and original_node.slice[0].slice.star is None
                    and m.matches(original_node.slice[0].slice.value, MINUS_ONE)):
                return updated_node
            ev = self.ev
            if not (repeatable(ev, original_node.value) and only_read(ev, original_node)
                    and ev.real_builtin("len")):
                return updated_node
            seq = updated_node.value
            offset = cst.BinaryOperation(
                left=cst.Call(func=cst.Name("len"), args=[cst.Arg(seq.deep_clone())]),
                operator=cst.Subtract(), right=cst.Integer("1"))
            self.sites += 1
            element = updated_node.slice[0]
            return updated_node.with_changes(
                slice=[element.with_changes(slice=element.slice.with_changes(value=offset))])
