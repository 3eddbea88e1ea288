"""``functools.reduce(lambda a, b: a + b, xs, 0)`` -> ``sum(xs)``: add in C."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import not_in_recursion
from ..analysis.reductions import int_items, is_add_lambda, is_functools_reduce
from ..base import Rule
from ..registry import register


@register
class ReduceAddToSum(Rule):
    """``functools.reduce(lambda a, b: a + b, xs, 0)`` -> ``sum(xs)``: the builtin adds the
    items without a Python call per item.

    Sound where ``analysis.reductions`` says so (as its inverse ``sum-to-reduce``): the
    lambda exactly ``lambda a, b: a + b``, the start the literal ``0``, items proven ints or
    bools, ``functools`` the module and ``sum`` the builtin, on no recursion cycle. The
    ``import functools`` stays (other code may use it).
    """

    id = "reduce-add-to-sum"
    description = "Add up ints with sum() instead of functools.reduce and a lambda."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    inverse = "sum-to-reduce"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call,
                       updated_node: cst.Call) -> cst.BaseExpression:
            args = original_node.args
            if not (len(args) == 3 and all(a.keyword is None and not a.star for a in args)
                    and is_add_lambda(args[0].value)
                    and m.matches(args[2].value, m.Integer("0"))
                    and m.matches(original_node.func, m.Attribute(value=m.Name("functools"),
                                                                  attr=m.Name("reduce")))):
                return updated_node
            ev = self.ev
            if not (is_functools_reduce(ev, original_node.func) and ev.real_builtin("sum")
                    and int_items(ev, args[1].value) and not_in_recursion(ev, original_node)):
                return updated_node
            self.sites += 1
            return cst.Call(func=cst.Name("sum"),
                            args=[updated_node.args[1].with_changes(comma=cst.MaybeSentinel.DEFAULT)],
                            lpar=updated_node.lpar, rpar=updated_node.rpar)
