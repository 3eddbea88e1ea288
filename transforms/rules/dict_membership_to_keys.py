"""``k in d`` -> ``k in d.keys()`` for a dict ``d``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import is_dict
from ..analysis.membership import MembershipTransformer

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
    family = "api-substitution"
    intent = "slower"
    inverse = "dict-keys-membership"

    class Transformer(MembershipTransformer):
        def applies(self, left: cst.BaseExpression, container: cst.BaseExpression) -> bool:
            return is_dict(self.ev, container) or self.skip("no evidence the container is a dict")

        @staticmethod
        def replace(target: cst.ComparisonTarget) -> cst.ComparisonTarget:
            receiver = target.comparator
            if not isinstance(receiver, _ATOMIC) and not receiver.lpar:
                receiver = receiver.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            return target.with_changes(comparator=cst.Call(
                func=cst.Attribute(value=receiver, attr=cst.Name("keys"))))
