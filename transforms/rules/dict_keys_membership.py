"""``k in d.keys()`` -> ``k in d`` for a dict ``d``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.evidence import is_dict
from ..analysis.membership import MembershipTransformer


@register
class DictKeysMembership(Rule):
    """``k in d.keys()`` / ``k not in d.keys()`` -> ``k in d`` / ``k not in d``.

    Sound when ``d`` is known to be a dict (a display, comprehension, ``dict()`` call or a
    ``dict`` annotation): a dict's keys view implements ``in`` by the dict's own lookup, so both
    hash ``k`` once (``TypeError`` for an unhashable ``k`` either way), compare with ``==`` in
    the same bucket and never call ``__missing__`` (a ``defaultdict`` is not grown by either).
    ``d`` is evaluated once in both forms. Not applied without evidence: a user mapping may
    define ``keys()`` and ``__contains__`` differently, and a list has no ``keys()`` at all.
    """

    id = "dict-keys-membership"
    description = "Test membership in a dict directly instead of in its keys() view."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    inverse = "dict-membership-to-keys"

    class Transformer(MembershipTransformer):
        def applies(self, left: cst.BaseExpression, call: cst.BaseExpression) -> bool:
            if not m.matches(call, m.Call(func=m.Attribute(attr=m.Name("keys")), args=[])):
                return False
            return is_dict(self.ev, call.func.value) or self.skip(
                "no evidence the receiver of keys() is a dict")

        @staticmethod
        def replace(target: cst.ComparisonTarget) -> cst.ComparisonTarget:
            call = target.comparator
            receiver = call.func.value
            if call.lpar:
                receiver = receiver.with_changes(lpar=call.lpar, rpar=call.rpar)
            return target.with_changes(comparator=receiver)
