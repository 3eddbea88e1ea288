"""A str concatenation loop -> ``''.join()`` over a generator expression."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ._loop_support import (bound_names_safe, comp_safe, fuse_adjacent, guarded, local_only,
                            loop_target_names, read_names, targets_private, unsupported_inside)
from ._type_evidence import STR, EvidenceTransformer
from .sum_loop_to_builtin import accumulation

EMPTY_STR = m.SimpleString(value="''") | m.SimpleString(value='""')
_INIT = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())],
                                             value=EMPTY_STR)])


@register
class ConcatLoopToJoin(Rule):
    """``s = ''`` + ``for x in xs: [if c:] s += e`` -> ``s = ''.join([e for x in xs [if c]])``,
    or ``s = ''.join(xs)`` when the loop concatenates the items themselves.

    Sound, inside a function, when every ``e`` is known to be a str (literal, f-string,
    ``str()``, a str method, an item of a str...): concatenating strs and ``''.join`` build the
    same exact str (``'' + e`` and a one-item join even return ``e`` itself). The list
    comprehension computes every item before joining, while the loop joins as it goes;
    concatenating strs runs no code and cannot fail, so the observable sequence -- ``xs``
    evaluated once, ``iter`` first, then per item ``x`` bound, ``c`` tested once, ``e``
    evaluated -- and the item at which an exception surfaces are the same (``join`` would
    collect a generator into a list first anyway; a list comprehension, unlike a generator,
    lets a ``StopIteration`` from ``e`` through unchanged, as the loop does). The remaining
    conditions are those of ``sum-loop-to-builtin``: loop variables used nowhere else in the
    function nor read by ``xs``, ``s`` a plain local read by no closure and absent from
    ``xs``/``c``/``e``, no enclosing try/with (a half-built ``s`` could be seen), other names in
    ``c``/``e`` globals or never-deleted parameters, no ``else:``, ``yield``/``await``/walrus/
    lambda/comprehension in the moved code.
    """

    id = "concat-loop-to-join"
    description = "Replace a str += loop by ''.join() over the items or a list comprehension."
    category = "performance"
    intent = "faster"

    class Transformer(EvidenceTransformer):
        def _applies(self, init: cst.CSTNode, loop: cst.CSTNode) -> bool:
            ev = self.ev
            if not (m.matches(init, _INIT) and isinstance(loop, cst.For)) \
                    or loop.asynchronous is not None or loop.orelse is not None:
                return False
            found = accumulation(loop)
            func = ev.function_of(loop)
            if found is None or func is None or not ev.simple_function(func):
                return False
            aug, cond = found
            acc = init.body[0].targets[0].target.value
            targets = loop_target_names(loop.target)
            if aug.target.value != acc or not targets or acc in targets:
                return False
            moved = [loop.iter, aug.value] + ([cond] if cond is not None else [])
            if any(unsupported_inside(e) for e in moved):
                return False
            if any(n.value == acc for e in moved for n in read_names(e)):
                return False
            scope = ev.scopes.get(loop)
            return not (guarded(ev, loop, func) or not local_only(ev, func, scope, acc)
                        or not targets_private(func, loop, loop.iter, targets)
                        or not bound_names_safe(ev, func, scope, moved[1:], set(targets))
                        or ev.type_of(aug.value) != STR)

        def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                                updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
            block, fused = fuse_adjacent(original_node, updated_node, self._applies, self._build)
            self.sites += fused
            return block

        @staticmethod
        def _build(init: cst.SimpleStatementLine, loop: cst.For) -> cst.SimpleStatementLine:
            aug, cond = accumulation(loop)
            if cond is None and m.matches(aug.value, m.Name(getattr(loop.target, "value", None))):
                items = comp_safe(loop.iter)  # the loop concatenates the items themselves
            else:
                ifs = [cst.CompIf(test=comp_safe(cond))] if cond is not None else []
                items = cst.ListComp(elt=aug.value, for_in=cst.CompFor(
                    target=loop.target, iter=comp_safe(loop.iter), ifs=ifs))
            assign = init.body[0]
            call = cst.Call(func=cst.Attribute(value=assign.value, attr=cst.Name("join")),
                            args=[cst.Arg(value=items)])
            return init.with_changes(body=[assign.with_changes(value=call)])
