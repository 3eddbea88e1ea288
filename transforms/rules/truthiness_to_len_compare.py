"""``not x`` -> ``len(x) == 0`` and ``if x:`` -> ``if len(x) > 0:`` for builtin containers."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer, sized


def len_compare(expr: cst.BaseExpression, op: cst.BaseCompOp) -> cst.Comparison:
    arg = expr.with_changes(lpar=[], rpar=[]) if expr.lpar else expr
    return cst.Comparison(
        left=cst.Call(func=cst.Name("len"), args=[cst.Arg(value=arg)]),
        comparisons=[cst.ComparisonTarget(operator=op, comparator=cst.Integer("0"))])


@register
class TruthinessToLenCompare(Rule):
    """``not x`` -> ``len(x) == 0``; ``if x:`` / ``while x:`` -> ``if len(x) > 0:``.

    The reverse of ``len-compare-to-truthiness`` and sound under the same evidence: ``x`` is
    known to be a str, bytes, list, tuple, dict, set or frozenset, whose truth value is defined
    as ``len(x) != 0`` and for which neither ``len`` nor ``bool`` raises. ``not x`` and
    ``len(x) == 0`` are both bools; an if/while test is only ever converted to a bool, so
    ``x`` and ``len(x) > 0`` take the same branch. ``x`` is evaluated exactly once either way.
    Not applied without evidence, to ``range`` (``len`` can overflow), or when ``len`` is bound
    anywhere in the module (the new call must reach the builtin).
    """

    id = "truthiness-to-len-compare"
    description = "Test emptiness of a builtin container with len() instead of truthiness."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "len-compare-to-truthiness"

    class Transformer(EvidenceTransformer):
        def _ok(self, expr: cst.BaseExpression) -> bool:
            if not self.ev.is_builtin("len"):
                return self.skip("len is shadowed")
            return sized(self.ev, expr)

        def leave_UnaryOperation(self, original_node: cst.UnaryOperation,
                                 updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if not (isinstance(original_node.operator, cst.Not)
                    and self._ok(original_node.expression)):
                return updated_node
            self.sites += 1
            return len_compare(updated_node.expression, cst.Equal()).with_changes(
                lpar=updated_node.lpar, rpar=updated_node.rpar)

        def _test(self, original_node, updated_node):
            if not self._ok(original_node.test):
                return updated_node
            self.sites += 1
            test = updated_node.test
            # `if(x):` keeps its parentheses: they are what separates the keyword from the test
            new_test = len_compare(test, cst.GreaterThan()).with_changes(lpar=test.lpar,
                                                                         rpar=test.rpar)
            return updated_node.with_changes(test=new_test)

        def leave_If(self, original_node: cst.If, updated_node: cst.If) -> cst.If:
            return self._test(original_node, updated_node)

        def leave_While(self, original_node: cst.While, updated_node: cst.While) -> cst.While:
            return self._test(original_node, updated_node)
