"""``for i in range(len(s)): ... s[i] ...`` -> ``for i, c in enumerate(s): ... c ...`` (and
``range(k, len(s))`` -> ``enumerate(s[k:], k)``)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import assigned_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.index_loops import IndexLoopChecks, is_store
from ..analysis.names import SELF_DOCUMENTING, self_documenting_names
from ..analysis.numeric import RicherEvidence
from ..analysis.purity import SCALARS
from ..base import Rule
from ..registry import register

_EAGER_COMPS = (cst.ListComp, cst.SetComp, cst.DictComp)
_LEN_OF_NAME = m.Arg(value=m.Call(func=m.Name("len"), args=[m.Arg(value=m.Name())]))
_START = m.Arg(value=m.Integer(value=m.MatchIfTrue(str.isdigit)))
# range(len(s)), or range(k, len(s)) from a non-negative decimal literal k
_RANGE_LEN = (m.Call(func=m.Name("range"), args=[_LEN_OF_NAME])
              | m.Call(func=m.Name("range"), args=[_START, _LEN_OF_NAME]))


# Builtins that, given a generator as their one argument, run it to the end (or, any/all/
# min/max, until they stop) at once, running no user code between its items when the items
# are builtin scalars (adding, comparing, hashing, testing or collecting them).
_CONSUMERS = frozenset({"sum", "min", "max", "any", "all", "sorted", "list", "tuple", "set",
                        "frozenset"})


def consumed_at_once(ev, gen: cst.CSTNode) -> bool:
    """``gen``, a generator expression, is the only argument of a consumer (``_CONSUMERS``,
    unshadowed, or ``str.join`` on a str) and every item is a builtin scalar: it runs to its
    end right where it is created, with no user code in between (a second argument would be
    evaluated after the generator's first iterable, before its first item)."""
    parent = ev.parent(gen)
    if not (isinstance(gen, cst.GeneratorExp) and isinstance(parent, cst.Arg)
            and parent.keyword is None and not parent.star):
        return False
    call = ev.parent(parent)
    if not isinstance(call, cst.Call) or len(call.args) != 1:
        return False
    if isinstance(call.func, cst.Name):
        ok = call.func.value in _CONSUMERS and ev.is_builtin(call.func.value)
    else:
        receiver = ev.type_of(call.func.value) if isinstance(call.func, cst.Attribute) else None
        ok = call.func.attr.value == "join" and receiver is not None and receiver.kind == "str"
    item = ev.type_of(gen.elt)
    return ok and item is not None and item.kind in SCALARS


def start_of(iterable: cst.Call) -> int:
    """The first index of ``range(len(s))`` (0) or ``range(k, len(s))`` (k)."""
    return int(iterable.args[0].value.value) if len(iterable.args) == 2 else 0


def enumerate_call(name: str, start: int) -> cst.Call:
    """``enumerate(s)``, or ``enumerate(s[k:], k)`` from index k."""
    if start == 0:
        return cst.Call(func=cst.Name("enumerate"), args=[cst.Arg(cst.Name(name))])
    rest = cst.Subscript(value=cst.Name(name), slice=[cst.SubscriptElement(
        cst.Slice(lower=cst.Integer(str(start)), upper=None))])
    return cst.Call(func=cst.Name("enumerate"),
                    args=[cst.Arg(rest), cst.Arg(cst.Integer(str(start)))])


class _Replace(cst.CSTTransformer):
    def __init__(self, targets: set[int], name: str) -> None:
        super().__init__()
        self.targets = targets
        self.name = name
        self.done = 0

    def leave_Subscript(self, original_node, updated_node):
        if id(original_node) in self.targets:
            self.done += 1
            return cst.Name(self.name, lpar=updated_node.lpar, rpar=updated_node.rpar)
        return updated_node


@register
class RangeLenToEnumerate(Rule):
    """``for i in range(len(s)): BODY`` where BODY reads ``s[i]`` -> ``for i, c in
    enumerate(s): BODY`` with those reads replaced by ``c``; likewise the single ``for`` of a
    list, set or dict comprehension (``[s[i] for i in range(len(s)) if i % 2]``).

    Sound inside a function when ``s`` is a local known to be a str, tuple, bytes or list that
    BODY never rebinds, ``i`` is never rebound in BODY, and ``s`` cannot change while the loop
    runs: ``range(len(s))`` and ``enumerate(s)`` both evaluate ``s`` once and produce indices
    ``0 .. len(s)-1`` in order (``len`` of these cannot fail), ``i`` takes the same values and
    keeps the last one after the loop, and at every read ``s[i]`` (which cannot raise, ``i``
    being in range) equals the item ``enumerate`` paired with ``i``.

    A str, tuple or bytes cannot change, whatever BODY calls. A list can, and ``enumerate``
    reads it lazily (an append during the loop adds iterations, a removal ends it early), so for
    a list BODY (with the comprehension's conditions) must provably run no user code at all
    (``analysis.purity.Inert``: builtin operations on values with builtin-type evidence, no calls but
    builtins that cannot call back), mutate nothing except through ``r.append(x)`` where every
    binding of ``r`` stores a fresh list, and every binding of ``s`` is a parameter or a fresh
    list, so ``r`` is never ``s``. A generator expression runs between its consumer's steps,
    which may change a list or rebind the name it reads ``s[i]`` through: there only for an
    immutable ``s`` that is a parameter never rebound, unless it is the one argument of a
    builtin that runs it at once and runs no user code between its items (``sum``, ``any``,
    ``sorted``, ``str.join``... of builtin scalars: ``consumed_at_once``), which makes it as
    eager as a list comprehension.

    ``range(k, len(s))`` from a non-negative int literal ``k`` becomes ``enumerate(s[k:], k)``:
    the same indices ``k .. len(s)-1`` (none when ``k >= len(s)``), paired with the items of a
    copy taken before the first; the conditions above make ``s`` unable to change during the
    loop, so the copy's items are the items ``s[i]`` reads.

    Reads in nested scopes and in assignment/``del`` targets stay as they are. Identity: a
    list or tuple item is the same object either way; for str, characters outside Latin-1 are
    new objects on every ``s[i]``, so the rule does not fire when BODY uses ``is`` or ``id()``.
    """

    id = "range-len-to-enumerate"
    description = "Iterate with enumerate() instead of indexing a sequence by range(len())."
    category = "performance"
    family = "api-substitution"
    # enumerate trades the index lookup for a tuple unpacked per item: on HumanEval+
    # (instruction counts) 5 single-rule variants measured slower, 3 the same, 1 faster.
    # Neutral keeps it out of the "faster" stack (transforms/compose.py), where it cancelled
    # the other rules' gain.
    intent = "neutral"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(IndexLoopChecks, EvidenceTransformer):
        EVIDENCE = RicherEvidence

        def _sequence(self, target, iterable) -> tuple[str, str] | None:
            """(index, sequence name) when the loop is ``for <name> in range(len(<name>))``
            or ``range(k, len(<name>))`` with ``k`` a non-negative int literal."""
            if not (isinstance(target, cst.Name) and m.matches(iterable, _RANGE_LEN)):
                return None
            inner = iterable.args[-1]
            seq = inner.value.args[0]
            if any(a.star or a.keyword for a in iterable.args) or seq.star or seq.keyword:
                return self.skip("range(len()) with starred or keyword arguments") or None
            ev = self.ev
            if not (ev.is_builtin("range") and ev.is_builtin("len")
                    and ev.is_builtin("enumerate")):
                return self.skip("range, len or enumerate is shadowed") or None
            if target.value == seq.value.value:
                return self.skip("the index and the sequence have the same name") or None
            return target.value, seq.value.value

        @staticmethod
        def _reads(parts, name: str, index: str) -> list[cst.Subscript]:
            """Every ``name[index]`` in ``parts`` (found without metadata: cheap)."""
            pattern = m.Subscript(value=m.Name(name), slice=[m.SubscriptElement(
                slice=m.Index(value=m.Name(index)))])
            return [s for part in parts for s in m.findall(part, pattern)]

        def _sites(self, parts, name: str, index: str, scope) -> set[int]:
            ev = self.ev
            return {id(s) for s in self._reads(parts, name, index)
                    if ev.scopes.get(s) is scope and not is_store(ev, s)}

        # ---------------------------------------------------------------- for statements

        def _plan(self, loop: cst.For) -> tuple[str, set[int]] | None:
            if loop.asynchronous is not None:
                return None
            names = self._sequence(loop.target, loop.iter)
            if names is None:
                return None
            index, name = names
            skip = lambda reason: self.skip(reason) or None
            if not self._reads([loop.body], name, index):
                return skip(f"the body never reads {name}[{index}]")
            kind = self._kind(loop.iter.args[-1].value.args[0].value, loop)
            if kind is None:
                return None  # it said why
            ev = self.ev
            if {index, name} & assigned_names(loop.body):
                return skip("the index or the sequence is rebound in the body")
            if name in self_documenting_names(loop.body):
                return skip(SELF_DOCUMENTING)  # f"{s[i]=}" would print the item's name
            if self._identity([loop.body]):
                return skip("an identity test (is, id()) in the body")
            if kind == "list" and not self._inert(ev.function_of(loop), name).block(loop.body):
                return skip("the body may run user code (which could change the list)")
            sites = self._sites([loop.body], name, index, ev.scopes.get(loop))
            return (name, sites) if sites else skip(
                f"every {name}[{index}] is assigned to or in a nested scope")

        def leave_For(self, original_node: cst.For, updated_node: cst.For) -> cst.For:
            plan = self._plan(original_node)
            if plan is None:
                return updated_node
            name, sites = plan
            if not updated_node.body.deep_equals(original_node.body):
                return updated_node  # an inner loop was rewritten: one level per pass
            item = self.names.fresh(f"{name}_item".lstrip("_"))
            body = original_node.body.visit(_Replace(sites, item))
            self.sites += 1
            target = cst.Tuple(elements=[cst.Element(updated_node.target),
                                         cst.Element(cst.Name(item))], lpar=[], rpar=[])
            return updated_node.with_changes(
                target=target, body=body,
                iter=enumerate_call(name, start_of(original_node.iter)))

        # ---------------------------------------------------------------- comprehensions

        def _comp_plan(self, comp) -> tuple[str, set[int]] | None:
            loop = comp.for_in
            if loop.asynchronous is not None or loop.inner_for_in is not None:
                return None
            names = self._sequence(loop.target, loop.iter)
            if names is None:
                return None
            index, name = names
            parts = ([comp.key, comp.value] if isinstance(comp, cst.DictComp) else [comp.elt])
            parts += [c.test for c in loop.ifs]
            skip = lambda reason: self.skip(reason) or None
            if not self._reads(parts, name, index):
                return skip(f"the comprehension never reads {name}[{index}]")
            seq = loop.iter.args[-1].value.args[0].value
            kind = self._kind(seq, comp)
            if kind is None:
                return None  # it said why
            ev = self.ev
            if not isinstance(comp, _EAGER_COMPS) and not consumed_at_once(ev, comp) and (
                    kind == "list" or not all(
                    isinstance(a.node, cst.Param) for a in ev.scopes.get(seq).assignments[name])):
                # runs later: the list may have changed, the name been rebound
                return skip("a generator runs later: the sequence may change or be rebound")
            if any(name in self_documenting_names(p) for p in parts):
                return skip(SELF_DOCUMENTING)
            if self._identity(parts) or any(m.findall(p, m.NamedExpr()) for p in parts):
                return skip("an identity test (is, id()) or a walrus in the comprehension")
            if kind == "list":
                inert = self._inert(ev.function_of(comp), name)
                if not (all(inert.expr(p) for p in parts)
                        and all(inert.truth(c.test) for c in loop.ifs)):
                    return skip("the comprehension may run user code (which could change "
                                "the list)")
            sites = self._sites(parts, name, index, ev.scopes.get(parts[0]))
            return (name, sites) if sites else skip(
                f"every {name}[{index}] is assigned to or in a nested scope")

        def _leave_comp(self, original_node, updated_node):
            plan = self._comp_plan(original_node)
            if plan is None or not updated_node.deep_equals(original_node):
                return updated_node
            name, sites = plan
            item = self.names.fresh(f"{name}_item".lstrip("_"))
            new = original_node.visit(_Replace(sites, item))
            target = cst.Tuple(elements=[cst.Element(new.for_in.target),
                                         cst.Element(cst.Name(item))], lpar=[], rpar=[])
            self.sites += 1
            return new.with_changes(for_in=new.for_in.with_changes(
                target=target,
                iter=enumerate_call(name, start_of(original_node.for_in.iter))))

        def leave_ListComp(self, original_node, updated_node):
            return self._leave_comp(original_node, updated_node)

        def leave_SetComp(self, original_node, updated_node):
            return self._leave_comp(original_node, updated_node)

        def leave_DictComp(self, original_node, updated_node):
            return self._leave_comp(original_node, updated_node)

        def leave_GeneratorExp(self, original_node, updated_node):
            return self._leave_comp(original_node, updated_node)
