"""``k in d.keys()`` -> ``k in d`` for a dict ``d``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ._type_evidence import EvidenceTransformer
from .membership_list_to_set import left_operands


def is_dict(ev, expr: cst.BaseExpression) -> bool:
    t = ev.type_of(expr)
    return t is not None and t.kind == "dict"


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
    intent = "faster"

    class Transformer(EvidenceTransformer):
        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.Comparison) -> cst.Comparison:
            new_targets = list(updated_node.comparisons)
            changed = False
            for i, (_, target) in enumerate(left_operands(original_node)):
                call = target.comparator
                if not (isinstance(target.operator, (cst.In, cst.NotIn))
                        and m.matches(call, m.Call(func=m.Attribute(attr=m.Name("keys")),
                                                   args=[]))
                        and is_dict(self.ev, call.func.value)):
                    continue
                new_call = new_targets[i].comparator
                receiver = new_call.func.value
                if new_call.lpar:
                    receiver = receiver.with_changes(lpar=new_call.lpar, rpar=new_call.rpar)
                new_targets[i] = new_targets[i].with_changes(comparator=receiver)
                self.sites += 1
                changed = True
            return updated_node.with_changes(comparisons=new_targets) if changed else updated_node
