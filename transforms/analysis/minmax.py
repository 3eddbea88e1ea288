"""When ``min(a, b)`` / ``max(a, b)`` and ``b if b < a else a`` / ``b if b > a else a`` are the
same computation (``min-max-pair-to-conditional`` and its inverse).

The builtin walks its arguments in order and replaces the best so far by a later item only
when ``item < best`` (``>`` for ``max``) is true: with two arguments it computes ``b < a``
once, takes its truth as ``if`` does, and returns ``b`` if true, else ``a`` (the first of equal
items, NaN kept where it stands). The conditional does the same comparison on the same objects
in the same operand order, so the same dunders run with the same errors. What differs, and
what ``operands_ok`` rules out: the conditional reads ``a`` again after the comparison (only a
closure could rebind a local in between), it reads ``b`` first where the builtin reads ``a``
first (with both unbound the ``UnboundLocalError`` names the other), and the call of the
builtin is a level of CPython 3.11's recursion limit.
"""

from __future__ import annotations

import libcst as cst

from .loops import bound_in_enclosing_blocks, local_only

OPERATOR = {"min": cst.LessThan, "max": cst.GreaterThan}
BUILTIN_OF = {cst.LessThan: "min", cst.GreaterThan: "max"}


def literal(e: cst.BaseExpression) -> bool:
    """A number, string or constant name, or a negated number: reading it twice is free."""
    if isinstance(e, cst.UnaryOperation) and isinstance(e.operator, cst.Minus):
        e = e.expression
    return (isinstance(e, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString))
            or isinstance(e, cst.Name) and e.value in ("True", "False", "None"))


def operands_ok(ev, node: cst.CSTNode, builtin: str, operands) -> bool:
    """``builtin`` (min or max) of ``operands`` (a, b) at ``node`` is interchangeable with the
    conditional: the builtin is the real one whenever the code runs (which also rules out
    ``locals()``/``exec``/frames anywhere in the module), ``node`` is in a function on no
    recursion cycle, and each operand is a literal or a plain local no nested
    scope sees, one of them certainly bound (``loops.bound_in_enclosing_blocks``). Says why not (``ev.skip``)."""
    if not ev.real_builtin(builtin):
        return False
    func = ev.function_of(node)
    if func is None:
        return ev.skip("not in a function's own scope")
    if not ev.not_recursive(func):
        return False
    scope = ev.scopes.get(node)
    bound = None
    settled = False
    for value in operands:
        if literal(value):
            settled = True
            continue
        if not isinstance(value, cst.Name):
            return ev.skip("an argument is not a plain local or a literal "
                           "(reading it twice could run code twice)")
        if not scope.assignments[value.value]:
            return ev.skip(f"{value.value!r} is not a local (a global can change "
                           "while the comparison runs)")
        if not local_only(ev, func, scope, value.value):
            return False
        if bound is None:
            bound = bound_in_enclosing_blocks(ev, func, node)
        settled = settled or value.value in bound
    return settled or ev.skip(
        "neither argument is certainly bound (an UnboundLocalError would name the "
        "other variable)")
