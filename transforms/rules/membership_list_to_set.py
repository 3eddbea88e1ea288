"""Membership in a constant list or tuple literal -> membership in a set literal."""

from __future__ import annotations

import libcst as cst

from ..registry import register
from ..base import Rule
from ..analysis.membership import (NOT_CONSTANT, MembershipTransformer, constant_elements,
                                   hashable_operand)


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
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "membership-set-to-list"

    class Transformer(MembershipTransformer):
        def applies(self, left: cst.BaseExpression, container: cst.BaseExpression) -> bool:
            if not isinstance(container, (cst.List, cst.Tuple)):
                return False
            if not constant_elements(container):
                return self.skip(NOT_CONSTANT)
            return hashable_operand(self.ev, left)

        @staticmethod
        def replace(target: cst.ComparisonTarget) -> cst.ComparisonTarget:
            """``[1, 2]`` keeps its parentheses; a tuple's were its own brackets."""
            old = target.comparator
            elements = [cst.Element(value=el.value) for el in old.elements]
            is_list = isinstance(old, cst.List)
            return target.with_changes(comparator=cst.Set(
                elements=elements, lpar=old.lpar if is_list else [], rpar=old.rpar if is_list else []))
