"""``for i, x in enumerate(xs)`` -> a hand-maintained index counter."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..analysis.syntax import moved_out, prepend

_START = m.Integer() | m.UnaryOperation(operator=m.Minus(), expression=m.Integer())


def enumerate_start(ev, call: cst.BaseExpression) -> cst.BaseExpression | None:
    """For ``enumerate(xs)`` / ``enumerate(xs, 1)`` / ``enumerate(xs, start=-1)`` (the builtin,
    an int literal start) return the start expression (``0`` when absent), else None."""
    if not ev.is_builtin_call(call, "enumerate"):
        return None
    args = call.args
    if not args or len(args) > 2 or any(a.star for a in args) or args[0].keyword is not None:
        return None
    if len(args) == 1:
        return cst.Integer("0")
    start = args[1]
    if start.keyword is not None and start.keyword.value != "start":
        return None
    return start.value if m.matches(start.value, _START) else None


@register
class EnumerateToManualIndex(Rule):
    """``for i, x in enumerate(xs): BODY`` -> ``k = 0`` / ``for x in xs: i = k; k += 1; BODY``.

    Sound inside a function for two distinct plain-name targets and an int literal start:
    ``enumerate`` calls ``iter(xs)`` once when the loop starts, exactly as ``for x in xs`` does,
    and yields ``(start + n, item)``; the new loop binds the same two values in the same
    iteration, before any of BODY runs, so ``continue``, ``break``, ``else``, rebinding ``i``
    inside the body and the values left in ``i``/``x`` after the loop are all unchanged (with
    zero iterations neither is bound in both forms). The counter ``k`` is a fresh local name,
    written only by the rule. Not applied at module or class level (the counter would become
    an attribute or global), with a computed start (it would be evaluated before ``xs``), with
    attribute/subscript/starred targets (their assignment order is observable), in ``async
    for``, or in functions that inspect their frame (``locals()``, ``exec``...).
    """

    id = "enumerate-to-manual-index"
    description = "Replace enumerate() with a manually incremented index variable."
    category = "performance"
    family = "spelled-out"
    intent = "slower"

    class Transformer(EvidenceTransformer):
        def _names(self, node: cst.For) -> tuple[str, str] | None:
            target = node.target
            if not (isinstance(target, cst.Tuple) and len(target.elements) == 2):
                return None
            a, b = target.elements
            if not (isinstance(a, cst.Element) and isinstance(b, cst.Element)
                    and isinstance(a.value, cst.Name) and isinstance(b.value, cst.Name)
                    and a.value.value != b.value.value):
                return None
            return a.value.value, b.value.value

        def leave_For(self, original_node: cst.For, updated_node: cst.For):
            names = self._names(original_node)
            func = self.ev.function_of(original_node)
            candidate = m.matches(original_node.iter, m.Call(func=m.Name("enumerate")))
            skip = self.skip if candidate else (lambda reason: False)
            if (names is None or original_node.asynchronous is not None or func is None
                    or not self.ev.simple_function(func)):
                skip("loop target is not two distinct plain names" if names is None else
                     "async for loop" if original_node.asynchronous is not None else
                     "not in a function's own scope" if func is None else DYNAMIC_FUNCTION)
                return updated_node
            start = enumerate_start(self.ev, original_node.iter)
            if start is None:
                skip("enumerate is shadowed" if not self.ev.is_builtin("enumerate") else
                     "enumerate() with arguments other than an iterable and an int literal start")
                return updated_node
            index, item = names
            counter = self.names.fresh("idx")
            iterable = updated_node.iter.args[0].value
            init = cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(counter))], value=start)],
                leading_lines=updated_node.leading_lines)
            step = [cst.Assign(targets=[cst.AssignTarget(cst.Name(index))], value=cst.Name(counter)),
                    cst.AugAssign(target=cst.Name(counter), operator=cst.AddAssign(),
                                  value=cst.Integer("1"))]
            self.sites += 1
            loop = updated_node.with_changes(
                target=cst.Name(item), iter=moved_out(moved_out(iterable, unparenthesize=isinstance(
                    iterable, (cst.Name, cst.Call, cst.Attribute, cst.Subscript)))),
                body=prepend(updated_node.body, step), leading_lines=[])
            return cst.FlattenSentinel([init, loop])
