"""``for i in range(len(s) - 1): ... s[i] ... s[i + 1] ...`` -> ``for a, b in zip(s, s[1:]): ...``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import assigned_names
from ..analysis.names import SELF_DOCUMENTING, self_documenting_names
from ..base import Rule
from ..registry import register
from .range_len_to_enumerate import RangeLenToEnumerate, is_store

_RANGE_LEN_MINUS = m.Call(func=m.Name("range"), args=[m.Arg(value=m.BinaryOperation(
    left=m.Call(func=m.Name("len"), args=[m.Arg(value=m.Name(), keyword=None, star="")]),
    operator=m.Subtract(), right=m.Integer(value=m.MatchIfTrue(lambda v: v in ("1", "2", "3")))),
    keyword=None, star="")])
_NAMES = ("a", "b", "c", "d")


def _offset(index: cst.BaseExpression, name: str) -> int | None:
    """0 for ``i``, j for ``i + j`` or ``j + i`` (j a decimal literal), else None."""
    if isinstance(index, cst.Name) and index.value == name and not index.lpar:
        return 0
    if isinstance(index, cst.BinaryOperation) and isinstance(index.operator, cst.Add) \
            and not index.lpar:
        for var, lit in ((index.left, index.right), (index.right, index.left)):
            if m.matches(var, m.Name(name)) and isinstance(lit, cst.Integer) \
                    and lit.value.isdigit():
                return int(lit.value)
    return None


class _Replace(cst.CSTTransformer):
    def __init__(self, sites: dict[int, str]) -> None:
        super().__init__()
        self.sites = sites

    def leave_Subscript(self, original_node, updated_node):
        name = self.sites.get(id(original_node))
        if name is None:
            return updated_node
        return cst.Name(name, lpar=updated_node.lpar, rpar=updated_node.rpar)


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
    uses_domain = True

    class Transformer(RangeLenToEnumerate.Transformer):
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

        def index_reads(self, loop: cst.For, seq_node: cst.Name, k: int):
            """``{id(read): (read, offset)}`` for the reads ``s[i + j]`` (0 <= j <= k) of the
            loop's body, when the sequence qualifies (``range-len-to-enumerate``), neither it
            nor the index is rebound, and the index has no other use in the function."""
            ev = self.ev
            index, name = loop.target.value, seq_node.value
            skip = lambda reason: self.skip(reason) or None  # noqa: E731 - says why, gives None
            if not all(ev.is_builtin(b) for b in ("range", "len")):
                return skip("range or len is shadowed")
            if name == index:
                return skip("the index and the sequence have the same name")
            kind = self._kind(seq_node, loop)
            if kind is None:
                return None  # it said why
            func = ev.function_of(loop)
            scope = ev.scopes.get(loop)
            if {index, name} & assigned_names(loop.body):
                return skip("the index or the sequence is rebound in the body")
            if name in self_documenting_names(loop.body):
                return skip(SELF_DOCUMENTING)
            if self._identity([loop.body]):
                return skip("an identity test (is, id()) in the body")
            if kind == "list" and not self._inert(func, name).block(loop.body):
                return skip("the body may run user code (which could change the list)")
            reads = {}
            for sub in m.findall(loop.body, m.Subscript(value=m.Name(name), slice=[
                    m.SubscriptElement(slice=m.Index())])):
                j = _offset(sub.slice[0].slice.value, index)
                if j is not None and j <= k and ev.scopes.get(sub) is scope \
                        and not is_store(ev, sub):
                    reads[id(sub)] = (sub, j)
            if not reads:
                return skip(f"the body never reads {name}[{index}]")
            # every other use of the index: none (it is no longer bound after the rewrite)
            index_names = {id(n) for sub, _ in reads.values()
                           for n in m.findall(sub.slice[0].slice, m.Name(index))}
            bindings = list(scope.assignments[index])
            if len(bindings) != 1 or bindings[0].node is not loop.target:
                return skip(f"{index} is bound elsewhere in the function")
            if any(id(ref.node) not in index_names for ref in bindings[0].references):
                return skip(f"{index} is used other than to index {name}")
            if m.findall(func, m.Del(target=m.Name(index))) or index in ev.hidden_bindings(func):
                return skip(f"{index} is bound elsewhere in the function")
            return reads

        def leave_For(self, original_node: cst.For, updated_node: cst.For) -> cst.For:
            plan = self._zip_plan(original_node)
            if plan is None:
                return updated_node
            if not updated_node.body.deep_equals(original_node.body):
                return updated_node  # an inner loop was rewritten: one level per pass
            name, k, reads = plan
            offsets = sorted({j for _, j in reads.values()})
            var = {j: self.names.fresh(_NAMES[j]) for j in offsets}
            body = original_node.body.visit(_Replace({key: var[j] for key, (_, j) in reads.items()}))
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

        # comprehensions: left to range-len-to-enumerate's visitor methods, disabled here
        def _comp_plan(self, comp):
            return None
