"""``sum(xs)`` -> ``functools.reduce(lambda a, b: a + b, xs, 0)``: a Python call per item."""

from __future__ import annotations

import libcst as cst
from libcst.codemod.visitors import AddImportsVisitor

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import not_in_recursion
from ..analysis.reductions import functools_ok, int_items
from ..analysis.syntax import beside_others
from ..base import Rule
from ..registry import register


def _add_lambda() -> cst.Lambda:
    return cst.Lambda(
        params=cst.Parameters(params=[cst.Param(cst.Name("a")), cst.Param(cst.Name("b"))]),
        body=cst.BinaryOperation(left=cst.Name("a"), operator=cst.Add(), right=cst.Name("b")))


@register
class SumToReduce(Rule):
    """``sum(xs)`` -> ``functools.reduce(lambda a, b: a + b, xs, 0)``, the fold of the
    functional textbook: a lambda call per item where ``sum`` adds in C.

    Sound where ``analysis.reductions`` says so: ``sum`` the builtin with one positional
    argument, items proven ints or bools (``uses_domain``; ``sum`` of floats compensates its
    rounding from CPython 3.12), ``functools`` the module (the rule adds ``import
    functools``), on no recursion cycle (the lambda is one frame more).
    """

    id = "sum-to-reduce"
    description = "Add up ints with functools.reduce and a lambda instead of sum()."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    inverse = "reduce-add-to-sum"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call,
                       updated_node: cst.Call) -> cst.BaseExpression:
            args = original_node.args
            if not (isinstance(original_node.func, cst.Name) and original_node.func.value == "sum"
                    and len(args) == 1 and args[0].keyword is None and not args[0].star):
                return updated_node
            ev = self.ev
            if not (ev.real_builtin("sum") and int_items(ev, args[0].value)
                    and not_in_recursion(ev, original_node) and functools_ok(ev, original_node)):
                return updated_node
            AddImportsVisitor.add_needed_import(self.context, "functools")
            self.sites += 1
            comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            return updated_node.with_changes(
                func=cst.Attribute(value=cst.Name("functools"), attr=cst.Name("reduce")),
                args=[cst.Arg(_add_lambda(), comma=comma),
                      beside_others(updated_node.args[0]).with_changes(comma=comma),
                      cst.Arg(cst.Integer("0"))])
