"""``list(X)`` -> ``[item for item in X]``: copy item by item in Python."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.list_copies import copyable
from ..base import Rule
from ..registry import register


@register
class ListCallToComprehension(Rule):
    """``list(X)`` -> ``[item for item in X]``, the copy written as a comprehension (what
    flake8-comprehensions' C416 flags): a bytecode loop per item where ``list`` copies in C.

    Sound where ``analysis.list_copies`` says so: ``list`` the builtin, ``X`` an exact builtin
    container, a builtin ``filter``/``map``/``zip``/``enumerate``/``reversed``/``sorted`` call
    or a view of an exact dict (``uses_domain``: ``xs: list[int]``), on no recursion cycle.
    The comprehension's variable is a fresh name: it lives in the comprehension's own scope.
    """

    id = "list-call-to-comprehension"
    description = "Copy an iterable into a list with a comprehension instead of list()."
    category = "performance"
    family = "loops-builtins"
    intent = "slower"
    inverse = "comprehension-copy-to-list-call"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call,
                       updated_node: cst.Call) -> cst.BaseExpression:
            args = original_node.args
            if not (isinstance(original_node.func, cst.Name) and original_node.func.value == "list"
                    and len(args) == 1 and args[0].keyword is None and not args[0].star):
                return updated_node
            if not copyable(self.ev, original_node, args[0].value):
                return updated_node
            name = cst.Name(self.names.fresh("item"))
            self.sites += 1
            return cst.ListComp(
                elt=name,
                for_in=cst.CompFor(target=name, iter=updated_node.args[0].value),
                lpar=updated_node.lpar, rpar=updated_node.rpar)
