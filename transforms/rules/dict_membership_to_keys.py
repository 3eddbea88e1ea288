"""``k in d`` -> ``k in d.keys()`` for a dict ``d``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ._type_evidence import EvidenceTransformer
from .dict_keys_membership import is_dict
from .membership_list_to_set import left_operands

# Receivers that can take ``.keys()`` without parentheses.
_ATOMIC = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Dict, cst.DictComp)


@register
class DictMembershipToKeys(Rule):
    """``k in d`` / ``k not in d`` -> ``k in d.keys()`` / ``k not in d.keys()``.

    The reverse of ``dict-keys-membership``, sound under the same evidence: ``d`` is known to be
    a dict, whose keys view answers ``in`` with the dict's own hash lookup (same result, same
    ``TypeError`` for an unhashable key, no ``__missing__``). ``d`` is evaluated once either
    way; the only extra work is building the view. Not applied without evidence.
    """

    id = "dict-membership-to-keys"
    description = "Test membership in a dict's keys() view instead of the dict itself."
    category = "performance"
    intent = "slower"

    class Transformer(EvidenceTransformer):
        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.Comparison) -> cst.Comparison:
            new_targets = list(updated_node.comparisons)
            changed = False
            for i, (_, target) in enumerate(left_operands(original_node)):
                if not (isinstance(target.operator, (cst.In, cst.NotIn))
                        and is_dict(self.ev, target.comparator)):
                    continue
                receiver = new_targets[i].comparator
                if not isinstance(receiver, _ATOMIC) and not receiver.lpar:
                    receiver = receiver.with_changes(lpar=[cst.LeftParen()],
                                                     rpar=[cst.RightParen()])
                new_targets[i] = new_targets[i].with_changes(comparator=cst.Call(
                    func=cst.Attribute(value=receiver, attr=cst.Name("keys"))))
                self.sites += 1
                changed = True
            return updated_node.with_changes(comparisons=new_targets) if changed else updated_node
