"""``[x for x in X]`` -> ``list(X)``: copy in C (flake8-comprehensions C416)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.list_copies import copyable
from ..base import Rule
from ..registry import register


@register
class ComprehensionCopyToListCall(Rule):
    """``[x for x in X]`` -> ``list(X)``: a comprehension that only copies the items is
    ``list``, which copies in C without a bytecode loop.

    Only the plain copy (one ``for`` over a name target, no ``if``, the element that name),
    and where ``analysis.list_copies`` says so, as its inverse ``list-call-to-comprehension``:
    ``list`` the builtin, ``X`` an exact builtin container, a builtin
    ``filter``/``map``/``zip``/``enumerate``/``reversed``/``sorted`` call or a view of an exact
    dict, on no recursion cycle.
    """

    id = "comprehension-copy-to-list-call"
    description = "Copy an iterable with list() instead of [x for x in xs]."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    inverse = "list-call-to-comprehension"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_ListComp(self, original_node: cst.ListComp,
                           updated_node: cst.ListComp) -> cst.BaseExpression:
            comp = original_node.for_in
            if not (isinstance(comp.target, cst.Name) and comp.asynchronous is None
                    and not comp.ifs and comp.inner_for_in is None
                    and m.matches(original_node.elt, m.Name(comp.target.value))
                    and not original_node.elt.lpar):
                return updated_node
            if not copyable(self.ev, original_node, comp.iter):
                return updated_node
            self.sites += 1
            return cst.Call(func=cst.Name("list"),
                            args=[cst.Arg(updated_node.for_in.iter)],
                            lpar=updated_node.lpar, rpar=updated_node.rpar)
