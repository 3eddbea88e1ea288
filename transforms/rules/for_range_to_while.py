"""Rewrite ``for i in range(...)`` as a ``while`` loop over an explicit counter."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ScopeProvider

from ..analysis import assigned_names, builtin_is_shadowed, global_nonlocal_names
from ..analysis import uses_dynamic_scope
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import continues_loop
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register


def _step_literal(args) -> int | None:
    """The step of ``range(...)`` as a non-zero int literal (1 when omitted), else None."""
    if len(args) < 3:
        return 1
    step = args[2].value
    if isinstance(step, cst.Integer):
        value = int(step.evaluated_value)
    elif m.matches(step, m.UnaryOperation(operator=m.Minus(), expression=m.Integer())):
        value = -int(step.expression.evaluated_value)
    else:
        return None
    return value or None


def _int_literal(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Integer) or m.matches(
        node, m.UnaryOperation(operator=m.Minus(), expression=m.Integer()))


def _line(code: str) -> cst.SimpleStatementLine:
    return cst.parse_statement(code)  # type: ignore[return-value]


@register
class ForRangeToWhile(Rule):
    """``for i in range(a, b[, s]): body [else: E]`` -> the counting loop a person writes,

    .. code-block:: python

        i = a
        while i < b:               # `>` for a negative step; `b` first named when it is
            body                   # not a literal or a local the body leaves alone
            i += s
        [else: E]

    where that form is exact: ``a`` is known to be an int and not a bool (``range(True, 3)``
    starts at the int 1, ``i = True`` at True) and ``b`` an int (so ``range`` would not have
    raised), ``i`` is used nowhere but in the loop (after a ``while`` it holds the first value
    past the end, after the ``for`` the last one, and it is bound even when the range is
    empty), not by a nested scope (a closure would see the last value), not rebound or deleted
    by the body, not global/nonlocal, and the body has no ``continue`` of this loop (it would
    skip the increment). This is ``while-to-for-range``'s input, so the two undo each other.
    Elsewhere the sound general form:

    .. code-block:: python

        r = range(a, b[, s])
        k = r.start
        while k < r.stop:          # `>` for a negative step
            i = k
            k += s
            body
        [else: E]

    Sound: the ``range`` object is still built, once, from the same arguments in the same
    order, so argument errors (floats, ``__index__``) are unchanged, and its ``start``/``stop``
    are plain ints. The hidden counter ``k`` (not ``i``) drives the loop, so assigning ``i`` in
    the body changes nothing, ``continue`` (which jumps to the test, after the increment) and
    ``break`` behave as in the ``for``, and ``else`` runs in the same cases. ``i`` is bound only
    when an iteration starts, so after the loop it holds the last value, or is unchanged when
    the range is empty; a target that nothing reads (in the function or a closure) is not bound
    at all. Fires inside functions only (the two new names are fresh locals;
    at module or class level they would become visible attributes), not where the function uses
    ``exec``/``eval``/``locals()``..., not in ``async for``, when the target is a plain name,
    the step is omitted or an integer literal, and ``range`` is not rebound in the module.

    Intent ``slower`` (the inverse, ``while-to-for-range``, is ``faster``): the counter's test
    and increment run as bytecode where ``range`` ran them in C. Measured alone on HumanEval+
    (instruction counts, the counting-loop form where it applies): 19 of 35 variants
    ``slower``, 12 ``same`` where the loop is off the hot path, 4 ``faster``: loops over a
    negative-step range that return after a few items (HumanEval/87, /118, /135: building
    the range costs more than the few tests and increments it saves). Labels are measured.
    """

    id = "for-range-to-while"
    description = "Rewrite `for i in range(...)` as a while loop with an explicit counter."
    category = "loops"
    family = "control-flow"
    intent = "slower"
    inverse = "while-to-for-range"
    uses_domain = True  # the natural form needs the bounds' types, which may come from the domain

    class Transformer(EvidenceTransformer):
        def visit_Module(self, node: cst.Module) -> None:
            super().visit_Module(node)
            self.range_ok = not builtin_is_shadowed(node, "range")
            self.dynamic: dict[cst.CSTNode, bool] = {}

        def _natural(self, original: cst.For, node: cst.For, step: int):
            """The plain counting loop's statements, or None where it would not be exact."""
            ev, target = self.ev, original.target.value
            func = ev.function_of(original)
            if func is None or target in self.protected:
                return None
            args = original.iter.args  # the original's nodes: evidence is about them
            start = args[0].value if len(args) > 1 else cst.Integer("0")
            stop = args[1].value if len(args) > 1 else args[0].value
            t_start = ev.type_of(start)
            if not (t_start is not None and t_start.kind == "int" and is_int(ev.type_of(stop))):
                return None
            if (target in assigned_names(original.body) or continues_loop(original.body)
                    or target in global_nonlocal_names(func) or target in ev.hidden_bindings(func)
                    or m.findall(original.body, m.Del())):
                return None
            scope = ev.scopes.get(original)
            inside = {id(n) for n in m.findall(original.body, m.Name(target))}
            inside.add(id(original.target))
            for name in m.findall(func, m.Name(target)):
                if ev.scopes.get(name) is not scope or id(name) not in inside:
                    return None  # a nested scope, or the code around the loop, reads it
            steady = _int_literal(stop) or (
                isinstance(stop, cst.Name) and stop.value != target
                and stop.value not in assigned_names(original.body)
                and stop.value not in global_nonlocal_names(func)
                and ev.scopes.get(stop) is scope and bool(scope.assignments[stop.value]))
            new_start = node.iter.args[0].value if len(args) > 1 else start
            new_stop = node.iter.args[1].value if len(args) > 1 else node.iter.args[0].value
            if target == "_":  # a throwaway target: the counter gets a name of its own
                target = self.names.fresh("count")
            out = [cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(target))], value=new_start)],
                leading_lines=node.leading_lines)]
            if not steady:  # evaluated once, after the start, as range() did
                end = self.names.fresh("end")
                out.append(_line(f"{end} = {cst.Module([]).code_for_node(new_stop)}"))
                new_stop = cst.Name(end)
            test = cst.Comparison(left=cst.Name(target), comparisons=[cst.ComparisonTarget(
                cst.LessThan() if step > 0 else cst.GreaterThan(), new_stop)])
            bump = _line(f"{target} += {step}" if step > 0 else f"{target} -= {-step}")
            body = node.body
            if isinstance(body, cst.SimpleStatementSuite):
                body = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=body.body)])
            out.append(cst.While(test=test, body=body.with_changes(body=[*body.body, bump]),
                                 orelse=node.orelse))
            return out

        def _in_plain_function(self, node: cst.CSTNode) -> bool:
            scope = self.get_metadata(ScopeProvider, node, None)
            if not isinstance(scope, FunctionScope):
                return False
            if scope.node not in self.dynamic:
                self.dynamic[scope.node] = uses_dynamic_scope(scope.node)
            return not self.dynamic[scope.node]

        def leave_For(self, original_node, updated_node):
            node = updated_node
            if not (self.range_ok and node.asynchronous is None
                    and isinstance(node.target, cst.Name)
                    and m.matches(node.iter, m.Call(func=m.Name("range")))):
                if m.matches(node.iter, m.Call(func=m.Name("range"))):
                    self.skip("range is shadowed" if not self.range_ok else
                              "async for loop" if node.asynchronous is not None else
                              "the loop target is not a plain name")
                return updated_node
            args = node.iter.args
            if not 1 <= len(args) <= 3 or any(a.star or a.keyword for a in args):
                self.skip("range() with starred or keyword arguments, or too many")
                return updated_node
            step = _step_literal(args)
            if step is None:
                self.skip("the step is not a non-zero int literal")
                return updated_node
            if not self._in_plain_function(original_node):
                scope = self.get_metadata(ScopeProvider, original_node, None)
                self.skip(DYNAMIC_FUNCTION if isinstance(scope, FunctionScope) else
                          "not in a function")
                return updated_node
            natural = self._natural(original_node, node, step)
            if natural is not None:
                self.sites += 1
                return cst.FlattenSentinel(natural)
            rng_name, k = self.names.fresh("bounds"), self.names.fresh("counter")
            setup = cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(rng_name))], value=node.iter)],
                leading_lines=node.leading_lines)
            start = _line(f"{k} = {rng_name}.start")
            op = "<" if step > 0 else ">"
            test = cst.parse_expression(f"{k} {op} {rng_name}.stop")
            bind = _line(f"{node.target.value} = {k}")
            bump = _line(f"{k} += {step}" if step > 0 else f"{k} -= {-step}")
            # a target nothing reads (`for i in range(n): total += 1`) is not bound at all: an
            # assignment no one reads is noise (the counter does the counting)
            scope = self.ev.scopes.get(original_node)
            read = any(a.references for a in scope.assignments[node.target.value])
            prologue = [bind, bump] if read else [bump]
            body = node.body
            if isinstance(body, cst.SimpleStatementSuite):
                body = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=body.body)])
            loop = cst.While(test=test, body=body.with_changes(body=[*prologue, *body.body]),
                             orelse=node.orelse)
            self.sites += 1
            return cst.FlattenSentinel([setup, start, loop])
