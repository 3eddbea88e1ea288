"""``for k in d.keys()`` -> ``for k in d`` (and ``list(d.keys())`` -> ``list(d)``...) for a dict."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer, is_dict
from ..base import Rule
from ..registry import register

_KEYS = m.Call(func=m.Attribute(attr=m.Name("keys")), args=[])
# Builtins that only iterate their single positional argument, at once.
ITERATING = frozenset({"list", "tuple", "set", "frozenset", "sorted", "min", "max", "sum",
                       "any", "all", "enumerate"})


def iterated_at_once(ev, node: cst.CSTNode) -> bool:
    """``node`` is only iterated, by a ``for``/comprehension clause or as the first argument of
    an unshadowed builtin that iterates it (``ITERATING``; ``str.join``), not kept or used
    otherwise."""
    parent = ev.parent(node)
    if isinstance(parent, (cst.For, cst.CompFor)):
        return parent.iter is node
    if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
        call = ev.parent(parent)
        if not isinstance(call, cst.Call) or call.args[0] is not parent:
            return False
        if isinstance(call.func, cst.Name):
            return call.func.value in ITERATING and ev.is_builtin(call.func.value) and (
                call.func.value != "enumerate" or len(call.args) <= 2)
        return (isinstance(call.func, cst.Attribute) and call.func.attr.value == "join"
                and len(call.args) == 1 and ev.type_of(call.func.value) is not None
                and ev.type_of(call.func.value).kind == "str")
    return False


@register
class DictKeysIteration(Rule):
    """``for k in d.keys()`` -> ``for k in d``; likewise where the view is only iterated at
    once: a comprehension's ``for``, or the argument of ``list``/``tuple``/``set``/``sorted``/
    ``min``/``max``/``sum``/``any``/``all``/``enumerate``/``str.join``.

    Sound when ``d`` is known to be an exact dict: iterating its keys view and iterating the
    dict use the same key iterator (same order, the same ``RuntimeError`` if the dict changes
    size meanwhile), and ``d`` is evaluated once either way; the view object itself is never
    seen. Not without evidence: a user mapping may define ``keys()`` and ``__iter__`` apart.
    Types often come from the seed's domain. One method call and view fewer: faster.
    """

    id = "dict-keys-iteration"
    description = "Iterate a dict directly instead of its keys() view."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call,
                       updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if not m.matches(original_node, _KEYS) or not isinstance(original_node.func,
                                                                      cst.Attribute):
                return updated_node
            ev = self.ev
            if not iterated_at_once(ev, original_node):
                return updated_node
            if not is_dict(ev, original_node.func.value):
                return self.skip("no evidence the receiver of keys() is a dict") or updated_node
            receiver = updated_node.func.value
            self.sites += 1
            if updated_node.lpar:
                return receiver.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)
            return receiver
