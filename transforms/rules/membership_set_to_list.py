"""Membership in a constant set literal -> membership in a list literal."""

from __future__ import annotations

import libcst as cst

from ..registry import register
from ..base import Rule
from ..analysis.membership import (NOT_CONSTANT, MembershipTransformer, constant_elements,
                                   hashable_operand)


@register
class MembershipSetToList(Rule):
    """``x in {1, 2, 3}`` -> ``x in [1, 2, 3]`` (a linear scan instead of a hash lookup).

    The reverse of ``membership-list-to-set`` and sound under the same evidence: every element
    is an int or str literal and ``x`` is known to be an int, bool or str. Then hashing ``x``
    cannot raise and agrees with ``==``, so the set's hash lookup and the list's ``is``/``==``
    scan give the same bool. Without it the rule must not fire: with an unhashable ``x`` the set
    raises ``TypeError`` while the list answers ``False``. Duplicated elements are harmless in
    a list.
    """

    id = "membership-set-to-list"
    description = "Test membership of an int/str in a list literal instead of a set literal."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "membership-list-to-set"

    class Transformer(MembershipTransformer):
        def applies(self, left: cst.BaseExpression, container: cst.BaseExpression) -> bool:
            if not isinstance(container, cst.Set):
                return False
            if not constant_elements(container):
                return self.skip(NOT_CONSTANT)
            return hashable_operand(self.ev, left)

        @staticmethod
        def replace(target: cst.ComparisonTarget) -> cst.ComparisonTarget:
            old = target.comparator
            return target.with_changes(comparator=cst.List(
                elements=[cst.Element(value=el.value) for el in old.elements], lpar=old.lpar,
                rpar=old.rpar))
