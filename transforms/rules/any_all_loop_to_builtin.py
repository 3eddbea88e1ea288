"""A search loop returning True/False -> ``return any(...)`` / ``return all(...)``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import (DYNAMIC_FUNCTION, UNSUPPORTED_INSIDE, bound_names_safe,
                              FusePairs, generator_safe, guarded, local_only, unsupported_inside)
from ..analysis.names import loop_target_names, read_names
from ..analysis.syntax import comp_safe

_BOOL = m.Name("True") | m.Name("False")
_RETURN_BOOL = m.SimpleStatementLine(body=[m.Return(value=_BOOL)])


def search_loop(loop: cst.CSTNode) -> tuple[cst.BaseExpression, str] | None:
    """``for ...: if cond: return True|False`` (nothing else in the loop, no else/elif):
    the condition and the returned constant."""
    if not (isinstance(loop, cst.For) and loop.orelse is None and loop.asynchronous is None
            and isinstance(loop.body, cst.IndentedBlock) and len(loop.body.body) == 1):
        return None
    stmt = loop.body.body[0]
    if not (isinstance(stmt, cst.If) and stmt.orelse is None
            and isinstance(stmt.body, cst.IndentedBlock) and len(stmt.body.body) == 1
            and m.matches(stmt.body.body[0], _RETURN_BOOL)):
        return None
    return stmt.test, stmt.body.body[0].body[0].value.value


@register
class AnyAllLoopToBuiltin(Rule):
    """``for x in xs: if c: return True`` + ``return False`` -> ``return any(c for x in xs)``;
    with ``return False`` inside and ``return True`` after: ``return all(d for x in xs)`` when
    ``c`` is ``not d``, else ``return not any(c for x in xs)``.

    Sound inside a function: ``any``/``all`` test each item with one ``bool()`` call and stop
    at the first decisive one, exactly where the loop returns, and return the same bool. The
    generator evaluates ``xs`` once and calls ``iter`` on it first, then binds ``x`` and
    evaluates ``c`` per item, like the loop. The loop ends the function either way, so the loop
    variables' final values can only be seen by a closure or an exception handler: the rule
    requires them to be plain locals no nested scope reads, and the loop to be outside try/with.
    Other names read by ``c`` must be globals, builtins or never-deleted parameters (an unbound
    local raises ``UnboundLocalError`` in the loop but ``NameError`` in a generator). Every call
    in ``c`` must be a StopIteration-safe builtin or a method of a value of known builtin type:
    a generator turns ``StopIteration`` into ``RuntimeError``, the loop lets it through. No
    ``yield``/``await``/walrus/lambda/comprehension in the moved code; ``any``/``all`` not
    rebound in the module.

    Intent "slower": on CPython 3.11 resuming a generator per item costs more than the loop's
    own test (five timeit runs of a 1000-item scan with no hit on a shared machine: ``any``
    took 1.1x to 2.6x as long as the loop).
    """

    id = "any-all-loop-to-builtin"
    description = "Replace a search loop returning True/False by return any()/all()."
    category = "performance"
    family = "loops-builtins"
    intent = "slower"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "any-all-builtin-to-loop"

    class Transformer(FusePairs, EvidenceTransformer):
        def _applies(self, loop: cst.CSTNode, after: cst.CSTNode) -> bool:
            found = search_loop(loop)
            if found is None or not m.matches(after, _RETURN_BOOL):
                return False
            cond, inside = found
            if after.body[0].value.value == inside:
                return self.skip("the loop and the statement after it return the same bool")
            ev = self.ev
            func = ev.function_of(loop)
            targets = loop_target_names(loop.target)
            if func is None:
                return self.skip("not in a function's own scope")
            if not targets:
                return self.skip("loop target is not plain names")
            if not ev.simple_function(func):
                return self.skip(DYNAMIC_FUNCTION)
            if not ev.not_recursive(func):
                return False  # the generator's frame (and any()'s) are added
            scope = ev.scopes.get(loop)
            if not (ev.is_builtin("any") and ev.is_builtin("all")):
                return self.skip("any or all is shadowed")
            if unsupported_inside(cond) or unsupported_inside(loop.iter):
                return self.skip(UNSUPPORTED_INSIDE)
            if guarded(ev, loop, func) or not all(local_only(ev, func, scope, t) for t in targets):
                return False  # they said why
            if set(targets) & {n.value for n in read_names(loop.iter)}:
                return self.skip("the iterable reads a loop variable")
            return (bound_names_safe(ev, func, scope, [cond], set(targets), loop)
                    and generator_safe(ev, [cond]))

        @staticmethod
        def _build(loop: cst.For, after: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
            cond, inside = search_loop(loop)
            func, negate = "any", False
            if inside == "False":
                if m.matches(cond, m.UnaryOperation(operator=m.Not())) and not cond.lpar:
                    func, cond = "all", cond.expression
                else:
                    negate = True
            gen = cst.GeneratorExp(elt=cond, lpar=[], rpar=[], for_in=cst.CompFor(
                target=loop.target, iter=comp_safe(loop.iter)))
            value: cst.BaseExpression = cst.Call(func=cst.Name(func), args=[cst.Arg(value=gen)])
            if negate:
                value = cst.UnaryOperation(operator=cst.Not(), expression=value)
            return after.with_changes(body=[after.body[0].with_changes(value=value)],
                                      leading_lines=loop.leading_lines)
