"""The shared matcher of the membership rules (``in`` over list/tuple/set displays, dicts and
their ``keys()``): every rule walks the links of a (chained) comparison the same way."""

from __future__ import annotations

from typing import Callable

import libcst as cst

from .evidence import EvidenceTransformer
from .types import STR, is_int


def constant_key(expr: cst.BaseExpression) -> bool:
    """An int or str literal (``3``, ``-3``, ``'a'``): hashable, with ``==`` consistent with
    ``hash`` and never raising."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    if isinstance(expr, cst.Integer):
        return True
    return isinstance(expr, cst.SimpleString) and "b" not in expr.prefix.lower()


NOT_CONSTANT = "the display is empty or holds other than int/str literals"


def constant_elements(container: cst.BaseExpression) -> bool:
    """A non-empty display whose elements are all int/str literals (no ``*spread``)."""
    return bool(container.elements) and all(
        isinstance(el, cst.Element) and constant_key(el.value) for el in container.elements)


def hashable_operand(ev, operand: cst.BaseExpression) -> bool:
    """Evidence that ``operand`` is an int, bool or str (exact builtin hashing and ``==``)."""
    t = ev.type_of(operand)
    return is_int(t) or t == STR or ev.skip("no evidence the tested value is an int, bool or str")


def left_operands(node: cst.Comparison):
    """Pairs (left operand, ComparisonTarget) along a chained comparison."""
    left = node.left
    for target in node.comparisons:
        yield left, target
        left = target.comparator


def rewrite_memberships(
        original_node: cst.Comparison, updated_node: cst.Comparison,
        applies: Callable[[cst.BaseExpression, cst.BaseExpression], bool],
        replace: Callable[[cst.ComparisonTarget], cst.ComparisonTarget],
) -> tuple[cst.Comparison, int]:
    """Rewrite every ``in``/``not in`` link of a comparison for which ``applies(left operand,
    container)`` holds (ORIGINAL nodes, where metadata lives) with ``replace(updated link)``.
    Returns the new comparison and the number of links rewritten."""
    new_targets = list(updated_node.comparisons)
    count = 0
    for i, (left, target) in enumerate(left_operands(original_node)):
        if isinstance(target.operator, (cst.In, cst.NotIn)) and applies(left, target.comparator):
            new_targets[i] = replace(new_targets[i])
            count += 1
    return (updated_node.with_changes(comparisons=new_targets) if count else updated_node), count


class MembershipTransformer(EvidenceTransformer):
    """Base of the membership rules: define ``applies(self, left, container)`` (ORIGINAL nodes)
    and ``replace(link)`` (the updated ``ComparisonTarget``); every ``in``/``not in`` link of
    every comparison is offered to them."""

    def leave_Comparison(self, original_node: cst.Comparison,
                         updated_node: cst.Comparison) -> cst.Comparison:
        node, count = rewrite_memberships(original_node, updated_node, self.applies, self.replace)
        self.sites += count
        return node
