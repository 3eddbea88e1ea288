"""``for i in range(len(s) - 1): ... s[i] ... s[i + 1] ...`` -> ``for a, b in zip(s, s[1:]): ...``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.index_loops import IndexLoopChecks, ReplaceReads
from ..analysis.numeric import RicherEvidence
from ..base import Rule
from ..registry import register

_RANGE_LEN_MINUS = m.Call(func=m.Name("range"), args=[m.Arg(value=m.BinaryOperation(
    left=m.Call(func=m.Name("len"), args=[m.Arg(value=m.Name(), keyword=None, star="")]),
    operator=m.Subtract(), right=m.Integer(value=m.MatchIfTrue(lambda v: v in ("1", "2", "3")))),
    keyword=None, star="")])
_NAMES = ("a", "b", "c", "d")


@register
class AdjacentIndexToZip(Rule):
    """``for i in range(len(s) - k): BODY`` (k = 1, 2 or 3) where ``i`` is used only in reads
    ``s[i]``, ``s[i + 1]`` ... ``s[i + k]`` -> ``for a, b in zip(s, s[1:]): BODY`` with those
    reads replaced by the loop variables (one per offset read; offset ``k`` must be among them).

    ``zip(s, s[1:], ..., s[k:])`` stops at its shortest argument, ``s[k:]``: ``len(s) - k``
    steps (none when negative), as many as the range; at step ``t`` it pairs ``s[t + j]`` for
    each offset ``j``, the items the reads give (every index is in range, so no read raised).
    The sequence and the reads must qualify as for ``range-len-to-enumerate`` (an immutable
    str/tuple/bytes, or a list that the body, running no user code, cannot change: the slices
    are copies taken before the first step). ``i`` must have no other use anywhere in the
    function (the loop no longer binds it: not after the loop, not in a nested scope), and
    neither ``s`` nor ``i`` is rebound in the body. Types often come from the seed's domain.
    """

    id = "adjacent-index-to-zip"
    description = "Walk neighbouring items with zip() over shifted slices instead of indices."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    inverse = "zip-to-adjacent-index"
    uses_domain = True

    class Transformer(IndexLoopChecks, EvidenceTransformer):
        EVIDENCE = RicherEvidence

        def _zip_plan(self, loop: cst.For):
            if loop.asynchronous is not None or not isinstance(loop.target, cst.Name) \
                    or not m.matches(loop.iter, _RANGE_LEN_MINUS):
                return None
            minus = loop.iter.args[0].value
            seq_node, k = minus.left.args[0].value, int(minus.right.value)
            if not self.ev.is_builtin("zip"):
                return self.skip("zip is shadowed") or None
            reads = self.index_reads(loop, seq_node, k)
            if reads is None:
                return None  # it said why
            if k not in {j for _, j in reads.values()}:
                return self.skip(f"the body does not read {seq_node.value}"
                                 f"[{loop.target.value} + {k}]") or None
            return seq_node.value, k, reads

        def leave_For(self, original_node: cst.For, updated_node: cst.For) -> cst.For:
            plan = self._zip_plan(original_node)
            if plan is None:
                return updated_node
            if not updated_node.body.deep_equals(original_node.body):
                return updated_node  # an inner loop was rewritten: one level per pass
            name, _, reads = plan
            offsets = sorted({j for _, j in reads.values()})
            var = {j: self.names.fresh(_NAMES[j]) for j in offsets}
            body = original_node.body.visit(ReplaceReads({key: var[j] for key, (_, j) in reads.items()}))
            args = []
            for j in offsets:
                seq = cst.Name(name)
                if j:
                    seq = cst.Subscript(value=seq, slice=[cst.SubscriptElement(
                        cst.Slice(lower=cst.Integer(str(j)), upper=None))])
                args.append(cst.Arg(seq))
            self.sites += 1
            target = cst.Tuple(elements=[cst.Element(cst.Name(var[j])) for j in offsets],
                               lpar=[], rpar=[])
            return updated_node.with_changes(
                target=target, body=body, iter=cst.Call(func=cst.Name("zip"), args=args))
