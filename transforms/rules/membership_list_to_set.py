"""Membership in a constant list or tuple literal -> membership in a set literal."""

from __future__ import annotations

import libcst as cst

from ..registry import register
from ..base import Rule
from ._type_evidence import STR, EvidenceTransformer, is_int


def constant_key(expr: cst.BaseExpression) -> bool:
    """An int or str literal (``3``, ``-3``, ``'a'``): hashable, with ``==`` consistent with
    ``hash`` and never raising."""
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        expr = expr.expression
    if isinstance(expr, cst.Integer):
        return True
    return isinstance(expr, cst.SimpleString) and "b" not in expr.prefix.lower()


def constant_elements(container: cst.BaseExpression) -> bool:
    """A non-empty display whose elements are all int/str literals (no ``*spread``)."""
    return bool(container.elements) and all(
        isinstance(el, cst.Element) and constant_key(el.value) for el in container.elements)


def hashable_operand(ev, operand: cst.BaseExpression) -> bool:
    """Evidence that ``operand`` is an int, bool or str (exact builtin hashing and ``==``)."""
    t = ev.type_of(operand)
    return is_int(t) or t == STR


def left_operands(node: cst.Comparison):
    """Pairs (left operand, ComparisonTarget) along a chained comparison."""
    left = node.left
    for target in node.comparisons:
        yield left, target
        left = target.comparator


@register
class MembershipListToSet(Rule):
    """``x in [1, 2, 3]`` / ``x not in ('a', 'b')`` -> ``x in {1, 2, 3}`` / ``x not in {'a', 'b'}``.

    Sound when every element is an int or str literal and ``x`` is known to be an int, bool or
    str (literal, annotation, ``len()``, a ``str`` method result, a ``range`` loop variable...):
    ``in`` over a list tests ``x is e or x == e`` element by element; over a set it hashes ``x``
    and compares with ``==`` only inside the hash bucket. For ints, bools and strs, equal values
    hash equal and ``==`` between them never raises and is exact (``True == 1`` and ``hash(True)
    == hash(1)``; a str never equals an int), so both forms give the same bool. Without that
    evidence it must not fire: an unhashable ``x`` (a list) gives ``False`` with the list but
    ``TypeError`` with the set, and a float NaN or a user ``__eq__`` can disagree with hashing.
    The literals are constants, so building the container has no side effects either way;
    an empty display is left alone (``{}`` is a dict).
    """

    id = "membership-list-to-set"
    description = "Test membership of an int/str in a set literal instead of a list/tuple literal."
    category = "performance"
    intent = "faster"

    class Transformer(EvidenceTransformer):
        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.Comparison) -> cst.Comparison:
            new_targets = list(updated_node.comparisons)
            changed = False
            for i, (left, target) in enumerate(left_operands(original_node)):
                container = target.comparator
                if not (isinstance(target.operator, (cst.In, cst.NotIn))
                        and isinstance(container, (cst.List, cst.Tuple))
                        and constant_elements(container) and hashable_operand(self.ev, left)):
                    continue
                new = new_targets[i]
                elements = [cst.Element(value=el.value) for el in new.comparator.elements]
                new_set = cst.Set(elements=elements, lpar=new.comparator.lpar
                                  if isinstance(container, cst.List) else [],
                                  rpar=new.comparator.rpar if isinstance(container, cst.List)
                                  else [])
                new_targets[i] = new.with_changes(comparator=new_set)
                self.sites += 1
                changed = True
            return updated_node.with_changes(comparisons=new_targets) if changed else updated_node
