"""A loop updating several int accumulators -> one ``sum()`` / ``math.prod()`` per accumulator."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from ..analysis.accumulation import init_without, tuple_start
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import (DYNAMIC_FUNCTION, TARGETS_NOT_PRIVATE, UNSUPPORTED_INSIDE, 
                              bound_names_safe, guarded, local_only, targets_private,
                              unsupported_inside)
from ..analysis.names import loop_target_names, read_names
from ..analysis.stdlib import _is_math_import, _module_untouched
from ..analysis.syntax import comp_safe, moved_out
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

_UPDATE = m.AugAssign(target=m.Name(), operator=m.AddAssign() | m.MultiplyAssign())
# Iterables that can be iterated again and give the same items, running no code.
_SEQUENCES = frozenset({"list", "tuple", "str", "range"})


def _updates(loop: cst.For) -> list[cst.AugAssign] | None:
    """The ``acc += e`` / ``acc *= e`` statements that are the whole body of ``loop``, one a
    line (or one a suite written on the header's line), else None."""
    body = loop.body
    lines = [body] if isinstance(body, cst.SimpleStatementSuite) else list(body.body)
    out = []
    for line in lines:
        if not isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            return None
        for small in line.body:
            if not m.matches(small, _UPDATE):
                return None
            out.append(small)
    return out or None


def _start(aug: cst.AugAssign) -> str:
    return "0" if isinstance(aug.operator, cst.AddAssign) else "1"


def _init_positions(line: cst.CSTNode, wanted: dict[str, str]) -> dict[str, int] | None:
    """The accumulators (``wanted``: name -> start literal) that ``line`` gives their start:
    name -> position in a tuple assignment ``a, s, p = x, 0, 1`` (``tuple_start``), or -1 for
    a plain ``s = 0``; None when ``line`` is not an assignment giving one of them its start."""
    if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
            and isinstance(line.body[0], cst.Assign) and len(line.body[0].targets) == 1):
        return None
    assign = line.body[0]
    target = assign.targets[0].target
    if isinstance(target, cst.Name):
        start = wanted.get(target.value)
        if start is not None and m.matches(assign.value, m.Integer(value=start)):
            return {target.value: -1}
        return None
    found = {}
    for acc, start in wanted.items():
        i = tuple_start(line, acc, m.Integer(value=start))
        if i is not None:
            found[acc] = i
    return found or None


def _init_group(block: list[cst.BaseStatement], k: int,
                updates: list[cst.AugAssign]) -> dict[int, dict[str, int]] | None:
    """The statements right before ``block[k]`` that give the loop's accumulators their
    start values (``acc = 0`` / ``acc = 1`` lines or tuple assignments, each giving one at
    least, read back from the loop until all are given): statement index -> its
    ``_init_positions``; None when they are not all given that way."""
    wanted = {u.target.value: _start(u) for u in updates}
    group: dict[int, dict[str, int]] = {}
    j = k - 1
    while wanted:
        if j < 0:
            return None
        found = _init_positions(block[j], wanted)
        if found is None:
            return None
        group[j] = found
        for acc in found:
            del wanted[acc]
        j -= 1
    return group


@register
class AccumulatorsLoopToBuiltins(Rule):
    """``s, p = 0, 1`` + ``for x in xs: s += e1; p *= e2`` -> ``s = sum(...)``,
    ``p = math.prod(...)``: each accumulator of the loop gets its builtin, over the items
    themselves (``sum(xs)``) or a list comprehension of its expression
    (``sum([e1 for x in xs])``). Names of the tuple assignment that are not accumulators keep
    their values (``a, s = x, 0`` -> ``a = x`` before the ``sum`` line).

    Sound, inside a function, when:

    * every added or multiplied expression is known to be an int (or bool) -- often from the
      seed's domain (``numbers: list[int]``), so the rule ``uses_domain``: ``sum`` computes
      ``0 + e1 + e2 ...`` and ``math.prod`` ``1 * e1 * e2 ...`` left to right, exactly like the
      loop (on floats ``sum`` rounds differently from Python 3.12 on);
    * with several accumulators the items are walked once per accumulator, so the iterable is a
      plain name of a list, tuple, str or range (walking it again gives the same items and runs
      no code) and every expression that is not the loop variable itself runs no user code and
      cannot raise (``is_total``): evaluating them accumulator by accumulator instead of item by
      item is then unobservable. At most one of them needs a comprehension (the others add or
      multiply the items themselves, in C): two passes in bytecode measured slower than the
      one loop;
    * the loop variables are used nowhere else in the function (after the loop they would no
      longer hold the last item) nor read by the iterable; each accumulator is a distinct plain
      local read by no closure and appears in none of the moved expressions; the loop is not
      inside try/with, has no ``else:``, and every other name the expressions read is bound
      whenever the loop runs (a comprehension reads it as a closure variable);
    * ``sum`` is not rebound in the module and ``math`` is bound (if at all) only by
      ``import math``; the rule adds that import.

    A lone ``acc += e`` is sum-loop-to-builtin's; this rule takes loops with a product or
    several accumulators. Measured (valgrind instruction counts, CPython 3.11) on the sum and
    product of 8192 ints, the builtins run the loop's work in C.
    """

    id = "accumulators-loop-to-builtins"
    description = "Replace a loop updating int sums and products by sum() and math.prod()."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                                updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
            old, new = list(original_node.body), list(updated_node.body)
            groups = {}
            for k, loop in enumerate(old):
                updates = _updates(loop) if isinstance(loop, cst.For) else None
                group = _init_group(old, k, updates) if updates else None
                if group is not None and not set(group) & {i for g in groups.values() for i in g} \
                        and self._applies(old, group, loop):
                    groups[k] = group
            if not groups:
                return updated_node
            drop = {j: g for group in groups.values() for j, g in group.items()}
            out = []
            for k, stmt in enumerate(new):
                if k in drop:
                    kept = _init_without(stmt, {i for i in drop[k].values()})
                    if kept is not None:
                        out.append(kept)
                elif k in groups:
                    lines = self._build(new[k])
                    # comments and blank lines above dropped init lines and the loop stay
                    lead = [line for j in sorted(groups[k]) if _init_without(
                        new[j], set(drop[j].values())) is None for line in new[j].leading_lines]
                    lines[0] = lines[0].with_changes(leading_lines=lead + list(stmt.leading_lines))
                    out.extend(lines)
                    self.sites += 1
                else:
                    out.append(stmt)
            return updated_node.with_changes(body=out)

        def _applies(self, block, group: dict[int, dict[str, int]], loop: cst.For) -> bool:
            updates = _updates(loop)
            products = any(isinstance(u.operator, cst.MultiplyAssign) for u in updates)
            if len(updates) == 1 and not products:
                return False  # sum-loop-to-builtin's
            ev = self.ev
            accs = [u.target.value for u in updates]
            if len(set(accs)) != len(accs):
                return ev.skip("an accumulator is updated twice")
            if loop.asynchronous is not None or loop.orelse is not None:
                return ev.skip("async loop or a loop with else")
            func = ev.function_of(loop)
            if func is None or not ev.simple_function(func):
                return ev.skip(DYNAMIC_FUNCTION if func else "not in a function's own scope")
            if not ev.not_recursive(func):
                return False  # a comprehension is one more frame per level
            if any(_start(u) == "0" for u in updates) and not ev.real_builtin("sum"):
                return False  # it said why
            if products and not _math_module(ev, loop):
                return ev.skip("the name math may be bound to something else than the module")
            targets = loop_target_names(loop.target)
            if not targets:
                return ev.skip("loop target is not plain names")
            if set(accs) & set(targets):
                return ev.skip("an accumulator is a loop variable")
            values = [u.value for u in updates]
            if any(unsupported_inside(e) for e in [loop.iter, *values]):
                return ev.skip(UNSUPPORTED_INSIDE)
            if set(accs) & {n.value for e in [loop.iter, *values] for n in read_names(e)}:
                return ev.skip("an accumulator is read in the loop")
            scope = ev.scopes.get(loop)
            if guarded(ev, loop, func) or not all(local_only(ev, func, scope, a) for a in accs):
                return False  # they said why
            if not targets_private(func, loop, loop.iter, targets):
                return ev.skip(TARGETS_NOT_PRIVATE)
            if not bound_names_safe(ev, func, scope, values, set(targets), loop):
                return False
            if not all(is_int(ev.type_of(e)) for e in values):
                return ev.skip("no evidence that the accumulated items are ints")
            if len(updates) > 1:
                t = ev.type_of(loop.iter)
                if not (isinstance(loop.iter, cst.Name) and t is not None
                        and t.kind in _SEQUENCES):
                    return ev.skip("several passes need a name of a list, tuple, str or range")
                own = lambda e: isinstance(loop.target, cst.Name) and m.matches(  # noqa: E731
                    e, m.Name(loop.target.value))
                if not all(own(e) or ev.is_total(e) for e in values):
                    return ev.skip("an accumulated expression may raise or run user code")
                if sum(not own(e) for e in values) > 1:
                    # two passes in Python bytecode: measured slower than the one loop
                    return ev.skip("more than one accumulator needs a comprehension")
            # the other values of the init lines are evaluated without the accumulators bound
            values = [line.body[0].value for line in (block[j] for j in group)]
            if set(accs) & {n.value for e in values for n in read_names(e)}:
                return ev.skip("an initial value reads an accumulator")
            return True

        def _build(self, loop: cst.For) -> list[cst.SimpleStatementLine]:
            updates = _updates(loop)
            if any(isinstance(u.operator, cst.MultiplyAssign) for u in updates):
                AddImportsVisitor.add_needed_import(self.context, "math")
            out = []
            for aug in updates:
                item = aug.value
                if isinstance(loop.target, cst.Name) and m.matches(item, m.Name(loop.target.value)):
                    items = comp_safe(loop.iter)
                else:
                    items = cst.ListComp(elt=moved_out(item), for_in=cst.CompFor(
                        target=moved_out(loop.target, unparenthesize=True),
                        iter=comp_safe(loop.iter)))
                func = (cst.Name("sum") if isinstance(aug.operator, cst.AddAssign)
                        else cst.Attribute(value=cst.Name("math"), attr=cst.Name("prod")))
                out.append(cst.SimpleStatementLine(body=[cst.Assign(
                    targets=[cst.AssignTarget(cst.Name(aug.target.value))],
                    value=cst.Call(func=func, args=[cst.Arg(value=items)]))]))
            return out



def _init_without(init: cst.SimpleStatementLine, drop: set[int]) -> cst.SimpleStatementLine | None:
    """``a, s, b, p = x, 0, y, 1`` without the positions in ``drop``; None when nothing is
    left (``-1``: a plain ``s = 0``)."""
    target = init.body[0].targets[0].target
    if drop == {-1} or isinstance(target, cst.Tuple) and len(drop) == len(target.elements):
        return None
    for i in sorted(drop, reverse=True):  # (``init_without`` leaves ``a = x`` for one name)
        init = init_without(init, i)
    return init


def _math_module(ev, node: cst.CSTNode) -> bool:
    """A ``math`` read where ``node`` is, after the rule adds ``import math``, is the math
    module: the name is bound (if at all) by ``import math`` only, nothing stores into the
    module's attributes and the module cannot rebind names at run time."""
    scope = ev.scopes.get(node)
    if scope is None:
        return False
    if "math" in scope and not all(_is_math_import(a) for a in scope["math"]):
        return False
    return _module_untouched(ev)
