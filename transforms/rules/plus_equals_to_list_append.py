"""``xs += [v]`` -> ``xs.append(v)`` for a local list ``xs``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.appends import local_list
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register

_PLUS_ONE = m.AugAssign(target=m.Name(), operator=m.AddAssign(),
                        value=m.List(elements=[m.Element()]))


@register
class PlusEqualsToListAppend(Rule):
    """``xs += [v]`` -> ``xs.append(v)`` when ``xs`` is a local variable known to hold an exact
    list: the inverse of ``list-append-to-plus-equals`` (whose docstring says why both add the
    same item to the same object). No one-item list is built: faster.
    """

    id = "plus-equals-to-list-append"
    description = "Add an item to a list with append() instead of += [item]."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    inverse = "list-append-to-plus-equals"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_AugAssign(self, original_node: cst.AugAssign,
                            updated_node: cst.BaseSmallStatement) -> cst.BaseSmallStatement:
            if not m.matches(original_node, _PLUS_ONE) or original_node.value.lpar \
                    or not local_list(self.ev, original_node.target):
                return updated_node
            item = updated_node.value.elements[0].value
            self.sites += 1
            call = cst.Call(func=cst.Attribute(value=updated_node.target, attr=cst.Name("append")),
                            args=[cst.Arg(item)])
            return cst.Expr(value=call, semicolon=updated_node.semicolon)
