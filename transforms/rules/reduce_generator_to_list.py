"""``sum(e for x in xs)`` -> ``sum([e for x in xs])`` when nothing can tell the difference."""

from __future__ import annotations


import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.numeric import RicherEvidence
from ..analysis.purity import Inert

_NUMBERS = frozenset({"int", "bool", "float", "number"})
# Sized builtin containers: a list of at most as many items is no new risk of running out of
# memory (unlike a range(10**12) that a generator walks lazily).
_CONTAINERS = frozenset({"str", "bytes", "list", "tuple", "dict", "set", "frozenset"})


@register
class ReduceGeneratorToList(Rule):
    """``sum(E for x in xs if C)`` -> ``sum([E for x in xs if C])``; likewise ``min``/``max``
    with a single argument (a builtin list iterates faster than a generator resumes).

    The list comprehension computes the same items, from one pass over ``xs`` in the same
    order, but all of them before the reduction starts, where the generator interleaves them
    with it. Nothing can observe that when the reduction runs no user code and cannot raise:
    the items are all builtin numbers (``sum``: adding them cannot fail; ``start`` must be a
    number too), or all numbers or all strs (``min``/``max``: comparing them cannot fail).
    Then the only exceptions come from computing items, and they surface in the same order.
    E and C must provably run no user code (``analysis.purity.Inert``), so neither raises
    ``StopIteration`` (a generator turns it into ``RuntimeError``, a comprehension does not)
    nor depends on when it runs. ``xs`` must be a sized builtin container (the list is at most
    as long as it, no memory blow-up as with a huge ``range``), one synchronous ``for``
    clause, and the builtins unshadowed; ``any``/``all`` are not touched (they stop early).
    """

    id = "reduce-generator-to-list"
    description = "Pass a list comprehension instead of a generator to sum()/min()/max()."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(EvidenceTransformer):
        EVIDENCE = RicherEvidence

        def _qualifies(self, call: cst.Call) -> bool:
            ev = self.ev
            gen = call.args[0].value
            name = call.func.value
            rest = call.args[1:]
            if name == "sum":
                if len(rest) > 1 or any(a.keyword is not None and a.keyword.value != "start"
                                        for a in rest):
                    return self.skip("sum with arguments other than a start")
            elif rest:
                return self.skip("min/max with more arguments (key=, default=...)")
            if not ev.is_builtin(name):
                return self.skip(f"{name} is shadowed")
            if ev.function_of(call) is None:
                return self.skip("not in a function's own scope")
            clause = gen.for_in
            if clause.asynchronous is not None or clause.inner_for_in is not None:
                return self.skip("async generator or several for clauses")
            t = ev.type_of(clause.iter)
            if t is None or t.kind not in _CONTAINERS:
                return self.skip("no evidence the iterable is a builtin container")
            item = ev.type_of(gen.elt)
            if item is None:
                return self.skip("no evidence of the items' type")
            if name == "sum":
                if item.kind not in _NUMBERS or not all(
                        ev.type_of(a.value) is not None and ev.type_of(a.value).kind in _NUMBERS
                        for a in rest):
                    return self.skip("no evidence the items (and the start) are numbers")
            elif item.kind not in _NUMBERS | {"str"}:
                return self.skip("no evidence the items are numbers or strs")
            inert = Inert(ev)
            return inert.expr(gen.elt) and all(inert.truth(c.test) for c in clause.ifs) or \
                self.skip("the item or a filter may run user code")

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            if not (isinstance(original_node.func, cst.Name)
                    and original_node.func.value in ("sum", "min", "max")
                    and original_node.args and not any(a.star for a in original_node.args)
                    and original_node.args[0].keyword is None
                    and isinstance(original_node.args[0].value, cst.GeneratorExp)):
                return updated_node
            if not self._qualifies(original_node):
                return updated_node
            gen = updated_node.args[0].value
            if not isinstance(gen, cst.GeneratorExp):
                return updated_node
            comp = cst.ListComp(elt=gen.elt, for_in=gen.for_in)
            self.sites += 1
            return updated_node.with_changes(
                args=[updated_node.args[0].with_changes(value=comp), *updated_node.args[1:]])
