"""An int accumulation loop -> ``sum()`` over a generator expression."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.accumulation import accumulated_items, accumulator_line, loop_accumulates
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import FusePairs
from ..analysis.types import is_int

_START = m.Integer(value="0")
_ZERO = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())],
                                             value=m.Integer(value="0"))])

@register
class SumLoopToBuiltin(Rule):
    """``acc = 0`` + ``for x in xs: [if c:] acc += e`` -> ``acc = sum([e for x in xs [if c]])``,
    or ``acc = sum(xs)`` when the loop adds the items themselves. ``a, acc = x, 0`` before the
    loop becomes ``a = x`` followed by the ``sum`` line (``x`` is still evaluated, and ``a``
    assigned, before the loop's code runs; ``acc`` is seen by nobody in between).

    Sound, inside a function, when:

    * every added ``e`` is known to be an int (or bool): ``sum`` then computes exactly
      ``0 + e1 + e2 + ...`` like the loop (for floats it is not: Python 3.12's ``sum`` uses
      compensated summation, and ``+=`` on a user type may mutate in place);
    * the comprehension evaluates ``xs`` once, calls ``iter`` on it first, then for each item
      binds ``x``, tests ``c`` (one ``bool()``), evaluates ``e`` -- the loop's order; it
      computes every item before ``sum`` adds them, but adding ints runs no code and cannot
      fail, so the same exception surfaces at the same item. A list comprehension (not a
      generator) keeps a ``StopIteration`` raised by ``e`` a ``StopIteration``;
    * the loop variables are used nowhere else in the function (after the loop they would no
      longer hold the last item) nor read by ``xs``; ``acc`` is a plain local read by no
      closure, and appears in none of ``xs``, ``c``, ``e``;
    * the loop is not inside try/with (an exception mid-loop leaves ``acc`` half-summed in the
      loop but unassigned with ``sum``; outside handlers the frame is gone and nobody sees it);
    * every other name in ``c``/``e`` is a global, builtin, or never-deleted parameter (an
      unbound local raises ``UnboundLocalError`` in the loop but ``NameError`` in a
      comprehension, which reads it as a closure variable);
    * no ``yield``/``await``/walrus/lambda/comprehension in the moved code, no ``else:`` on the
      loop, and ``sum`` is not rebound in the module.

    Measured on CPython 3.11 (``sum(xs)`` over 1000 ints vs. the loop): about 3.5x faster;
    with a filter and an expression, about 1.1x.
    """

    id = "sum-loop-to-builtin"
    description = "Replace an int accumulation loop by sum() over the items or a list comprehension."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "sum-builtin-to-loop"

    class Transformer(FusePairs, EvidenceTransformer):
        def _applies(self, init: cst.CSTNode, loop: cst.CSTNode) -> bool:
            if not self.ev.is_builtin("sum"):
                if m.matches(init, _ZERO) and isinstance(loop, cst.For):
                    self.skip("sum is shadowed")
                return False
            return loop_accumulates(self.ev, init, loop, _ZERO, is_int, "ints", start=_START)

        @staticmethod
        def _build(init: cst.SimpleStatementLine, loop: cst.For):
            call = cst.Call(func=cst.Name("sum"), args=[cst.Arg(value=accumulated_items(loop))])
            return accumulator_line(init, loop, _START, lambda start: call)
