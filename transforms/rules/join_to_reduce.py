"""``"".join(xs)`` -> ``functools.reduce(lambda a, b: a + b, xs, "")``: a quadratic fold."""

from __future__ import annotations

import libcst as cst
from libcst.codemod.visitors import AddImportsVisitor

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import not_in_recursion
from ..analysis.reductions import empty_join, functools_ok, str_items
from ..analysis.syntax import beside_others
from ..base import Rule
from ..registry import register


@register
class JoinToReduce(Rule):
    """``"".join(xs)`` -> ``functools.reduce(lambda a, b: a + b, xs, "")``: the strings glued
    by a fold, each step copying the whole prefix (quadratic) where ``join`` sizes the result
    once.

    Sound where ``analysis.reductions`` says so: the empty literal's ``join`` with one
    argument, items proven exact strs (``uses_domain``; ``join`` raises on anything else and
    a str subclass may override ``+``), ``functools`` the module (the rule adds
    ``import functools``), on no recursion cycle (the lambda is one frame more).
    """

    id = "join-to-reduce"
    description = "Concatenate strs with functools.reduce and a lambda instead of ''.join()."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    inverse = "reduce-concat-to-join"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call,
                       updated_node: cst.Call) -> cst.BaseExpression:
            if not empty_join(original_node):
                return updated_node
            ev = self.ev
            if not (str_items(ev, original_node.args[0].value)
                    and not_in_recursion(ev, original_node) and functools_ok(ev, original_node)):
                return updated_node
            AddImportsVisitor.add_needed_import(self.context, "functools")
            self.sites += 1
            comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
            add = cst.Lambda(
                params=cst.Parameters(params=[cst.Param(cst.Name("a")), cst.Param(cst.Name("b"))]),
                body=cst.BinaryOperation(left=cst.Name("a"), operator=cst.Add(),
                                         right=cst.Name("b")))
            return cst.Call(
                func=cst.Attribute(value=cst.Name("functools"), attr=cst.Name("reduce")),
                args=[cst.Arg(add, comma=comma),
                      beside_others(updated_node.args[0]).with_changes(comma=comma),
                      cst.Arg(updated_node.func.value)],
                lpar=updated_node.lpar, rpar=updated_node.rpar)
