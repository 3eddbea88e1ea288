"""``r = a % b`` + ``a //= b`` (or ``q = a // b`` + ``r = a % b``) -> ``divmod``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import FusePairs, guarded, local_only
from ..analysis.names import read_names
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

_OPERAND = m.Name() | m.Integer()
_MOD = m.BinaryOperation(left=m.Name(), operator=m.Modulo(), right=_OPERAND)


def _one_small(stmt: cst.CSTNode) -> cst.BaseSmallStatement | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        return stmt.body[0]
    return None


def _plain_assign(small) -> tuple[str, cst.BaseExpression] | None:
    """``name = value`` with one plain-name target: ``(name, value)``."""
    if (isinstance(small, cst.Assign) and len(small.targets) == 1
            and isinstance(small.targets[0].target, cst.Name)):
        return small.targets[0].target.value, small.value
    return None


def _quotient_update(small) -> tuple[str, cst.BaseExpression] | None:
    """``a //= b`` or ``a = a // b``: ``(a, b)``."""
    if (isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.FloorDivideAssign)
            and isinstance(small.target, cst.Name) and m.matches(small.value, _OPERAND)):
        return small.target.value, small.value
    found = _plain_assign(small)
    if found is not None and m.matches(found[1], m.BinaryOperation(
            left=m.Name(found[0]), operator=m.FloorDivide(), right=_OPERAND)) \
            and not found[1].lpar:
        return found[0], found[1].right
    return None


def _division(value, op) -> tuple[str, cst.BaseExpression] | None:
    """``a <op> b`` with a plain name ``a`` and a name or int literal ``b``."""
    if (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, op)
            and isinstance(value.left, cst.Name) and m.matches(value.right, _OPERAND)
            and not value.lpar):
        return value.left.value, value.right
    return None


def _same(a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
    return a.deep_equals(b)


def _divmod(a: str, b: cst.BaseExpression, first: str, second: str) -> cst.SimpleStatementLine:
    return cst.SimpleStatementLine(body=[cst.Assign(
        targets=[cst.AssignTarget(cst.Tuple([cst.Element(cst.Name(first)),
                                             cst.Element(cst.Name(second))], lpar=[], rpar=[]))],
        value=cst.Call(func=cst.Name("divmod"), args=[cst.Arg(cst.Name(a)), cst.Arg(b)]))])


@register
class FloordivModToDivmod(Rule):
    """Two adjacent statements dividing the same ints become one ``divmod``:

    * ``r = a % b`` + ``a //= b`` (or ``a = a // b``) -> ``a, r = divmod(a, b)``;
    * ``q = a // b`` + ``r = a % b`` (either order) -> ``q, r = divmod(a, b)``.

    For ints ``divmod(a, b) == (a // b, a % b)`` exactly, and ``b == 0`` raises
    ``ZeroDivisionError`` before anything is bound either way. ``a`` is a plain name, ``b`` a
    name or an int literal, both with int evidence; the names bound are distinct, and the first
    statement binds neither ``a`` nor ``b`` (the second reads them as they were). Nothing runs
    between the two statements, so binding both names at once is unobservable.

    * ``s = str(a % b) + s`` + ``a //= b`` -> ``a, remainder = divmod(a, b)`` +
      ``s = str(remainder) + s``, under the conditions of ``_inline_sound``.

    A call, a tuple and an unpacking replace two arithmetic operations: measured slower on
    small ints.
    """

    id = "floordiv-mod-to-divmod"
    description = "Compute a quotient and remainder of ints with one divmod() call."
    category = "performance"
    family = "expression"
    intent = "slower"
    uses_domain = True
    inverse = "divmod-to-floordiv-mod"

    class Transformer(FusePairs, EvidenceTransformer):
        def _applies(self, first, second) -> bool:
            plan = self._plan(first, second)
            return plan is not None and self._sound(first, *plan)

        def _plan(self, first, second):
            """``(a, b, names bound in order, a updated in place)`` or None."""
            s1, s2 = _one_small(first), _one_small(second)
            one = _plain_assign(s1)
            if one is None or any(line.comment for line in second.leading_lines):
                return None
            update = _quotient_update(s2)
            if update is not None and _division(one[1], cst.Modulo) is None:
                mods = [n for n in m.findall(one[1], _MOD) if not n.lpar
                        and n.left.value == update[0] and _same(n.right, update[1])]
                if len(mods) == 1:  # ``s = str(a % b) + s`` + ``a //= b``
                    return update[0], update[1], (update[0], None), mods[0]
                return None
            mod = _division(one[1], cst.Modulo)
            if update is not None and mod is not None and mod[0] == update[0] \
                    and _same(mod[1], update[1]):
                return update[0], update[1], (update[0], one[0]), True
            two = _plain_assign(s2)
            if two is None:
                return None
            for (q, qv), (r, rv) in ((one, two), (two, one)):
                div, rem = _division(qv, cst.FloorDivide), _division(rv, cst.Modulo)
                if div is not None and rem is not None and div[0] == rem[0] \
                        and _same(div[1], rem[1]):
                    return div[0], div[1], (q, r), False
            return None

        def _sound(self, first, a, b, names, in_place) -> bool:
            ev = self.ev
            func = ev.function_of(first)
            if func is None or not ev.simple_function(func):
                return False
            operands = {a} | ({b.value} if isinstance(b, cst.Name) else set())
            if isinstance(in_place, cst.BinaryOperation):
                return self._inline_sound(first, func, a, operands, in_place)
            if len(set(names)) != 2 or (operands & set(names) and not in_place) \
                    or (in_place and names[1] in operands):
                return False
            if not ev.is_builtin("divmod"):
                return self.skip("divmod is shadowed")
            value = _one_small(first).value
            if not (is_int(ev.type_of(value.left)) and is_int(ev.type_of(value.right))):
                return self.skip("no evidence that both operands are ints")
            return True

        def _inline_sound(self, first, func, a, operands, mod) -> bool:
            """``s = <expr with a % b>`` + ``a //= b``: ``a % b`` becomes a fresh name bound by
            the divmod before the statement, so ``a`` changes before the rest of the statement
            runs. Sound when ``a % b`` is what the statement evaluates first (through left
            operands and first arguments of builtins, nothing before it can raise), the
            statement reads ``a`` nowhere else and binds neither operand, and an exception
            later in it cannot expose the new ``a``: a local no closure sees, no try/with."""
            ev = self.ev
            assign = _one_small(first)
            if assign.targets[0].target.value in operands:
                return False
            if sum(1 for n in read_names(assign.value) if n.value == a) != 1 \
                    or not self._first_evaluated(assign.value, mod):
                return self.skip("a % b is not what the statement evaluates first")
            if not ev.is_builtin("divmod"):
                return self.skip("divmod is shadowed")
            if not (is_int(ev.type_of(mod.left)) and is_int(ev.type_of(mod.right))):
                return self.skip("no evidence that both operands are ints")
            scope = ev.scopes.get(first)
            return not guarded(ev, first, func) and local_only(ev, func, scope, a)

        def _first_evaluated(self, expr, target) -> bool:
            if expr is target:
                return True
            if isinstance(expr, (cst.BinaryOperation, cst.Comparison)):
                return self._first_evaluated(expr.left, target)
            if isinstance(expr, cst.UnaryOperation):
                return self._first_evaluated(expr.expression, target)
            if (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name)
                    and self.ev.is_builtin(expr.func.value) and expr.args
                    and expr.args[0].keyword is None and not expr.args[0].star):
                return self._first_evaluated(expr.args[0].value, target)
            return False

        def _build(self, first, second):
            a, b, names, inline = self._plan(first, second)
            if isinstance(inline, cst.BinaryOperation):
                rest = self.names.fresh("remainder")
                line = _divmod(a, b, a, rest).with_changes(leading_lines=first.leading_lines)
                found = [n for n in m.findall(first, _MOD) if not n.lpar and n.left.value == a
                         and _same(n.right, b)]
                kept = first.deep_replace(found[0], cst.Name(rest))
                return [line, kept.with_changes(leading_lines=[],
                                                trailing_whitespace=second.trailing_whitespace)]
            line = _divmod(a, b, *names)
            return line.with_changes(leading_lines=first.leading_lines,
                                     trailing_whitespace=second.trailing_whitespace)
