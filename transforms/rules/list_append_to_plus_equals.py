"""``xs.append(v)`` -> ``xs += [v]`` for a local list ``xs``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.appends import local_list
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register

_APPEND = m.Expr(value=m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("append")),
                              args=[m.Arg(keyword=None, star="")]))


@register
class ListAppendToPlusEquals(Rule):
    """The statement ``xs.append(v)`` -> ``xs += [v]`` when ``xs`` is a local variable known
    to hold an exact list.

    Both read ``xs``, then evaluate ``v``, then add that one item at the end of the same list
    object (``list.__iadd__`` extends in place and returns the list, so the name is rebound to
    the object it already held); the call's ``None`` was discarded. ``xs`` must be bound in the
    function itself: ``+=`` makes a name local, and a global or free ``xs`` would then be
    unbound. A list subclass could define ``__iadd__`` or ``append`` apart: hence the exact type
    (often from the seed's domain). ``+= [v]`` builds a one-item list first: slower.
    """

    id = "list-append-to-plus-equals"
    description = "Add an item to a list with += [item] instead of append()."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    inverse = "plus-equals-to-list-append"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Expr(self, original_node: cst.Expr,
                       updated_node: cst.BaseSmallStatement) -> cst.BaseSmallStatement:
            if not m.matches(original_node, _APPEND):
                return updated_node
            call = original_node.value
            if call.lpar or call.func.value.lpar or not local_list(self.ev, call.func.value):
                return updated_node
            item = updated_node.value.args[0].value
            self.sites += 1
            return cst.AugAssign(target=call.func.value, operator=cst.AddAssign(),
                                 value=cst.List(elements=[cst.Element(item)]),
                                 semicolon=updated_node.semicolon)
