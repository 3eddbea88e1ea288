"""``''.join(...)`` of strs -> a ``+=`` concatenation loop."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.accumulation import EMPTY_STR, accumulation_loop, builtin_accumulates
from ..analysis.evidence import EvidenceTransformer
from ..analysis.types import STR

_JOIN = m.Call(func=m.Attribute(value=EMPTY_STR, attr=m.Name("join")),
               args=[m.Arg(keyword=None, star="")])


@register
class JoinToConcatLoop(Rule):
    """``s = ''.join(e for x in xs if c)`` -> ``s = ''`` + ``for x in xs: if c: s += e``;
    ``return ''.join(...)`` likewise through a fresh local; ``''.join(xs)`` loops over ``xs``.

    The reverse of ``concat-loop-to-join``: every joined item must be known to be a str (then
    ``+=`` builds the same exact str, and ``join``'s collect-then-join order is unobservable
    because concatenating strs runs no code and cannot fail). Only the empty-string separator.
    The conditions on names are those of ``sum-builtin-to-loop``: the comprehension variables
    become function locals and must be used nowhere else in the function; the accumulator is a
    plain local read by no closure, absent from the generator, outside try/with; other names
    read per item are globals, builtins or never-deleted parameters; from a generator, every
    call in the moved code is a StopIteration-safe builtin or a method of a value of known
    builtin type (a generator turns ``StopIteration`` into ``RuntimeError``, the loop would
    not); one ``for`` clause; no ``yield``/``await``/walrus/lambda/nested comprehension.
    """

    id = "join-to-concat-loop"
    description = "Replace ''.join() of strs by a += concatenation loop."
    category = "performance"
    family = "loops-builtins"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "concat-loop-to-join"

    class Transformer(EvidenceTransformer):
        def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine,
                                      updated_node: cst.SimpleStatementLine):
            plan = builtin_accumulates(self.ev, original_node, _JOIN, lambda t: t == STR, "strs")
            if plan is None:
                return updated_node
            self.sites += 1
            separator = updated_node.body[0].value.func.value
            return accumulation_loop(updated_node, plan[0], separator, self.names,
                                     "text", "piece")
