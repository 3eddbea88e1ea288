"""An append loop building an arithmetic progression of ints -> ``list(range(...))``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.accumulation import init_without, tuple_start
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import (DYNAMIC_FUNCTION, TARGETS_NOT_PRIVATE, FusePairs, guarded,
                              local_only, targets_private)
from ..analysis.names import read_names
from ..analysis.syntax import moved_out
from ..base import Rule
from ..registry import register

_EMPTY = m.List(elements=[])


def _shape(loop: cst.For) -> tuple[str, str, int, cst.BaseExpression] | None:
    """(acc, v, step, count) when ``loop`` is ``for _ in range(count): acc.append(v); v += step``
    (or ``v -= step``), the step a nonzero int literal."""
    if not (isinstance(loop.target, cst.Name) and not loop.target.lpar
            and m.matches(loop.iter, m.Call(func=m.Name("range"), args=[m.Arg(keyword=None,
                                                                              star="")]))
            and isinstance(loop.body, cst.IndentedBlock) and len(loop.body.body) == 2):
        return None
    first, second = loop.body.body
    if not (m.matches(first, m.SimpleStatementLine(body=[m.Expr(value=m.Call(
            func=m.Attribute(value=m.Name(), attr=m.Name("append")),
            args=[m.Arg(value=m.Name(), keyword=None, star="")]))]))
            and m.matches(second, m.SimpleStatementLine(body=[m.AugAssign(
                target=m.Name(), operator=m.AddAssign() | m.SubtractAssign(),
                value=m.Integer())]))):
        return None
    call, aug = first.body[0].value, second.body[0]
    acc, v = call.func.value.value, call.args[0].value.value
    if aug.target.value != v or acc == v:
        return None
    step = int(aug.value.value, 0)
    if step == 0:
        return None
    return acc, v, (step if isinstance(aug.operator, cst.AddAssign) else -step), \
        loop.iter.args[0].value


def _starts(init: cst.CSTNode, acc: str, v: str) -> tuple[int, int] | None:
    """Positions of ``acc`` (given ``[]``) and ``v`` in ``init``, a tuple assignment
    ``acc, v = [], start`` (other names may be there too)."""
    i = tuple_start(init, acc, _EMPTY)
    j = tuple_start(init, v, m.Name() | m.Integer())
    return (i, j) if i is not None and j is not None else None


@register
class ProgressionLoopToRange(Rule):
    """``acc, v = [], start`` + ``for _ in range(n): acc.append(v); v += step`` ->
    ``acc = list(range(start, start + step * n, step))``: the loop builds an arithmetic
    progression item by item; ``range`` makes the same ints in C.

    Sound, inside a function, when:

    * ``v`` is known to be an exact int (not a bool: ``True`` would be appended, where
      ``range`` gives ``1``) and ``n`` an int, both often from the seed's domain (the rule
      ``uses_domain``); the step is a nonzero int literal. For ``n <= 0`` both give ``[]``
      (the stop is then at or behind the start, in the step's direction); otherwise the items
      are ``start + step * k`` for ``k < n``, exactly what ``range`` yields;
    * ``start`` is a plain name or an int literal (written twice in the call; reading it twice
      is unobservable) and ``n`` a plain name or int literal: ``start``, ``n`` are evaluated
      in the same order as before, after the other names of the tuple assignment are bound;
    * ``acc`` is a plain local read by no closure and not read in the loop; ``v`` and the loop
      variable are used nowhere else in the function (``v`` no longer advances), and the loop
      is not inside try/with and has no ``else:``; ``list`` and ``range`` are the builtins.
    """

    id = "progression-loop-to-range"
    description = "Build an arithmetic progression of ints with range() instead of an append loop."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    uses_domain = True  # its type evidence usually comes from the seed's domain

    class Transformer(FusePairs, EvidenceTransformer):
        def _applies(self, init: cst.CSTNode, loop: cst.CSTNode) -> bool:
            if not isinstance(loop, cst.For) or loop.asynchronous is not None \
                    or loop.orelse is not None:
                return False
            shape = _shape(loop)
            if shape is None:
                return False
            acc, v, step, count = shape
            pos = _starts(init, acc, v)
            if pos is None:
                return False
            ev = self.ev
            start = init.body[0].value.elements[pos[1]].value
            if not all(isinstance(e, (cst.Name, cst.Integer)) and not e.lpar
                       for e in (start, count)):
                return ev.skip("the start and count are not plain names or int literals")
            if {acc, v} & {n.value for e in (start, count) for n in read_names(e)}:
                return ev.skip("the start or count reads the list or the running value")
            func = ev.function_of(loop)
            if func is None or not ev.simple_function(func):
                return ev.skip(DYNAMIC_FUNCTION if func else "not in a function's own scope")
            if not (ev.real_builtin("range") and ev.real_builtin("list")):
                return False  # it said why
            scope = ev.scopes.get(loop)
            if guarded(ev, loop, func) or not (local_only(ev, func, scope, acc)
                                                and local_only(ev, func, scope, v)):
                return False  # they said why
            if not targets_private(func, loop, loop.iter, [loop.target.value]):
                return ev.skip(TARGETS_NOT_PRIVATE)
            if len(m.findall(func, m.Name(v))) != len(m.findall(loop, m.Name(v))) + 1:
                return ev.skip("the running value is used outside the loop")  # +1: its start
            bound = {n.value for n in m.findall(init.body[0].targets[0].target, m.Name())}
            if bound & {n.value for e in (start, count) for n in read_names(e)}:
                return ev.skip("the start or count is rebound by the same assignment")
            t = ev.type_of(start)
            if t is None or t.kind != "int":
                return ev.skip("no evidence the start is an int (not a bool)")
            c = ev.type_of(count)
            if c is None or c.kind not in ("int", "bool"):
                return ev.skip("no evidence the count is an int")
            return True

        @staticmethod
        def _build(init: cst.SimpleStatementLine, loop: cst.For):
            acc, v, step, count = _shape(loop)
            i, j = _starts(init, acc, v)
            start = init.body[0].value.elements[j].value
            stop = cst.BinaryOperation(
                left=moved_out(start), operator=cst.Add() if step > 0 else cst.Subtract(),
                right=(moved_out(count) if abs(step) == 1 else cst.BinaryOperation(
                    left=cst.Integer(str(abs(step))), operator=cst.Multiply(),
                    right=moved_out(count))))
            args = [cst.Arg(value=moved_out(start)), cst.Arg(value=stop)]
            if step != 1:
                args.append(cst.Arg(value=cst.Integer(str(step)) if step > 0 else cst.UnaryOperation(
                    operator=cst.Minus(), expression=cst.Integer(str(-step)))))
            value = cst.Call(func=cst.Name("list"), args=[cst.Arg(value=cst.Call(
                func=cst.Name("range"), args=args))])
            line = cst.SimpleStatementLine(body=[cst.Assign(
                targets=[cst.AssignTarget(cst.Name(acc))], value=value)])
            n = len(init.body[0].targets[0].target.elements)
            if n == 2:
                return line.with_changes(leading_lines=init.leading_lines)
            rest = init_without(init_without(init, max(i, j)), min(i, j))
            return [rest, line]

