"""``functools.reduce(lambda a, b: a + b, xs, "")`` -> ``"".join(xs)``: linear, not quadratic."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import not_in_recursion
from ..analysis.reductions import is_add_lambda, is_functools_reduce, str_items
from ..base import Rule
from ..registry import register

_EMPTY = m.SimpleString(value=m.MatchIfTrue(lambda v: v in ('""', "''")))


@register
class ReduceConcatToJoin(Rule):
    """``functools.reduce(lambda a, b: a + b, xs, "")`` -> ``"".join(xs)``: ``join`` sizes the
    result once instead of copying the growing prefix at every item.

    Sound where ``analysis.reductions`` says so (as its inverse ``join-to-reduce``): the lambda
    exactly ``lambda a, b: a + b``, the start the empty literal, items proven exact strs,
    ``functools`` the module, on no recursion cycle. The ``import functools`` stays.
    """

    id = "reduce-concat-to-join"
    description = "Concatenate strs with ''.join() instead of functools.reduce and a lambda."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    inverse = "join-to-reduce"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call,
                       updated_node: cst.Call) -> cst.BaseExpression:
            args = original_node.args
            if not (len(args) == 3 and all(a.keyword is None and not a.star for a in args)
                    and is_add_lambda(args[0].value) and m.matches(args[2].value, _EMPTY)
                    and m.matches(original_node.func, m.Attribute(value=m.Name("functools"),
                                                                  attr=m.Name("reduce")))):
                return updated_node
            ev = self.ev
            if not (is_functools_reduce(ev, original_node.func) and str_items(ev, args[1].value)
                    and not_in_recursion(ev, original_node)):
                return updated_node
            self.sites += 1
            return cst.Call(
                func=cst.Attribute(value=updated_node.args[2].value, attr=cst.Name("join")),
                args=[updated_node.args[1].with_changes(comma=cst.MaybeSentinel.DEFAULT)],
                lpar=updated_node.lpar, rpar=updated_node.rpar)
