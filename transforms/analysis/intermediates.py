"""Where a named intermediate can be introduced or inlined without moving any evaluation
(``name-intermediate`` and its inverse ``inline-intermediate``).

Python evaluates an expression's parts in a fixed order: the left operand of a binary
operation, comparison or ``and``/``or`` before the rest, a call's function before its
arguments, an attribute's or subscript's object before the rest. The chain of these first parts
(the *spine*: ``len(s)`` in ``len(s) - s.count(c)``, then ``len``) is evaluated before anything
else in the statement. So ``t = <spine node>`` just before the statement, and the node replaced
by ``t``, runs the same code in the same order, with the same effects and errors; and the
reverse holds for a name that is the spine's first node and is read nowhere else.
"""

from __future__ import annotations

from typing import Iterator

import libcst as cst
import libcst.matchers as m

# Subexpressions worth a name: computations, not a bare name or literal.
_COMPOUND = (cst.Call, cst.BinaryOperation, cst.Subscript, cst.Comparison)
# Expressions that need no parentheses wherever a name stood.
_ATOMIC = (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Integer, cst.Float,
           cst.Imaginary, cst.SimpleString, cst.ConcatenatedString, cst.FormattedString,
           cst.List, cst.Dict, cst.Set, cst.ListComp, cst.SetComp, cst.DictComp,
           cst.GeneratorExp)
# Nothing inside these may move (they bind, suspend or evaluate later).
UNMOVABLE = m.Yield() | m.Await() | m.NamedExpr()


def spine(expr: cst.BaseExpression, builtin=lambda name: False) -> Iterator[cst.BaseExpression]:
    """``expr``, then its first-evaluated part, then that part's, ... (see the module doc).

    A call of a builtin (``builtin(name)``: the name is the real builtin, bound nowhere in the
    module) looks its function up first, which can neither fail nor run code: its first
    argument is what really comes first, so the spine goes on there (``len(s.strip())``)."""
    node: cst.BaseExpression | None = expr
    while node is not None:
        yield node
        if isinstance(node, (cst.BinaryOperation, cst.Comparison, cst.BooleanOperation)):
            node = node.left
        elif isinstance(node, cst.Call):
            first = node.args[0] if node.args else None
            if isinstance(node.func, cst.Name) and builtin(node.func.value) and first is not None \
                    and not first.star and first.keyword is None:
                node = first.value
            else:
                node = node.func
        elif isinstance(node, (cst.Attribute, cst.Subscript)):
            node = node.value
        elif isinstance(node, cst.UnaryOperation):
            node = node.expression
        else:
            node = None


def statement_value(line: cst.SimpleStatementLine) -> cst.BaseExpression | None:
    """The expression a one-statement line evaluates first: ``return e``, ``name = e``."""
    if len(line.body) != 1:
        return None
    small = line.body[0]
    if isinstance(small, cst.Return):
        return small.value
    if isinstance(small, cst.Assign) and len(small.targets) == 1 \
            and isinstance(small.targets[0].target, cst.Name):
        return small.value
    return None


def to_name(expr: cst.BaseExpression | None, builtin=lambda name: False) -> cst.BaseExpression | None:
    """The largest proper part of ``expr`` on its spine worth a name, or None."""
    if expr is None or m.findall(expr, UNMOVABLE):
        return None
    for node in list(spine(expr, builtin))[1:]:
        if isinstance(node, _COMPOUND) and not (
                isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute)
                and isinstance(node.func.value, cst.Name) and not node.args):
            return node  # (``s.lower()`` alone reads fine as it is: a larger part is kept)
    return None


def fits_anywhere(expr: cst.BaseExpression) -> cst.BaseExpression:
    """``expr`` parenthesized unless it binds as tightly as a name does."""
    if isinstance(expr, _ATOMIC) or expr.lpar:
        return expr
    return expr.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
