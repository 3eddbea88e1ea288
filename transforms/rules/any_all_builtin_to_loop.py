"""``return any(...)`` / ``return all(...)`` -> an explicit search loop."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.accumulation import nest
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import (DYNAMIC_FUNCTION, TARGETS_NOT_PRIVATE, UNSUPPORTED_INSIDE, bound_names_safe,
                              generator_safe, targets_private, unsupported_inside)
from ..analysis.names import loop_target_names, read_names
from ..analysis.syntax import moved_out, natural_negation, negate, wrap
from ..analysis.types import BOOL

_ONE_ARG = m.Call(func=m.Name("any") | m.Name("all"), args=[m.Arg(keyword=None, star="")])


def search_return(value: cst.BaseExpression):
    """``(call, guard, op, negated)`` for a returned ``[not] any/all(...)``, or ``[not] (g or
    any/all(...))`` / ``and`` (the ``guard`` ``g``, the operator's word), else None."""
    negated = isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Not)
    inner = value.expression if negated else value
    if m.matches(inner, _ONE_ARG):
        return inner, None, None, negated
    if (isinstance(inner, cst.BooleanOperation) and m.matches(inner.right, _ONE_ARG)
            and not inner.right.lpar):
        op = "or" if isinstance(inner.operator, cst.Or) else "and"
        return inner.right, inner.left, op, negated
    return None


def _clauses(gen: cst.GeneratorExp) -> list[cst.CompFor]:
    """The ``for`` clauses of a generator expression, from the outside in."""
    clauses, clause = [], gen.for_in
    while clause is not None:
        clauses.append(clause)
        clause = clause.inner_for_in
    return clauses


def _return(value: str) -> cst.SimpleStatementLine:
    return cst.SimpleStatementLine(body=[cst.Return(value=cst.Name(value))])


@register
class AnyAllBuiltinToLoop(Rule):
    """``return any(c for x in xs if f)`` -> ``for x in xs: if f: if c: return True`` +
    ``return False``; ``all`` likewise with ``if not c: return False`` / ``return True``;
    ``return any(xs)`` loops over ``xs`` with a fresh variable; several ``for`` clauses become
    nested loops (an inner iterable may read only earlier clauses' variables: the loop reads
    them as function locals, the generator as its own). ``return not any(...)`` swaps
    the two constants; ``return [not] (g or any(...))`` (or ``and``) first tests ``g`` once,
    and returns the constant it decides (``if g: return True``, ``if not g: return False``...):
    without ``not``, the operator would return ``g`` itself, so ``g`` must be known to be a
    bool; with it, ``not`` tests a deciding ``g`` a second time, so ``g`` must be of a known
    builtin type (its truth test runs no code).

    The reverse of ``any-all-loop-to-builtin``. ``any``/``all`` call ``bool()`` once per item
    and stop at the first decisive one, where the loop returns the same constant; the loop
    evaluates ``xs`` once, calls ``iter`` first, and evaluates the ``if`` filters and ``c``
    per item in the generator's order. The comprehension variables become function locals,
    so they must be used nowhere else in the function (a global read elsewhere would turn
    into an unbound local). Other names read by ``c`` and the filters must be globals,
    builtins or never-deleted parameters (an unbound local raises ``UnboundLocalError`` in a
    loop but ``NameError`` in a generator). Every call in the moved code must be a
    StopIteration-safe builtin or a method of a value of known builtin type: a generator turns
    ``StopIteration`` into ``RuntimeError``, a loop lets it through. No ``yield``/``await``/walrus/
    lambda/comprehension in the moved code; ``any``/``all`` not rebound in the module.

    Intent "faster": on CPython 3.11 the explicit loop avoids resuming a generator per item
    (five timeit runs of a 1000-item scan with no hit on a shared machine: the loop took 0.4x
    to 0.9x the time of ``any(genexp)``).
    """

    id = "any-all-builtin-to-loop"
    description = "Replace return any()/all() by an explicit search loop."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "any-all-loop-to-builtin"

    class Transformer(EvidenceTransformer):
        def _applies(self, stmt: cst.SimpleStatementLine) -> bool:
            if not (len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Return)
                    and stmt.body[0].value is not None):
                return False
            found = search_return(stmt.body[0].value)
            if found is None:
                return False
            ev = self.ev
            call, guard, _, negated = found
            if guard is not None and not negated and ev.type_of(guard) != BOOL:
                # ``g or any(...)`` returns ``g`` itself when it is true: only a bool is True
                return self.skip("no evidence the operand before any()/all() is a bool")
            if guard is not None and ev.type_of(guard) is None:
                # ``not (g or ...)`` tests ``g``'s truth twice when ``g`` decides, the ``if``
                # once: only a builtin value's truth test runs no code
                return self.skip("no evidence of the type of the operand before any()/all()")
            func = ev.function_of(stmt)
            if func is None:
                return self.skip("not in a function's own scope")
            if not ev.simple_function(func):
                return self.skip(DYNAMIC_FUNCTION)
            if not ev.not_recursive(func):
                return False  # the generator's frame (and any()'s) go away
            if not ev.is_builtin(call.func.value):
                return self.skip(f"{call.func.value} is shadowed")
            arg = call.args[0].value
            if unsupported_inside(arg) and not isinstance(arg, cst.GeneratorExp):
                return self.skip(UNSUPPORTED_INSIDE)
            if not isinstance(arg, cst.GeneratorExp):
                return not isinstance(arg, (cst.ListComp, cst.SetComp, cst.DictComp)) or self.skip(
                    "the argument is a list/set/dict comprehension")
            clauses = _clauses(arg)
            if any(c.asynchronous is not None for c in clauses):
                return self.skip("async generator")
            per_clause = [loop_target_names(c.target) for c in clauses]
            if not all(per_clause):
                return self.skip("generator target is not plain names")
            targets = [t for names in per_clause for t in names]
            inner = [c.iter for c in clauses[1:]]  # evaluated in the generator, like the tests
            moved = [arg.elt] + [i.test for c in clauses for i in c.ifs] + inner
            if any(unsupported_inside(e) for e in moved + [clauses[0].iter]):
                return self.skip(UNSUPPORTED_INSIDE)
            if len(set(targets)) != len(targets):
                return self.skip("two for clauses bind the same name")
            for i, c in enumerate(clauses[1:], 1):  # an iterable reads only earlier clauses'
                if {t for names in per_clause[i:] for t in names} & {
                        n.value for n in read_names(c.iter)}:
                    return self.skip("an iterable reads its own or a later loop variable")
            if not targets_private(func, arg, clauses[0].iter, targets):
                return self.skip(TARGETS_NOT_PRIVATE)
            return bound_names_safe(ev, func, ev.scopes.get(stmt), moved, set(targets), stmt) \
                and generator_safe(ev, moved)

        def leave_SimpleStatementLine(self, original_node: cst.SimpleStatementLine,
                                      updated_node: cst.SimpleStatementLine):
            if not self._applies(original_node):
                return updated_node
            call, guard, op, negated = search_return(updated_node.body[0].value)
            kind, arg = call.func.value, call.args[0].value
            if isinstance(arg, cst.GeneratorExp):
                loops = [(c.target, c.iter, [i.test for i in c.ifs]) for c in _clauses(arg)]
                element = arg.elt
            else:
                item = self.names.fresh("item")
                loops, element = [(cst.Name(item), arg, [])], cst.Name(item)
            if isinstance(element, (cst.Name, cst.Call, cst.Comparison)):
                element = moved_out(element, unparenthesize=True)
            if kind == "any":
                test, inside, after = element, "True", "False"
            else:
                test = cst.UnaryOperation(operator=cst.Not(), expression=wrap(element))
                inside, after = "False", "True"
            if negated:
                inside, after = after, inside
            stmt = cst.If(test=moved_out(test), body=cst.IndentedBlock(body=[_return(inside)]))
            for target, iterable, conds in reversed(loops):  # from the inside out
                stmt = cst.For(target=moved_out(target, unparenthesize=True),
                               iter=moved_out(iterable),
                               body=cst.IndentedBlock(body=[nest(conds, stmt)]))
            loop = stmt.with_changes(leading_lines=updated_node.leading_lines)
            lines = [loop, _return(after)]
            if guard is not None:
                # ``g or X``: a true ``g`` decides (True, or False under ``not``); ``g and X``:
                # a false one does. ``g`` is tested once, first, as before.
                decided = (op == "or") != negated
                test = guard
                if op == "and":  # ``if k <= 0`` for ints, else ``if not (...)``
                    test = natural_negation(guard, self.complement_is_exact,
                                            search_return(original_node.body[0].value)[1]) \
                        or negate(guard)
                lines.insert(0, cst.If(test=moved_out(test, unparenthesize=True),
                                       body=cst.IndentedBlock(body=[_return(str(decided))]),
                                       leading_lines=updated_node.leading_lines))
                lines[1] = loop.with_changes(leading_lines=[])
            self.sites += 1
            return cst.FlattenSentinel(lines)
