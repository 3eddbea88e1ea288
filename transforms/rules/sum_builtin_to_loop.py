"""``sum()`` of ints -> an explicit accumulation loop."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ._loop_support import (assigned_or_returned, bound_names_safe, generator_safe, guarded,
                            local_only, loop_target_names, moved_out, read_names, targets_private,
                            unsupported_inside)
from ._type_evidence import EvidenceTransformer, is_int

_SUM_ONE_ARG = m.Call(func=m.Name("sum"), args=[m.Arg(keyword=None, star="")])


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


@register
class SumBuiltinToLoop(Rule):
    """``acc = sum(e for x in xs if c)`` -> ``acc = 0`` + ``for x in xs: if c: acc += e``;
    ``return sum(...)`` likewise through a fresh local; ``sum(xs)`` loops over ``xs``.

    The reverse of ``sum-loop-to-builtin`` and sound under the same conditions, checked on the
    generator: every item is known to be an int or bool (``sum`` and ``+=`` then agree exactly;
    floats are excluded because Python 3.12's ``sum`` is compensated); the loop evaluates
    ``xs`` once and runs ``iter``, the ``if`` tests and ``e`` in the generator's order (a list
    comprehension computes all items first, but adding ints cannot raise or run code, so the
    same exception comes from the same item); the comprehension variables become function
    locals, so they must be used nowhere else in the function; ``acc`` is a plain local read by
    no closure and not used inside the generator (it is now written before the loop), and the
    statement is not inside try/with (a half-summed ``acc`` could be observed); other names in
    the moved code are globals, builtins or never-deleted parameters (an unbound local would
    raise ``UnboundLocalError`` instead of ``NameError``). From a generator, every call in the
    moved code must be a StopIteration-safe builtin or a method of a value of known builtin
    type (a generator turns ``StopIteration`` into ``RuntimeError``; the loop would not). Only
    one ``for`` clause, no
    ``yield``/``await``/walrus/lambda/nested comprehension, ``sum`` not rebound, one argument.
    """

    id = "sum-builtin-to-loop"
    description = "Replace sum() of ints by an explicit accumulation loop."
    category = "performance"
    intent = "slower"

    class Transformer(EvidenceTransformer):
        def _plan(self, stmt: cst.SimpleStatementLine):
            """(accumulator name or None for a return, the sum() call) if the rule applies."""
            found = assigned_or_returned(stmt)
            if found is None:
                return None
            acc, call = found
            if not m.matches(call, _SUM_ONE_ARG):
                return None
            ev = self.ev
            func = ev.function_of(stmt)
            if not ev.is_builtin("sum") or func is None or not ev.simple_function(func):
                return None
            arg = call.args[0].value
            scope = ev.scopes.get(stmt)
            if acc is not None:
                if (guarded(ev, stmt, func) or not local_only(ev, func, scope, acc)
                        or any(n.value == acc for n in read_names(arg))):
                    return None
            clause = single_for(arg)
            if clause is None:
                if isinstance(arg, (cst.GeneratorExp, cst.ListComp, cst.SetComp, cst.DictComp)):
                    return None
                return (acc, call) if (is_int(ev.elem_of(arg)) and not unsupported_inside(arg)) \
                    else None
            targets = loop_target_names(clause.target)
            moved = [arg.elt] + [c.test for c in clause.ifs]
            if (not targets or any(unsupported_inside(e) for e in moved + [clause.iter])
                    or not targets_private(func, arg, clause.iter, targets)
                    or not bound_names_safe(ev, func, scope, moved, set(targets))
                    or not is_int(ev.type_of(arg.elt))
                    or isinstance(arg, cst.GeneratorExp) and not generator_safe(ev, moved)):
                return None
            return acc, call

        def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine,
                                      updated_node: cst.SimpleStatementLine):
            plan = self._plan(original_node)
            if plan is None:
                return updated_node
            acc, _ = plan
            small = updated_node.body[0]
            arg = small.value.args[0].value
            ret = acc is None
            if ret:
                acc = self.names.fresh("total")
            clause = single_for(arg)
            if clause is None:
                item = self.names.fresh("item")
                target, iterable, element, conds = cst.Name(item), arg, cst.Name(item), []
            else:
                target, iterable = clause.target, clause.iter
                element, conds = arg.elt, [c.test for c in clause.ifs]
            add = cst.SimpleStatementLine(body=[cst.AugAssign(
                target=cst.Name(acc), operator=cst.AddAssign(), value=moved_out(element))])
            loop = cst.For(target=moved_out(target, unparenthesize=True),
                           iter=moved_out(iterable), body=cst.IndentedBlock(body=[nest(conds, add)]))
            init = cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(acc))], value=cst.Integer("0"))],
                leading_lines=updated_node.leading_lines)
            self.sites += 1
            last = updated_node.with_changes(
                body=[small.with_changes(value=cst.Name(acc))], leading_lines=[])
            return cst.FlattenSentinel([init, loop] + ([last] if ret else []))
