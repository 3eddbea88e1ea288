"""``i = a; while i < b: BODY; i += 1`` -> ``for i in range(a, b): BODY``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import assigned_names, global_nonlocal_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import continues_loop
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

def _positive_step(stmt: cst.BaseStatement, counter: str) -> cst.Integer | None:
    """The literal ``k > 0`` when ``stmt`` is ``counter += k`` or ``counter = counter + k``."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None
    small = stmt.body[0]
    if m.matches(small, m.AugAssign(target=m.Name(counter), operator=m.AddAssign(),
                                    value=m.Integer())):
        step = small.value
    elif m.matches(small, m.Assign(targets=[m.AssignTarget(m.Name(counter))],
                                   value=m.BinaryOperation(left=m.Name(counter),
                                                           operator=m.Add(),
                                                           right=m.Integer()))):
        step = small.value.right
    else:
        return None
    return step if int(step.evaluated_value) > 0 else None


@register
class WhileToForRange(Rule):
    """``i = a`` immediately followed by ``while i < b: BODY; i += k`` (``k`` a positive int
    literal, the increment the last statement) -> ``for i in range(a, b, k): BODY``;
    ``i <= b`` gives ``range(a, b + 1, k)``. When statements that do not mention ``i`` stand
    between ``i = a`` and the loop, the assignment stays and the loop becomes
    ``for i in range(i, b, k)``.

    Sound inside a function when ``a`` and ``b`` are known to be ints (so ``i`` is one: its only
    bindings are ``i = a`` and the increment), ``b`` is an int literal or a local that BODY
    never rebinds (so testing it on every iteration reads the value it had at the start), BODY
    neither rebinds nor deletes ``i`` and holds no ``continue`` of this loop (it would skip the
    increment), and ``i`` is read nowhere else in the function, the loop's ``else`` included:
    then ``i`` takes the values ``a, a+k, ...`` below ``b`` in both forms, ``break`` leaves at
    the same point, ``else`` runs in the same cases, and the one difference, the value ``i``
    keeps after the loop (``b`` or more after the ``while``, the last value after the ``for``),
    is never observed. ``a`` is still evaluated once, before ``b``, which the ``while`` also
    evaluates before the first iteration; reading a local has no effect. Not for ``i`` declared
    global/nonlocal or read by a nested scope, nor where the function uses ``locals()``...
    """

    id = "while-to-for-range"
    description = "Turn a counting while loop into a for loop over range()."
    category = "loops"
    family = "control-flow"
    intent = "faster"
    inverse = "for-range-to-while"

    class Transformer(EvidenceTransformer):
        def _plan(self, init: cst.BaseStatement, loop: cst.BaseStatement):
            """(counter, start, stop expression, inclusive, step) when the pair qualifies."""
            if not (isinstance(loop, cst.While) and isinstance(init, cst.SimpleStatementLine)
                    and len(init.body) == 1 and m.matches(init.body[0], m.Assign(
                        targets=[m.AssignTarget(m.Name())]))
                    and isinstance(loop.test, cst.Comparison)
                    and len(loop.test.comparisons) == 1
                    and isinstance(loop.body, cst.IndentedBlock) and len(loop.body.body) >= 2):
                self.skip(
                    "the counter's last statement before the loop is not `k = start`"
                    if not (isinstance(init, cst.SimpleStatementLine) and len(init.body) == 1
                            and m.matches(init.body[0], m.Assign(
                                targets=[m.AssignTarget(m.Name())])))
                    else "a chained comparison" if not (isinstance(loop.test, cst.Comparison)
                                                         and len(loop.test.comparisons) == 1)
                    else "the body is too short to end with an increment")
                return None
            counter = init.body[0].targets[0].target.value
            test = loop.test
            op = test.comparisons[0].operator
            if not (m.matches(test.left, m.Name(counter))
                    and isinstance(op, (cst.LessThan, cst.LessThanEqual))):
                return self.skip("the test is not `k < stop` or `k <= stop`") or None
            stop = test.comparisons[0].comparator
            if not isinstance(stop, (cst.Integer, cst.Name)) or m.matches(stop, m.Name(counter)):
                return self.skip("the stop is not an int literal or another name") or None
            step = _positive_step(loop.body.body[-1], counter)
            if step is None:
                return self.skip("the body does not end with `k += <positive int literal>`") \
                    or None
            return self._check(init, loop, counter, stop, isinstance(op, cst.LessThanEqual), step)

        def _check(self, init, loop, counter, stop, inclusive, step):
            ev = self.ev
            func = ev.function_of(loop)
            if func is None:
                return self.skip("not in a function's own scope") or None
            if not ev.simple_function(func):
                return self.skip(DYNAMIC_FUNCTION) or None
            if not ev.is_builtin("range"):
                return self.skip("range is shadowed") or None
            start = init.body[0].value
            if not (is_int(ev.type_of(start)) and is_int(ev.type_of(stop))
                    and is_int(ev.type_of(loop.test.left))):
                return self.skip("no evidence the start, the stop and the counter are ints") \
                    or None
            body = loop.body.with_changes(body=loop.body.body[:-1])
            if counter in assigned_names(body):
                return self.skip("the counter is assigned in the body") or None
            if continues_loop(body):
                return self.skip("a continue in the body would skip the increment") or None
            if isinstance(stop, cst.Name) and (stop.value in assigned_names(body)
                                               or stop.value in global_nonlocal_names(func)):
                return self.skip("the stop may change while the loop runs") or None
            if counter in global_nonlocal_names(func) or counter in ev.hidden_bindings(func):
                return self.skip("the counter is global/nonlocal or bound by match/walrus") \
                    or None
            scope = ev.scopes.get(loop)
            for name in m.findall(func, m.Name(counter)):
                if ev.scopes.get(name) is not scope:
                    # a nested scope (closure, comprehension) reads it
                    return self.skip("the counter is used by a nested scope") or None
            # Every use of the counter lies in the init, the test, the body or the increment.
            inside = {id(n) for part in (init, loop.test, loop.body)
                      for n in m.findall(part, m.Name(counter))}
            if any(id(n) not in inside for n in m.findall(func, m.Name(counter))):
                return self.skip("the counter is used outside the loop") or None
            return counter, start, stop, inclusive, step

        def leave_IndentedBlock(self, original_node, updated_node):
            old, new = list(original_node.body), list(updated_node.body)
            if len(old) != len(new):
                return updated_node
            out: list[cst.BaseStatement] = []
            dropped: set[int] = set()
            for w, loop in enumerate(old):
                if not (isinstance(loop, cst.While) and isinstance(loop.test, cst.Comparison)
                        and isinstance(loop.test.left, cst.Name)):
                    continue
                counter = loop.test.left.value
                p = w - 1  # the nearest earlier statement of the block that mentions the counter
                while p >= 0 and not m.findall(old[p], m.Name(counter)):
                    p -= 1
                if p < 0:
                    continue
                plan = self._plan(old[p], loop)
                if plan is None:
                    continue
                counter, start, stop, inclusive, step = plan
                stop_expr = cst.BinaryOperation(left=stop, operator=cst.Add(),
                                                right=cst.Integer("1")) if inclusive else stop
                if p == w - 1:  # right before the loop: its value becomes the start
                    first = new[p].body[0].value
                    dropped.add(p)
                    leading = new[p].leading_lines
                else:  # statements in between: keep it, start from the counter's value
                    first = cst.Name(counter)
                    leading = new[w].leading_lines
                args = [cst.Arg(first), cst.Arg(stop_expr)]
                if step.value != "1":
                    args.append(cst.Arg(cst.Integer(step.value)))
                body = new[w].body.with_changes(body=new[w].body.body[:-1])
                new[w] = cst.For(target=cst.Name(counter),
                                 iter=cst.Call(func=cst.Name("range"), args=args),
                                 body=body, orelse=new[w].orelse, leading_lines=leading)
                self.sites += 1
            if not self.sites:
                return updated_node
            out = [stmt for i, stmt in enumerate(new) if i not in dropped]
            return updated_node.with_changes(body=out)
