"""``for x in s: BODY`` -> ``for i in range(len(s)): x = s[i]; BODY`` (the slower twin of
``range-len-to-enumerate``)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import assigned_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import local_only
from ..analysis.numeric import RicherEvidence
from ..analysis.purity import Inert
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..analysis.sequences import IMMUTABLE, own_object
from ..analysis.syntax import prepend
from ..base import Rule
from ..registry import register


@register
class ForEachToIndex(Rule):
    """``for x in s: BODY`` -> ``for i in range(len(s)):`` / ``x = s[i]`` / ``BODY``, with
    ``i`` a fresh local.

    Sound inside a function when ``s`` is a local known to be a str, tuple, bytes or list
    (from the code or the seed's domain), neither BODY nor a nested scope (``nonlocal``) can
    rebind ``s``, and ``s`` cannot change while the loop runs: iterating a builtin sequence walks indices ``0 .. len(s)-1`` in order
    and yields ``s[i]`` (``len`` and the in-range ``s[i]`` cannot fail), so ``x`` takes the same
    values before any of BODY runs, ``break``, ``continue`` and ``else`` behave alike, ``x``
    keeps the last item after the loop, and neither form binds it for an empty ``s``.

    A str, tuple or bytes cannot change, whatever BODY calls. A list can, and iterating it
    sees items appended during the loop where ``range(len(s))`` was fixed at the start, so for
    a list BODY must provably run no user code (``analysis.purity.Inert``) and mutate nothing
    but lists made in the function through ``append``, and every binding of ``s`` must be a
    parameter or a fresh list (so no such list is ``s``). Identity: a list or tuple item is the
    same object either way; a str's characters outside Latin-1 are new objects on every step
    of either form, so the rule does not fire when BODY uses ``is`` or ``id()``.
    """

    id = "for-each-to-index"
    description = "Iterate over a sequence's indices and index it, instead of over its items."
    category = "performance"
    family = "spelled-out"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(EvidenceTransformer):
        EVIDENCE = RicherEvidence

        def _qualifies(self, loop: cst.For) -> bool:
            ev = self.ev
            target, seq = loop.target, loop.iter
            if not (isinstance(target, cst.Name) and isinstance(seq, cst.Name)):
                return False  # not this rule's shape: no reason to give
            if loop.asynchronous is not None:
                return self.skip("async for loop")
            if target.value == seq.value:
                return self.skip("the loop variable and the sequence have the same name")
            if not (ev.is_builtin("range") and ev.is_builtin("len")):
                return self.skip("range or len is shadowed")
            func = ev.function_of(loop)
            if func is None or not ev.simple_function(func):
                return self.skip("not in a function's own scope" if func is None
                                 else DYNAMIC_FUNCTION)
            t = ev.type_of(seq)
            if t is None or t.kind not in IMMUTABLE | {"list"}:
                return self.skip(f"no evidence {seq.value!r} is a builtin sequence")
            if seq.value in assigned_names(loop.body):
                return self.skip("the sequence is rebound in the body")
            if not local_only(ev, func, ev.scopes.get(seq), seq.value):
                return False  # a closure could rebind it while the loop runs (it said why)
            if m.findall(loop.body, m.ComparisonTarget(operator=m.Is() | m.IsNot())
                         | m.Call(func=m.Name("id"))):
                return self.skip("an identity test (is, id()) in the body")
            if t.kind == "list":
                if not own_object(ev, func, ev.scopes.get(seq), seq.value, True):
                    return self.skip(f"{seq.value!r} may share its list with other code "
                                     "(not only lists made here)")

                def allow_append(name: cst.Name) -> bool:
                    return name.value != seq.value and own_object(
                        ev, func, ev.scopes.get(name), name.value, False)
                if not Inert(ev, allow_append).block(loop.body):
                    return self.skip("the body may run user code (which could change the list)")
            return True

        def leave_For(self, original_node: cst.For, updated_node: cst.For):
            if not self._qualifies(original_node):
                return updated_node
            if not updated_node.body.deep_equals(original_node.body):
                return updated_node  # an inner loop was rewritten: one level per pass
            seq = original_node.iter.value
            index = self.names.fresh("i")
            read = cst.Assign(targets=[cst.AssignTarget(original_node.target)],
                              value=cst.Subscript(value=cst.Name(seq), slice=[
                                  cst.SubscriptElement(cst.Index(cst.Name(index)))]))
            self.sites += 1
            return updated_node.with_changes(
                target=cst.Name(index),
                iter=cst.Call(func=cst.Name("range"), args=[cst.Arg(
                    cst.Call(func=cst.Name("len"), args=[cst.Arg(cst.Name(seq))]))]),
                body=prepend(updated_node.body, [read]))
