"""``acc = acc + [v]`` -> ``acc.append(v)`` for a list no other name can see."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.appends import RISKY_ITEM, unaliased_list
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register


@register
class ConcatenationToListAppend(Rule):
    """``acc = acc + [v]`` -> ``acc.append(v)``: add in place instead of copying the list.

    The reverse of ``list-append-to-concatenation`` and sound under the same conditions
    (``analysis.appends.unaliased_list``): every binding of ``acc`` stores a fresh list, so
    ``acc + [v]`` is a list concatenation, and no other reference to the list exists, so
    nobody can tell the list grown in place from the new one. ``acc`` is read, then ``v``,
    in both. A one-item list display only, without walrus, ``yield`` or ``await``.
    """

    id = "concatenation-to-list-append"
    description = "Replace acc = acc + [v] on a local list by acc.append(v)."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    inverse = "list-append-to-concatenation"

    class Transformer(EvidenceTransformer):
        def leave_Assign(self, original_node: cst.Assign, updated_node: cst.Assign):
            if len(original_node.targets) != 1:
                return updated_node
            target, value = original_node.targets[0].target, original_node.value
            if not (isinstance(target, cst.Name) and isinstance(value, cst.BinaryOperation)
                    and isinstance(value.operator, cst.Add) and not value.lpar
                    and m.matches(value.left, m.Name(target.value))
                    and isinstance(value.right, cst.List) and len(value.right.elements) == 1
                    and isinstance(value.right.elements[0], cst.Element)):
                return updated_node
            func = self.ev.function_of(original_node)
            if func is None or not self.ev.simple_function(func):
                return updated_node
            if m.findall(value.right, RISKY_ITEM):
                return self.skip("walrus, yield or await in the item") or updated_node
            if not unaliased_list(self.ev, func, value.left):
                return updated_node
            self.sites += 1
            item = updated_node.value.right.elements[0].value
            if isinstance(item, cst.GeneratorExp) and len(item.lpar) == 1:
                item = item.with_changes(lpar=[], rpar=[])  # the call's brackets hold it
            call = cst.Call(func=cst.Attribute(value=cst.Name(target.value),
                                               attr=cst.Name("append")),
                            args=[cst.Arg(item)])
            return cst.Expr(call, semicolon=updated_node.semicolon)
