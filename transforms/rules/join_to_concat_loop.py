"""``''.join(...)`` of strs -> a ``+=`` concatenation loop."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ._loop_support import (assigned_or_returned, bound_names_safe, generator_safe, guarded,
                            local_only, loop_target_names, moved_out, read_names, targets_private,
                            unsupported_inside)
from ._type_evidence import STR, EvidenceTransformer
from .concat_loop_to_join import EMPTY_STR
from .sum_builtin_to_loop import nest, single_for

_JOIN = m.Call(func=m.Attribute(value=EMPTY_STR, attr=m.Name("join")),
               args=[m.Arg(keyword=None, star="")])


@register
class JoinToConcatLoop(Rule):
    """``s = ''.join(e for x in xs if c)`` -> ``s = ''`` + ``for x in xs: if c: s += e``;
    ``return ''.join(...)`` likewise through a fresh local; ``''.join(xs)`` loops over ``xs``.

    The reverse of ``concat-loop-to-join``: every joined item must be known to be a str (then
    ``+=`` builds the same exact str, and ``join``'s collect-then-join order is unobservable
    because concatenating strs runs no code and cannot fail). Only the empty-string separator.
    The conditions on names are those of ``sum-builtin-to-loop``: the comprehension variables
    become function locals and must be used nowhere else in the function; the accumulator is a
    plain local read by no closure, absent from the generator, outside try/with; other names
    read per item are globals, builtins or never-deleted parameters; from a generator, every
    call in the moved code is a StopIteration-safe builtin or a method of a value of known
    builtin type (a generator turns ``StopIteration`` into ``RuntimeError``, the loop would
    not); one ``for`` clause; no ``yield``/``await``/walrus/lambda/nested comprehension.
    """

    id = "join-to-concat-loop"
    description = "Replace ''.join() of strs by a += concatenation loop."
    category = "performance"
    intent = "slower"

    class Transformer(EvidenceTransformer):
        def _plan(self, stmt: cst.SimpleStatementLine):
            """``(accumulator,)`` -- None for a return -- when the rule applies, else None."""
            found = assigned_or_returned(stmt)
            if found is None:
                return None
            acc, call = found
            if not m.matches(call, _JOIN):
                return None
            ev = self.ev
            func = ev.function_of(stmt)
            if func is None or not ev.simple_function(func):
                return None
            arg = call.args[0].value
            scope = ev.scopes.get(stmt)
            if acc is not None and (guarded(ev, stmt, func) or not local_only(ev, func, scope, acc)
                                    or any(n.value == acc for n in read_names(arg))):
                return None
            clause = single_for(arg)
            if clause is None:
                if isinstance(arg, (cst.GeneratorExp, cst.ListComp, cst.SetComp, cst.DictComp)):
                    return None
                return (acc,) if ev.elem_of(arg) == STR and not unsupported_inside(arg) else None
            targets = loop_target_names(clause.target)
            moved = [arg.elt] + [c.test for c in clause.ifs]
            if (not targets or any(unsupported_inside(e) for e in moved + [clause.iter])
                    or not targets_private(func, arg, clause.iter, targets)
                    or not bound_names_safe(ev, func, scope, moved, set(targets))
                    or ev.type_of(arg.elt) != STR
                    or isinstance(arg, cst.GeneratorExp) and not generator_safe(ev, moved)):
                return None
            return (acc,)

        def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine,
                                      updated_node: cst.SimpleStatementLine):
            if self._plan(original_node) is None:
                return updated_node
            acc = self._plan(original_node)[0]
            small = updated_node.body[0]
            call = small.value
            arg = call.args[0].value
            ret = isinstance(small, cst.Return)
            if ret:
                acc = self.names.fresh("text")
            clause = single_for(arg)
            if clause is None:
                item = self.names.fresh("piece")
                target, iterable, element, conds = cst.Name(item), arg, cst.Name(item), []
            else:
                target, iterable = clause.target, clause.iter
                element, conds = arg.elt, [c.test for c in clause.ifs]
            add = cst.SimpleStatementLine(body=[cst.AugAssign(
                target=cst.Name(acc), operator=cst.AddAssign(), value=moved_out(element))])
            loop = cst.For(target=moved_out(target, unparenthesize=True),
                           iter=moved_out(iterable), body=cst.IndentedBlock(body=[nest(conds, add)]))
            init = cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(acc))],
                                 value=call.func.value)],
                leading_lines=updated_node.leading_lines)
            self.sites += 1
            last = updated_node.with_changes(
                body=[small.with_changes(value=cst.Name(acc))], leading_lines=[])
            return cst.FlattenSentinel([init, loop] + ([last] if ret else []))
