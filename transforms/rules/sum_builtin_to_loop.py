"""``sum()`` of ints -> an explicit accumulation loop."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.accumulation import accumulation_loop, builtin_accumulates
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import assigned_or_returned
from ..analysis.types import is_int

_SUM_ONE_ARG = m.Call(func=m.Name("sum"), args=[m.Arg(keyword=None, star="")])


@register
class SumBuiltinToLoop(Rule):
    """``acc = sum(e for x in xs if c)`` -> ``acc = 0`` + ``for x in xs: if c: acc += e``;
    ``return sum(...)`` likewise through a fresh local; ``sum(xs)`` loops over ``xs``.

    The reverse of ``sum-loop-to-builtin`` and sound under the same conditions, checked on the
    generator: every item is known to be an int or bool (``sum`` and ``+=`` then agree exactly;
    floats are excluded because Python 3.12's ``sum`` is compensated); the loop evaluates
    ``xs`` once and runs ``iter``, the ``if`` tests and ``e`` in the generator's order (a list
    comprehension computes all items first, but adding ints cannot raise or run code, so the
    same exception comes from the same item); the comprehension variables become function
    locals, so they must be used nowhere else in the function; ``acc`` is a plain local read by
    no closure and not used inside the generator (it is now written before the loop), and the
    statement is not inside try/with (a half-summed ``acc`` could be observed); other names in
    the moved code are globals, builtins or never-deleted parameters (an unbound local would
    raise ``UnboundLocalError`` instead of ``NameError``). From a generator, every call in the
    moved code must be a StopIteration-safe builtin or a method of a value of known builtin
    type (a generator turns ``StopIteration`` into ``RuntimeError``; the loop would not). Only
    one ``for`` clause, no
    ``yield``/``await``/walrus/lambda/nested comprehension, ``sum`` not rebound, one argument.
    """

    id = "sum-builtin-to-loop"
    description = "Replace sum() of ints by an explicit accumulation loop."
    category = "performance"
    family = "loops-builtins"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "sum-loop-to-builtin"

    class Transformer(EvidenceTransformer):
        def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine,
                                      updated_node: cst.SimpleStatementLine):
            if not self.ev.is_builtin("sum"):
                found = assigned_or_returned(original_node)
                if found is not None and m.matches(found[1], _SUM_ONE_ARG):
                    self.skip("sum is shadowed")
                return updated_node
            plan = builtin_accumulates(self.ev, original_node, _SUM_ONE_ARG, is_int, "ints")
            if plan is None:
                return updated_node
            self.sites += 1
            return accumulation_loop(updated_node, plan[0], cst.Integer("0"), self.names,
                                     "total", "item")
