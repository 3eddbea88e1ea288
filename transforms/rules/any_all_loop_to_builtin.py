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


def search_nest(loop: cst.CSTNode) -> tuple[list[cst.For], cst.BaseExpression, str] | None:
    """``for ...: [for ...:]* if cond: return True|False`` (each loop body one statement, no
    else/elif/async): the loops from the outside in, the condition and the returned constant."""
    loops: list[cst.For] = []
    node = loop
    while (isinstance(node, cst.For) and node.orelse is None and node.asynchronous is None
           and isinstance(node.body, cst.IndentedBlock) and len(node.body.body) == 1):
        loops.append(node)
        node = node.body.body[0]
    if not (loops and isinstance(node, cst.If) and node.orelse is None
            and isinstance(node.body, cst.IndentedBlock) and len(node.body.body) == 1
            and m.matches(node.body.body[0], _RETURN_BOOL)):
        return None
    return loops, node.test, node.body.body[0].body[0].value.value


def search_loop(loop: cst.CSTNode) -> tuple[cst.BaseExpression, str] | None:
    """``for ...: if cond: return True|False`` (nothing else in the loop, no else/elif):
    the condition and the returned constant."""
    found = search_nest(loop)
    return found[1:] if found is not None and len(found[0]) == 1 else None


@register
class AnyAllLoopToBuiltin(Rule):
    """``for x in xs: if c: return True`` + ``return False`` -> ``return any(c for x in xs)``;
    with ``return False`` inside and ``return True`` after: ``return all(d for x in xs)`` when
    ``c`` is ``not d``, else ``return not any(c for x in xs)``. Nested loops (each body the
    next loop) become one generator with a ``for`` clause per loop, in the same order: it runs
    each inner iterable once per outer item, where the loop did. Inner iterables are moved
    code like ``c`` (evaluated in the generator, so they must read no loop variable of their
    own loop or a deeper one, and pass the same checks).

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
            found = search_nest(loop)
            if found is None or not m.matches(after, _RETURN_BOOL):
                return False
            loops, cond, inside = found
            if after.body[0].value.value == inside:
                return self.skip("the loop and the statement after it return the same bool")
            ev = self.ev
            func = ev.function_of(loop)
            per_loop = [loop_target_names(f.target) for f in loops]
            if func is None:
                return self.skip("not in a function's own scope")
            if not all(per_loop):
                return self.skip("loop target is not plain names")
            targets = [t for names in per_loop for t in names]
            if not ev.simple_function(func):
                return self.skip(DYNAMIC_FUNCTION)
            if not ev.not_recursive(func):
                return False  # the generator's frame (and any()'s) are added
            scope = ev.scopes.get(loop)
            if not (ev.is_builtin("any") and ev.is_builtin("all")):
                return self.skip("any or all is shadowed")
            inner = [f.iter for f in loops[1:]]  # evaluated inside the generator
            if any(unsupported_inside(e) for e in [cond, loop.iter] + inner):
                return self.skip(UNSUPPORTED_INSIDE)
            if guarded(ev, loop, func) or not all(local_only(ev, func, scope, t) for t in targets):
                return False  # they said why
            if len(set(targets)) != len(targets):
                return self.skip("two nested loops bind the same name")
            for i, f in enumerate(loops):  # an iterable may read only the loops around it
                later = {t for names in per_loop[i:] for t in names}
                if later & {n.value for n in read_names(f.iter)}:
                    return self.skip("the iterable reads a loop variable")
            return (bound_names_safe(ev, func, scope, [cond] + inner, set(targets), loop)
                    and generator_safe(ev, [cond] + inner))

        _indents: list[str] = []

        def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
            self._indents = [*self._indents, node.indent or self._module.default_indent]

        def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                                updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
            block = super().leave_IndentedBlock(original_node, updated_node)
            self._indents = self._indents[:-1]
            return block

        def _build(self, loop: cst.For, after: cst.SimpleStatementLine) -> cst.SimpleStatementLine:
            loops, cond, inside = search_nest(loop)
            func, negate = "any", False
            if inside == "False":
                if m.matches(cond, m.UnaryOperation(operator=m.Not())) and not cond.lpar:
                    func, cond = "all", cond.expression
                else:
                    negate = True
            clause = None
            for f in reversed(loops):  # the clauses from the inside out
                clause = cst.CompFor(target=f.target, iter=comp_safe(f.iter), inner_for_in=clause)
            gen = cst.GeneratorExp(elt=cond, lpar=[], rpar=[], for_in=clause)
            value: cst.BaseExpression = cst.Call(func=cst.Name(func), args=[cst.Arg(value=gen)])
            if negate:
                value = cst.UnaryOperation(operator=cst.Not(), expression=value)
            line = after.with_changes(body=[after.body[0].with_changes(value=value)],
                                      leading_lines=loop.leading_lines)
            indent = "".join(self._indents)
            code = cst.Module(body=[]).code_for_node(line.with_changes(leading_lines=[]))
            if len(loops) > 1 and len(indent) + len(code.rstrip()) > 99:
                # the for clauses on a line of their own, under the generator's first character
                column = len(indent) + len(code) - len(code.lstrip()) + code.lstrip().index("(") + 1
                gen = gen.with_changes(for_in=gen.for_in.with_changes(
                    whitespace_before=cst.ParenthesizedWhitespace(
                        last_line=cst.SimpleWhitespace(" " * column))))
                value = cst.Call(func=cst.Name(func), args=[cst.Arg(value=gen)])
                if negate:
                    value = cst.UnaryOperation(operator=cst.Not(), expression=value)
                line = line.with_changes(body=[after.body[0].with_changes(value=value)])
            return line
