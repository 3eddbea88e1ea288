"""Membership in a constant set literal -> membership in a list literal."""

from __future__ import annotations

import libcst as cst

from ..registry import register
from ..base import Rule
from ._type_evidence import EvidenceTransformer
from .membership_list_to_set import constant_elements, hashable_operand, left_operands


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
    intent = "slower"

    class Transformer(EvidenceTransformer):
        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.Comparison) -> cst.Comparison:
            new_targets = list(updated_node.comparisons)
            changed = False
            for i, (left, target) in enumerate(left_operands(original_node)):
                container = target.comparator
                if not (isinstance(target.operator, (cst.In, cst.NotIn))
                        and isinstance(container, cst.Set)
                        and constant_elements(container) and hashable_operand(self.ev, left)):
                    continue
                new = new_targets[i]
                elements = [cst.Element(value=el.value) for el in new.comparator.elements]
                new_targets[i] = new.with_changes(comparator=cst.List(
                    elements=elements, lpar=new.comparator.lpar, rpar=new.comparator.rpar))
                self.sites += 1
                changed = True
            return updated_node.with_changes(comparisons=new_targets) if changed else updated_node
