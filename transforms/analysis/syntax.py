"""Syntax: literals, layout (parentheses, line breaks, token boundaries) of moved or replaced
expressions, negation, and the one table of augmented-assignment operators."""

from __future__ import annotations

from typing import Sequence

import libcst as cst
import libcst.matchers as m


def is_literal(expr: cst.BaseExpression) -> bool:
    """A number, string (not f-string), ``True``/``False``/``None``/``...`` or a signed number."""
    if isinstance(expr, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString,
                         cst.ConcatenatedString, cst.Ellipsis)):
        return not isinstance(expr, cst.ConcatenatedString) or all(
            isinstance(p, cst.SimpleString) for p in (expr.left, expr.right))
    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return True
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, (cst.Minus, cst.Plus)):
        return isinstance(expr.expression, (cst.Integer, cst.Float, cst.Imaginary))
    return False


def is_pure_expression(expr: cst.BaseExpression, allow_names: bool = True) -> bool:
    """No side effects, deterministic, and it cannot raise once its names are bound.

    Literals, names (reading a bound local is pure; ``allow_names=False`` excludes them) and
    tuples of pure expressions. Anything that runs user code (calls, operators that may be
    overloaded, attribute access, subscripts, comparisons) is *not* pure here, and neither is
    a list/dict/set display (it builds a new mutable object: identity is observable)."""
    if is_literal(expr):
        return True
    if isinstance(expr, cst.Name):
        return allow_names
    if isinstance(expr, cst.Tuple):
        return all(not isinstance(el, cst.StarredElement)
                   and is_pure_expression(el.value, allow_names) for el in expr.elements)
    return False


def is_name(expr: cst.CSTNode, value: str | None = None) -> bool:
    return isinstance(expr, cst.Name) and (value is None or expr.value == value)


def is_len_of(expr: cst.BaseExpression, name: str) -> bool:
    """``expr`` is ``len(name)``: one positional argument, the bare name (whether ``len`` is the
    builtin is the caller's to check)."""
    return m.matches(expr, m.Call(func=m.Name("len"),
                                  args=[m.Arg(value=m.Name(name), keyword=None, star="")]))


def is_multiline(node: cst.CSTNode) -> bool:
    """The node's source spans several lines (it may rely on enclosing brackets to do so)."""
    return "\n" in cst.Module(body=[]).code_for_node(node)


def keep_lines_together(expr: cst.BaseExpression) -> cst.BaseExpression:
    """Parenthesize a multi-line expression that is moved out of the brackets that allowed its
    line breaks (``[x for x in xs if a and\\n b]`` -> ``if (a and\\n b):``)."""
    if not expr.lpar and is_multiline(expr):
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def source_neighbours(lines: Sequence[str], code_range) -> tuple[str, str]:
    """The source characters just before and just after a ``PositionProvider`` range (a space
    at line ends). The range excludes the node's own parentheses."""
    start, end = code_range.start, code_range.end
    first = lines[start.line - 1] if start.line - 1 < len(lines) else ""
    last = lines[end.line - 1] if end.line - 1 < len(lines) else ""
    before = first[start.column - 1] if 0 < start.column <= len(first) else " "
    after = last[end.column] if end.column < len(last) else " "
    return before, after


def keep_token_boundaries(new: cst.BaseExpression, before: str, after: str) -> cst.BaseExpression:
    """Parenthesize ``new`` if its first or last character would fuse with the neighbouring
    source character: ``return(x) not in y`` has no space after ``return``, so the replacement
    ``not (x) in y`` needs parentheses; so does one ending in a name before ``...)if c``."""
    if new.lpar:
        return new
    code = cst.Module(body=[]).code_for_node(new)
    if code and ((_word_char(before) and _word_char(code[0]))
                 or (_word_char(after) and _word_char(code[-1]))):
        return new.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return new

def replace_expression(original: cst.BaseExpression, new: cst.BaseExpression,
                       lines: Sequence[str], code_range) -> cst.BaseExpression:
    """``new`` made safe to stand where ``original`` stood in the source: it keeps the
    original's own parentheses if it has none, and otherwise gets parentheses when it would
    fuse with a neighbouring keyword or name (``code_range`` from ``PositionProvider`` for
    ``original``; None parenthesizes whenever either end is a word character)."""
    if original.lpar:
        return new if new.lpar else new.with_changes(lpar=original.lpar, rpar=original.rpar)
    before, after = source_neighbours(lines, code_range) if code_range else ("a", "a")
    return keep_token_boundaries(new, before, after)


def comp_safe(expr: cst.BaseExpression) -> cst.BaseExpression:
    """Parenthesize what cannot stand unparenthesized as a comprehension's iterable or
    condition (``x for x in a if c else b`` would parse differently)."""
    if isinstance(expr, (cst.IfExp, cst.Lambda, cst.NamedExpr, cst.Yield, cst.Tuple)) \
            and not expr.lpar:
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


def own_parens(expr: cst.BaseExpression) -> cst.BaseExpression:
    """A bare generator expression (a call's only argument, ``sum(x for x in xs)``) with the
    parentheses it shared with the call; anything else as it is."""
    if isinstance(expr, cst.GeneratorExp) and not expr.lpar:
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


def beside_others(arg: cst.Arg) -> cst.Arg:
    """A call's only argument made ready to stand beside others (``reduce(f, x for x in xs,
    0)`` does not parse): see ``own_parens``."""
    return arg.with_changes(value=own_parens(arg.value))


def moved_out(expr: cst.BaseExpression, unparenthesize: bool = False) -> cst.BaseExpression:
    """``expr`` ready to stand outside the brackets it came from (a loop header, an ``if``
    test, a statement): optionally without its own parentheses when it fits on one line, and
    parenthesized when it spans lines (its line breaks were legal only inside brackets). A bare
    generator expression (a call's only argument, ``enumerate(x for x in xs)``) gets the
    parentheses it borrowed from the call."""
    if isinstance(expr, cst.GeneratorExp) and not expr.lpar:
        return own_parens(expr)
    if unparenthesize and expr.lpar:
        bare = expr.with_changes(lpar=[], rpar=[])
        if not is_multiline(bare):
            return bare
        return expr
    return keep_lines_together(expr)


# Expressions that bind tighter than ``not`` and can follow it without parentheses.
_ATOMIC = (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.Integer, cst.Float,
           cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.List, cst.Tuple,
           cst.Dict, cst.Set, cst.Comparison, cst.BinaryOperation, cst.UnaryOperation)


def negate(test: cst.BaseExpression) -> cst.BaseExpression:
    """``not (test)``, parenthesized only where precedence requires it."""
    if not isinstance(test, _ATOMIC) and not test.lpar:
        test = test.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return cst.UnaryOperation(operator=cst.Not(), expression=test)


# ``not (a in b)`` is ``a not in b`` by definition (and ``is``/``is not`` likewise), whatever
# the operands: the language defines the negated operator as the negation.
_NEGATED_OPERATOR = {cst.In: cst.NotIn, cst.NotIn: cst.In, cst.Is: cst.IsNot, cst.IsNot: cst.Is}
NOT_A_COMPARISON = ("negating a comparison would read `not a == b` / `not a < b`, which no one "
                    "writes (and `a != b`, `a >= b` are not the same for every type)")


# The negation of an ordering or equality operator, for operands whose types make it exact.
_COMPLEMENT = {cst.LessThan: cst.GreaterThanEqual, cst.GreaterThanEqual: cst.LessThan,
               cst.GreaterThan: cst.LessThanEqual, cst.LessThanEqual: cst.GreaterThan,
               cst.Equal: cst.NotEqual, cst.NotEqual: cst.Equal}


def natural_negation(test: cst.BaseExpression, exact=None,
                     original: cst.BaseExpression | None = None) -> cst.BaseExpression | None:
    """The negation of ``test`` as a person writes it, or None when only the unnatural form is
    sound: ``not x`` -> ``x``, ``a in b`` -> ``a not in b``, ``a is b`` -> ``a is not b``,
    ``x`` -> ``not x`` (``not (a and b)`` for a boolean operation); None for a single ``==``,
    ``!=``, ``<``... comparison (``not a < b`` is not ``a >= b`` with NaN, nor ``not a == b``
    ``a != b`` for a type whose ``__ne__`` disagrees). A rule calls it where its condition is
    only ever tested for truth, and skips with ``NOT_A_COMPARISON`` on None.

    ``exact(op, left, right)``, when given, says whether the complement of ``op`` is exactly
    the negation for these operands (``analysis.evidence.complement_is_exact``: ints and strs
    for an ordering, builtin scalars for ``==``); then ``a < b`` becomes ``a >= b``. It is asked
    about the operands of ``original`` (the node the metadata knows), ``test`` by default."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) \
            and not test.lpar:
        inner = test.expression
        if inner.lpar and isinstance(inner, _ATOMIC) and not is_multiline(inner):
            inner = inner.with_changes(lpar=[], rpar=[])  # ``not (x)`` -> ``x``
        return inner
    if isinstance(test, cst.Comparison) and len(test.comparisons) > 1:
        # ``not (0 <= i < n)``: the parentheses say what is negated
        bracketed = test if test.lpar else test.with_changes(lpar=[cst.LeftParen()],
                                                             rpar=[cst.RightParen()])
        return cst.UnaryOperation(operator=cst.Not(), expression=bracketed)
    if isinstance(test, cst.Comparison):
        target = test.comparisons[0]
        flipped = _NEGATED_OPERATOR.get(type(target.operator))
        if flipped is None:
            source = original if isinstance(original, cst.Comparison) else test
            if exact is None or type(target.operator) not in _COMPLEMENT or not exact(
                    target.operator, source.left, source.comparisons[0].comparator):
                return None
            flipped = _COMPLEMENT[type(target.operator)]
        op = target.operator
        # keep the spacing of the operator (``not in`` has two spaces of its own)
        whitespace = dict(whitespace_before=op.whitespace_before,
                          whitespace_after=op.whitespace_after)
        return test.with_changes(comparisons=[target.with_changes(operator=flipped(**whitespace))])
    return negate(test)


# Operands that need parentheses after ``not`` or as a bare condition next to other operators.
_LOOSE = (cst.IfExp, cst.BooleanOperation, cst.Lambda, cst.NamedExpr, cst.Comparison,
          cst.UnaryOperation)


def wrap(expr: cst.BaseExpression) -> cst.BaseExpression:
    """``expr``, parenthesized if it is a loose operand (see ``_LOOSE``)."""
    if isinstance(expr, _LOOSE) and not expr.lpar:
        return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return expr


_JUMPS = (cst.Return, cst.Raise, cst.Continue, cst.Break)


def ends_with_jump(body: cst.BaseSuite) -> bool:
    """The block's last statement is ``return``/``raise``/``continue``/``break``: control never
    falls through the end of the block."""
    if isinstance(body, cst.SimpleStatementSuite):
        small = body.body
    else:
        last = body.body[-1] if body.body else None
        if not isinstance(last, cst.SimpleStatementLine):
            return False
        small = last.body
    return bool(small) and isinstance(small[-1], _JUMPS)


# ``x op= e`` -> ``x = x op e``: every augmented operator and its binary operator.
AUG_TO_BIN = {
    cst.AddAssign: cst.Add, cst.SubtractAssign: cst.Subtract, cst.MultiplyAssign: cst.Multiply,
    cst.DivideAssign: cst.Divide, cst.FloorDivideAssign: cst.FloorDivide,
    cst.ModuloAssign: cst.Modulo, cst.PowerAssign: cst.Power,
    cst.LeftShiftAssign: cst.LeftShift, cst.RightShiftAssign: cst.RightShift,
    cst.BitOrAssign: cst.BitOr, cst.BitAndAssign: cst.BitAnd, cst.BitXorAssign: cst.BitXor,
    cst.MatrixMultiplyAssign: cst.MatrixMultiply,
}
BIN_TO_AUG = {b: a for a, b in AUG_TO_BIN.items()}


def prepend(body: cst.BaseSuite, stmts: list[cst.BaseSmallStatement]) -> cst.BaseSuite:
    """Put small statements at the top of a block (indented or on one line)."""
    if isinstance(body, cst.IndentedBlock):
        return body.with_changes(body=[cst.SimpleStatementLine(body=[s]) for s in stmts]
                                 + list(body.body))
    return body.with_changes(body=stmts + list(body.body))


def str_join(func: cst.BaseExpression) -> bool:
    """``func`` is ``<str literal>.join``."""
    return (isinstance(func, cst.Attribute) and func.attr.value == "join"
            and isinstance(func.value, cst.SimpleString) and "b" not in func.value.prefix.lower())


def stored(node: cst.CSTNode, ev) -> bool:
    """``node`` is (inside) an assignment, augmented assignment, ``for``, walrus, ``del`` or
    ``as`` target (``ev.parent`` gives each node's parent)."""
    parent = ev.parent(node)
    while isinstance(parent, (cst.Tuple, cst.List, cst.Element, cst.StarredElement)):
        node, parent = parent, ev.parent(parent)
    if isinstance(parent, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)):
        return parent.target is node
    return isinstance(parent, (cst.AssignTarget, cst.Del, cst.AsName))


def hands_back(call: cst.Call, arg: cst.Arg) -> bool:
    """``arg`` of a call of the builtin ``min``/``max``/``sum`` may come back as the call's
    result, the very object: one of several positional arguments or the ``default=`` of
    ``min``/``max`` (they return one of them), ``sum``'s start (``sum([], xs)`` is ``xs``)."""
    positional = [a for a in call.args if a.keyword is None]
    if call.func.value in ("min", "max"):
        return positional != [arg]
    if call.func.value == "sum":
        return not positional or positional[0] is not arg
    return False
