"""Generator expressions that a list comprehension may replace, or the other way round, where
the consumer makes a list first (shared by ``generator-to-list-comprehension`` and
``list-comprehension-to-generator``)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from .purity import Inert


def without_user_code(ev, gen: cst.CSTNode) -> bool:
    """A synchronous generator expression (or list comprehension) with one ``for`` clause
    whose item and filters provably run no user code (so no ``StopIteration`` can come from
    them). Says why not."""
    if not isinstance(gen, (cst.GeneratorExp, cst.ListComp)):
        return False
    clause = gen.for_in
    if clause.asynchronous is not None or clause.inner_for_in is not None \
            or m.findall(gen, m.Await() | m.Yield()):
        return ev.skip("not one synchronous for clause without await/yield")
    inert = Inert(ev)
    return inert.expr(gen.elt) and all(inert.truth(c.test) for c in clause.ifs) or ev.skip(
        "generator item or filter may run user code")
