"""``acc.append(v)`` -> ``acc = acc + [v]`` for a list no other name can see."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.appends import RISKY_ITEM, unaliased_list
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register

APPEND = m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("append")),
                args=[m.Arg(keyword=None, star="")])


@register
class ListAppendToConcatenation(Rule):
    """``acc.append(v)`` (a statement) -> ``acc = acc + [v]``: the beginner's way to add an
    item, which copies the whole list each time (quadratic in a loop) where ``append`` adds
    in place.

    The two agree only while nothing else refers to the list, since the new list is a new
    object: every binding of ``acc`` in the function stores a list made on the spot (a
    display, a comprehension, ``list()``/``sorted()``, ``acc + [...]``...), never a parameter;
    no nested function, lambda or comprehension sees ``acc``; and every use of it keeps no
    reference (``analysis.appends.unaliased_list``: list methods called on it, indexing,
    operators, ``return``, builtins that consume it at once, a ``for`` over it whose body does
    not name it -- never an assignment to another name, a call of other code, ``iter`` or
    ``enumerate``, ``acc.append(acc)``). Evaluation order is the same: ``acc`` is read, then
    ``v`` (which may read or mutate the list in place), then the item is added. ``v`` holds
    no walrus, ``yield`` or ``await``.
    """

    id = "list-append-to-concatenation"
    description = "Add an item to a local list with acc = acc + [v] instead of append."
    category = "performance"
    family = "loops-builtins"
    intent = "slower"
    inverse = "concatenation-to-list-append"

    class Transformer(EvidenceTransformer):
        def leave_Expr(self, original_node: cst.Expr, updated_node: cst.Expr):
            call = original_node.value
            if not m.matches(call, APPEND):
                return updated_node
            func = self.ev.function_of(original_node)
            if func is None or not self.ev.simple_function(func):
                return updated_node
            if m.findall(call.args[0].value, RISKY_ITEM):
                return self.skip("walrus, yield or await in the item") or updated_node
            if not unaliased_list(self.ev, func, call.func.value):
                return updated_node
            self.sites += 1
            item = updated_node.value.args[0].value
            if isinstance(item, cst.GeneratorExp) and not item.lpar:
                item = item.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            name = call.func.value.value
            return cst.Assign(
                targets=[cst.AssignTarget(cst.Name(name))],
                value=cst.BinaryOperation(left=cst.Name(name), operator=cst.Add(),
                                          right=cst.List([cst.Element(item)])),
                semicolon=updated_node.semicolon)
