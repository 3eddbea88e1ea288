"""A str concatenation loop -> ``''.join()`` over a generator expression."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.accumulation import (EMPTY_STR, accumulated_items, accumulator_line,
                                     loop_accumulates)
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import FusePairs
from ..analysis.types import STR

_INIT = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())],
                                             value=EMPTY_STR)])


@register
class ConcatLoopToJoin(Rule):
    """``s = ''`` + ``for x in xs: [if c:] s += e`` -> ``s = ''.join([e for x in xs [if c]])``,
    or ``s = ''.join(xs)`` when the loop concatenates the items themselves; ``a, s = x, ''``
    before the loop becomes ``a = x`` followed by the ``join`` line (as in ``sum-loop-to-builtin``).

    Sound, inside a function, when every ``e`` is known to be a str (literal, f-string,
    ``str()``, a str method, an item of a str...): concatenating strs and ``''.join`` build the
    same exact str (``'' + e`` and a one-item join even return ``e`` itself). The list
    comprehension computes every item before joining, while the loop joins as it goes;
    concatenating strs runs no code and cannot fail, so the observable sequence -- ``xs``
    evaluated once, ``iter`` first, then per item ``x`` bound, ``c`` tested once, ``e``
    evaluated -- and the item at which an exception surfaces are the same (``join`` would
    collect a generator into a list first anyway; a list comprehension, unlike a generator,
    lets a ``StopIteration`` from ``e`` through unchanged, as the loop does). The remaining
    conditions are those of ``sum-loop-to-builtin``: loop variables used nowhere else in the
    function nor read by ``xs``, ``s`` a plain local read by no closure and absent from
    ``xs``/``c``/``e``, no enclosing try/with (a half-built ``s`` could be seen), other names in
    ``c``/``e`` globals or never-deleted parameters, no ``else:``, ``yield``/``await``/walrus/
    lambda/comprehension in the moved code.
    """

    id = "concat-loop-to-join"
    description = "Replace a str += loop by ''.join() over the items or a list comprehension."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "join-to-concat-loop"

    class Transformer(FusePairs, EvidenceTransformer):
        def _applies(self, init: cst.CSTNode, loop: cst.CSTNode) -> bool:
            return loop_accumulates(self.ev, init, loop, _INIT, lambda t: t == STR, "strs",
                                    start=EMPTY_STR)

        @staticmethod
        def _build(init: cst.SimpleStatementLine, loop: cst.For):
            items = accumulated_items(loop)
            return accumulator_line(init, loop, EMPTY_STR, lambda empty: cst.Call(
                func=cst.Attribute(value=empty, attr=cst.Name("join")), args=[cst.Arg(items)]))
