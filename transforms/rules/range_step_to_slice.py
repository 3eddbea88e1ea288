"""``for i in range(1, len(s), 2): ... s[i] ...`` -> ``for s_item in s[1::2]: ... s_item ...``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.index_loops import IndexLoopChecks, ReplaceReads
from ..analysis.numeric import RicherEvidence
from ..base import Rule
from ..registry import register

_DIGITS = m.Integer(value=m.MatchIfTrue(str.isdigit))
_RANGE_STEP = m.Call(func=m.Name("range"), args=[
    m.Arg(value=_DIGITS, keyword=None, star=""),
    m.Arg(value=m.Call(func=m.Name("len"), args=[m.Arg(value=m.Name(), keyword=None,
                                                       star="")]), keyword=None, star=""),
    m.Arg(value=_DIGITS, keyword=None, star="")])


@register
class RangeStepToSlice(Rule):
    """``for i in range(a, len(s), k): BODY`` (``a >= 0`` and ``k >= 2`` int literals) where
    ``i`` is used only to read ``s[i]`` -> ``for s_item in s[a::k]: BODY`` with those reads
    replaced.

    The range gives the indices ``a, a + k, ...`` below ``len(s)`` (measured once), and the
    slice holds exactly the items at those indices, in order (none when ``a >= len(s)``). The
    sequence, the body and the index must qualify as for ``adjacent-index-to-zip``: an
    immutable str/tuple/bytes or a list the body cannot change (the slice is a copy taken
    first), nothing rebound, and ``i`` used nowhere else in the function (the loop no longer
    binds it). Types often come from the seed's domain. No index arithmetic per item: faster.
    """

    id = "range-step-to-slice"
    description = "Loop over a stepped slice instead of indexing with range(start, len, step)."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True

    class Transformer(IndexLoopChecks, EvidenceTransformer):
        EVIDENCE = RicherEvidence

        def leave_For(self, original_node: cst.For, updated_node: cst.For) -> cst.For:
            loop = original_node
            if loop.asynchronous is not None or not isinstance(loop.target, cst.Name) \
                    or not m.matches(loop.iter, _RANGE_STEP):
                return updated_node
            start, step = (int(loop.iter.args[i].value.value) for i in (0, 2))
            if step < 2:
                return updated_node
            seq_node = loop.iter.args[1].value.args[0].value
            reads = self.index_reads(loop, seq_node, 0)
            if reads is None or not updated_node.body.deep_equals(original_node.body):
                return updated_node
            item = self.names.fresh(f"{seq_node.value}_item".lstrip("_"))
            body = original_node.body.visit(ReplaceReads({key: item for key in reads}))
            sliced = cst.Subscript(value=cst.Name(seq_node.value), slice=[cst.SubscriptElement(
                cst.Slice(lower=cst.Integer(str(start)) if start else None, upper=None,
                          step=cst.Integer(str(step))))])
            self.sites += 1
            return updated_node.with_changes(target=cst.Name(item), body=body, iter=sliced)
