"""A loop returning the first match -> ``return next((e for x in xs if c), default)``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import (DYNAMIC_FUNCTION, UNSUPPORTED_INSIDE, FusePairs, bound_names_safe,
                              generator_safe, guarded, local_only, unsupported_inside)
from ..analysis.names import loop_target_names, read_names
from ..analysis.syntax import comp_safe

_NUMBER = m.Integer() | m.Float()
# Defaults evaluated before the search instead of after it: constants (or a fresh empty
# container), which read nothing, cannot fail and are the same whenever they are made.
_CONSTANT = (_NUMBER | m.SimpleString() | m.Name("None") | m.Name("True") | m.Name("False")
             | m.UnaryOperation(operator=m.Minus(), expression=_NUMBER)
             | m.List(elements=[]) | m.Tuple(elements=[]) | m.Dict(elements=[]))
_RETURN_CONSTANT = m.SimpleStatementLine(body=[m.Return(value=_CONSTANT)])


def first_match(loop: cst.CSTNode) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """``for ...: if cond: return value`` (nothing else in the loop, no else/elif, a value
    that is not a bare True/False: any-all-loop-to-builtin's): the condition and the value."""
    if not (isinstance(loop, cst.For) and loop.orelse is None and loop.asynchronous is None
            and isinstance(loop.body, cst.IndentedBlock) and len(loop.body.body) == 1):
        return None
    stmt = loop.body.body[0]
    if not (isinstance(stmt, cst.If) and stmt.orelse is None and len(stmt.body.body) == 1):
        return None
    ret = stmt.body.body[0]  # ``if c:`` + an indented line, or ``if c: return e`` on one line
    if isinstance(ret, cst.SimpleStatementLine) and len(ret.body) == 1:
        ret = ret.body[0]
    if not isinstance(ret, cst.Return):
        return None
    value = ret.value
    if value is None or m.matches(value, m.Name("True") | m.Name("False")):
        return None
    return stmt.test, value


@register
class FirstMatchLoopToNext(Rule):
    """``for x in xs: if c: return e`` + ``return d`` -> ``return next((e for x in xs if c), d)``;
    a loop that ends the function (falling off it returns None) takes ``None`` as ``d``.

    Sound inside a function: the generator evaluates ``xs`` once and calls ``iter`` on it
    first, then per item binds ``x``, tests ``c`` with one ``bool()`` and, at the first true
    one, evaluates ``e``: the loop's order, stopping at the same item with the same value;
    ``next`` returns it, or ``d`` when the items run out. ``d`` is evaluated before the search
    instead of after it, so it must be a constant (a number, string, None/True/False, or an
    empty list/tuple/dict, which is a new object either way). The loop ends the function
    either way, so the loop variables' final values can only be seen by a closure or an
    exception handler: they must be plain locals no nested scope reads, and the loop must be
    outside try/with; the iterable must not read them. Other names read by ``c`` and ``e``
    must be globals, builtins or locals certainly bound (an unbound local raises
    ``UnboundLocalError`` in the loop but ``NameError`` in a generator). ``c`` and ``e`` must
    provably run no user code: a generator turns a ``StopIteration`` they raise into
    ``RuntimeError`` (and ``next`` would take one as "no match"). No ``yield``/``await``/
    walrus/lambda/comprehension in the moved code; ``next`` not rebound in the module; not in
    a recursive function (the generator is one more frame).

    The generator is resumed once per item, which costs more than the loop's own test (the same
    trade as ``any-all-loop-to-builtin``), but too little to measure on most programs: intent
    neutral.
    """

    id = "first-match-loop-to-next"
    description = "Replace a loop returning its first match by return next(generator, default)."
    category = "performance"
    family = "loops-builtins"
    # Measured on HumanEval+ (instruction counts), single-rule variants: 3 the same, 1 slower;
    # in chains 2 faster, 6 the same, 1 slower. The generator's per-item cost is too small to
    # steer the "slower" stack by.
    intent = "neutral"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(FusePairs, EvidenceTransformer):
        def _applies(self, loop: cst.CSTNode, after: cst.CSTNode | None) -> bool:
            found = first_match(loop)
            if found is None:
                return False
            if after is not None and not m.matches(after, _RETURN_CONSTANT):
                if m.matches(after, m.SimpleStatementLine(body=[m.Return()])):
                    self.skip("the statement after the loop does not return a constant")
                return False
            cond, value = found
            ev = self.ev
            func = ev.function_of(loop)
            targets = loop_target_names(loop.target)
            if func is None:
                return self.skip("not in a function's own scope")
            if after is None and (not isinstance(func.body, cst.IndentedBlock)
                                  or func.body.body[-1] is not loop):
                return False  # a last statement only ends the function in its own body
            if not targets:
                return self.skip("loop target is not plain names")
            if not ev.simple_function(func):
                return self.skip(DYNAMIC_FUNCTION)
            if not ev.not_recursive(func):
                return False  # the generator's frame is added
            scope = ev.scopes.get(loop)
            if not ev.is_builtin("next"):
                return self.skip("next is shadowed")
            if any(unsupported_inside(e) for e in (cond, value, loop.iter)):
                return self.skip(UNSUPPORTED_INSIDE)
            if guarded(ev, loop, func) or not all(local_only(ev, func, scope, t) for t in targets):
                return False  # they said why
            if set(targets) & {n.value for n in read_names(loop.iter)}:
                return self.skip("the iterable reads a loop variable")
            return (bound_names_safe(ev, func, scope, [cond, value], set(targets), loop)
                    and generator_safe(ev, [cond, value]))

        @staticmethod
        def _build(loop: cst.For, after: cst.SimpleStatementLine | None) -> cst.SimpleStatementLine:
            cond, value = first_match(loop)
            default = after.body[0].value if after is not None else cst.Name("None")
            gen = cst.GeneratorExp(elt=comp_safe(value), for_in=cst.CompFor(
                target=loop.target, iter=comp_safe(loop.iter),
                ifs=[cst.CompIf(test=comp_safe(cond))]))
            call = cst.Call(func=cst.Name("next"), args=[
                cst.Arg(value=gen, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))),
                cst.Arg(value=default)])
            return cst.SimpleStatementLine(body=[cst.Return(value=call)],
                                           leading_lines=loop.leading_lines)

        def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                                updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
            block = super().leave_IndentedBlock(original_node, updated_node)
            # a loop ending the function's body: falling off the end returns None
            old = original_node.body
            if (block is updated_node and old and len(block.body) == len(old)
                    and block.body[-1].deep_equals(old[-1]) and self._applies(old[-1], None)):
                self.sites += 1
                body = list(block.body)
                body[-1] = self._build(body[-1], None)
                block = block.with_changes(body=body)
            return block
