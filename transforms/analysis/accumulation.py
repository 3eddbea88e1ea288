"""The shared matchers of the accumulation rules, loop <-> builtin, in both directions.

``acc = 0; for x in xs: [if c:] acc += e`` <-> ``acc = sum(e for x in xs if c)``, and the same
with ``''`` / ``''.join``. A forward rule and its reverse must accept exactly the same code,
so both directions are written once here and the rules differ only in the builtin, the
initial value and the evidence an item needs (an int for ``sum``, a str for ``join``).
See ``loops`` for why each condition is needed.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst
import libcst.matchers as m

from .loops import (DYNAMIC_FUNCTION, TARGETS_NOT_PRIVATE, UNSUPPORTED_INSIDE, assigned_or_returned,
                    bound_names_safe, generator_safe, guarded, local_only, targets_private,
                    unsupported_in_iterable, unsupported_inside)
from .names import NameAllocator, loop_target_names, read_names
from .syntax import comp_safe, moved_out
from .types import T

EMPTY_STR = m.SimpleString(value="''") | m.SimpleString(value='""')
_ADD = m.AugAssign(target=m.Name(), operator=m.AddAssign())
_COMPREHENSIONS = (cst.GeneratorExp, cst.ListComp, cst.SetComp, cst.DictComp)

ItemCheck = Callable[[T | None], bool]


def accumulation(loop: cst.For) -> tuple[cst.AugAssign, cst.BaseExpression | None] | None:
    """The ``acc += expr`` of a loop whose whole body is that statement, optionally under a
    single ``if cond:`` (no elif/else); with the condition (or None). Either body may be
    written on its header's line (``if c: acc += e``)."""
    body = loop.body
    if isinstance(body, cst.SimpleStatementSuite):
        stmt = body
    elif len(body.body) == 1:
        stmt = body.body[0]
    else:
        return None
    cond = None
    if isinstance(stmt, cst.If) and stmt.orelse is None:
        cond, stmt = stmt.test, stmt.body
        if isinstance(stmt, cst.IndentedBlock):
            if len(stmt.body) != 1:
                return None
            stmt = stmt.body[0]
    add = _one_add(stmt)
    return (add, cond) if add is not None else None


def _one_add(node: cst.CSTNode) -> cst.AugAssign | None:
    """The ``acc += e`` that is all of ``node`` (a statement line or a one-line suite)."""
    if isinstance(node, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) \
            and len(node.body) == 1 and m.matches(node.body[0], _ADD):
        return node.body[0]
    return None


def single_for(comp: cst.BaseExpression) -> cst.CompFor | None:
    """The only ``for`` clause of a synchronous generator expression / list comprehension."""
    if not isinstance(comp, (cst.GeneratorExp, cst.ListComp)):
        return None
    clause = comp.for_in
    if clause.asynchronous is not None or clause.inner_for_in is not None:
        return None
    return clause


def nest(conditions, stmt: cst.BaseStatement) -> cst.BaseStatement:
    """``if c1: if c2: stmt`` -- each condition tested once, in order, like ``if c1 if c2``."""
    for cond in reversed(conditions):
        stmt = cst.If(test=moved_out(moved_out(cond, unparenthesize=True)),
                      body=cst.IndentedBlock(body=[stmt]))
    return stmt


# ------------------------------------------------------------------ loop -> builtin


def tuple_start(init: cst.CSTNode, acc: str, start) -> int | None:
    """The position of ``acc`` in ``init`` when it is ``a, acc, b = x, <start>, y``: one
    target, a tuple of distinct plain names, a tuple display of as many plain values, the
    value at ``acc``'s place matching ``start``. The other names are assigned as before by
    ``a, b = x, y`` (each value still evaluated once, in order, before any is assigned)."""
    if not (isinstance(init, cst.SimpleStatementLine) and len(init.body) == 1
            and isinstance(init.body[0], cst.Assign) and len(init.body[0].targets) == 1):
        return None
    assign = init.body[0]
    target, value = assign.targets[0].target, assign.value
    if not (isinstance(target, cst.Tuple) and isinstance(value, cst.Tuple)
            and len(target.elements) == len(value.elements) >= 2):
        return None
    names = [el.value.value if isinstance(el, cst.Element) and isinstance(el.value, cst.Name)
             else None for el in target.elements]
    if None in names or len(set(names)) != len(names) or acc not in names \
            or any(not isinstance(el, cst.Element) for el in value.elements):
        return None
    i = names.index(acc)
    return i if m.matches(value.elements[i].value, start) else None


def init_without(init: cst.SimpleStatementLine, i: int) -> cst.SimpleStatementLine:
    """``a, acc, b = x, s, y`` without its ``i``-th name and value: ``a, b = x, y``, or
    ``a = x`` when one is left."""
    assign = init.body[0]
    target, value = assign.targets[0].target, assign.value
    names = [el for j, el in enumerate(target.elements) if j != i]
    values = [el for j, el in enumerate(value.elements) if j != i]
    if len(names) == 1:
        return init.with_changes(body=[assign.with_changes(
            targets=[assign.targets[0].with_changes(target=moved_out(names[0].value))],
            value=moved_out(values[0].value))])
    last = lambda els: [*els[:-1], els[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)]  # noqa: E731
    return init.with_changes(body=[assign.with_changes(
        targets=[assign.targets[0].with_changes(target=target.with_changes(elements=last(names)))],
        value=value.with_changes(elements=last(values)))])


def loop_accumulates(ev, init: cst.CSTNode, loop: cst.CSTNode, init_matcher,
                     item_ok: ItemCheck, item_kind: str = "of the builtin's type",
                     start=None) -> bool:
    """``init`` (matching ``init_matcher``, ``acc = <start>``) followed by ``loop``, a ``for``
    whose body is ``[if c:] acc += e``, can become ``acc = <start>.<builtin>([e for ...])``:
    ``item_ok`` accepts the evidence of ``e`` (``item_kind`` names it in the skip reason).
    With ``start`` (a matcher of the start value), ``init`` may also be a tuple assignment
    giving ``acc`` that value (``tuple_start``). Judged on ORIGINAL nodes; a failed check past
    the shape says why (``ev.skip``)."""
    if not isinstance(loop, cst.For):
        return False
    if not m.matches(init, init_matcher):
        shape = accumulation(loop) if start is not None else None
        if shape is None or tuple_start(init, shape[0].target.value, start) is None:
            return False
    if loop.asynchronous is not None:
        return ev.skip("async for loop")
    if loop.orelse is not None:
        return ev.skip("the loop has an else clause")
    found = accumulation(loop)
    if found is None:
        return ev.skip("loop body is not a lone `acc += ...` (under at most one plain if)")
    func = ev.function_of(loop)
    if func is None:
        return ev.skip("not in a function's own scope")
    if not ev.simple_function(func):
        return ev.skip(DYNAMIC_FUNCTION)
    if not ev.not_recursive(func):
        return False  # the comprehension is one more frame per level (before Python 3.12)
    aug, cond = found
    target = init.body[0].targets[0].target
    acc = target.value if isinstance(target, cst.Name) else aug.target.value
    targets = loop_target_names(loop.target)
    if aug.target.value != acc:
        return ev.skip("the loop adds to another name than the one initialised")
    if not targets:
        return ev.skip("loop target is not plain names")
    if acc in targets:
        return ev.skip("the accumulator is a loop variable")
    moved = [loop.iter, aug.value] + ([cond] if cond is not None else [])
    if unsupported_in_iterable(loop.iter) or any(unsupported_inside(e) for e in moved[1:]):
        return ev.skip(UNSUPPORTED_INSIDE)
    if any(n.value == acc for e in moved for n in read_names(e)):
        return ev.skip("the accumulator is read in the loop")
    scope = ev.scopes.get(loop)
    if guarded(ev, loop, func) or not local_only(ev, func, scope, acc):
        return False  # they said why
    if not targets_private(func, loop, loop.iter, targets):
        return ev.skip(TARGETS_NOT_PRIVATE)
    if not bound_names_safe(ev, func, scope, moved[1:], set(targets), loop):
        return False
    if not item_ok(ev.type_of(aug.value)):
        return ev.skip(f"no evidence that the added items are {item_kind}")
    return True


def accumulator_line(init: cst.SimpleStatementLine, loop: cst.For, start,
                     value) -> cst.SimpleStatementLine | list[cst.SimpleStatementLine]:
    """What replaces ``init`` + ``loop`` (updated nodes): ``acc = value(<start node>)``, after
    the rest of a tuple assignment (``tuple_start``) when ``init`` was one."""
    assign = init.body[0]
    acc = accumulation(loop)[0].target.value
    if isinstance(assign.targets[0].target, cst.Name):
        return init.with_changes(body=[assign.with_changes(value=value(assign.value))])
    i = tuple_start(init, acc, start)
    line = cst.SimpleStatementLine(body=[cst.Assign(
        targets=[cst.AssignTarget(cst.Name(acc))],
        value=value(assign.value.elements[i].value))])
    return [init_without(init, i), line]


def accumulated_items(loop: cst.For) -> cst.BaseExpression:
    """What the builtin consumes instead of ``loop``: the iterable itself when the loop adds
    its items unchanged, else a list comprehension of the added expression."""
    aug, cond = accumulation(loop)
    if cond is None and m.matches(aug.value, m.Name(getattr(loop.target, "value", None))):
        return comp_safe(loop.iter)  # the loop adds the items themselves
    ifs = [cst.CompIf(test=comp_safe(cond))] if cond is not None else []
    return cst.ListComp(elt=aug.value, for_in=cst.CompFor(
        target=loop.target, iter=comp_safe(loop.iter), ifs=ifs))


# ------------------------------------------------------------------ builtin -> loop


def builtin_accumulates(ev, stmt: cst.SimpleStatementLine, call_matcher,
                        item_ok: ItemCheck, item_kind: str = "of the builtin's type",
                        ) -> tuple[str | None, cst.Call] | None:
    """``acc = CALL(arg)`` or ``return CALL(arg)`` (``CALL`` matching ``call_matcher``, one
    positional argument) that can become an accumulation loop: ``(acc or None for a return,
    the call)``, else None. ``item_ok`` accepts the evidence of each item (``item_kind`` names
    it in the skip reason). ORIGINAL nodes; a failed check past the shape says why."""
    found = assigned_or_returned(stmt)
    if found is None:
        return None
    acc, call = found
    if not m.matches(call, call_matcher):
        return None
    func = ev.function_of(stmt)
    if func is None:
        return ev.skip("not in a function's own scope") or None
    if not ev.simple_function(func):
        return ev.skip(DYNAMIC_FUNCTION) or None
    if not ev.not_recursive(func):
        return None  # the comprehension or generator is one frame less per level
    arg = call.args[0].value
    scope = ev.scopes.get(stmt)
    if acc is not None:
        if guarded(ev, stmt, func) or not local_only(ev, func, scope, acc):
            return None  # they said why
        if any(n.value == acc for n in read_names(arg)):
            return ev.skip("the argument reads the assigned name") or None
    clause = single_for(arg)
    if clause is None:
        if isinstance(arg, _COMPREHENSIONS):
            return ev.skip("a comprehension other than one plain for clause") or None
        if not item_ok(ev.elem_of(arg)):
            return ev.skip(f"no evidence that the items are {item_kind}") or None
        if unsupported_in_iterable(arg):  # it becomes the loop's iterable, in the same scope
            return ev.skip(UNSUPPORTED_INSIDE) or None
        return acc, call
    targets = loop_target_names(clause.target)
    moved = [arg.elt] + [c.test for c in clause.ifs]
    if not targets:
        return ev.skip("comprehension target is not plain names") or None
    if unsupported_in_iterable(clause.iter) or any(unsupported_inside(e) for e in moved):
        return ev.skip(UNSUPPORTED_INSIDE) or None
    if not targets_private(func, arg, clause.iter, targets):
        return ev.skip(TARGETS_NOT_PRIVATE) or None
    if not bound_names_safe(ev, func, scope, moved, set(targets), stmt):
        return None
    if not item_ok(ev.type_of(arg.elt)):
        return ev.skip(f"no evidence that the items are {item_kind}") or None
    if isinstance(arg, cst.GeneratorExp) and not generator_safe(ev, moved):
        return None
    return acc, call


def accumulation_loop(updated_node: cst.SimpleStatementLine, acc: str | None,
                      start: cst.BaseExpression, names: NameAllocator, acc_word: str,
                      item_word: str) -> cst.FlattenSentinel:
    """The statements replacing ``updated_node`` (``acc = CALL(arg)`` / ``return CALL(arg)``):
    ``acc = start``, the loop adding each item with ``+=``, and for a return (``acc`` None,
    a fresh name from ``acc_word`` is used) ``return acc``."""
    small = updated_node.body[0]
    arg = small.value.args[0].value
    ret = acc is None
    if ret:
        acc = names.fresh(acc_word)
    clause = single_for(arg)
    if clause is None:
        item = names.fresh(item_word)
        target, iterable, element, conds = cst.Name(item), arg, cst.Name(item), []
    else:
        target, iterable = clause.target, clause.iter
        element, conds = arg.elt, [c.test for c in clause.ifs]
    add = cst.SimpleStatementLine(body=[cst.AugAssign(
        target=cst.Name(acc), operator=cst.AddAssign(), value=moved_out(element))])
    loop = cst.For(target=moved_out(target, unparenthesize=True),
                   iter=moved_out(iterable), body=cst.IndentedBlock(body=[nest(conds, add)]))
    init = cst.SimpleStatementLine(
        body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(acc))], value=start)],
        leading_lines=updated_node.leading_lines)
    last = updated_node.with_changes(
        body=[small.with_changes(value=cst.Name(acc))], leading_lines=[])
    return cst.FlattenSentinel([init, loop] + ([last] if ret else []))
