"""Values an assignment can be moved with: literals and displays of literals, and which names
are surely bound at a statement of a straight-line block (``move-assignment-across-if``,
``reorder-independent-assignments``)."""

from __future__ import annotations

from typing import Sequence

import libcst as cst
import libcst.matchers as m

from .syntax import is_literal


def literal_display(expr: cst.BaseExpression) -> bool:
    """A literal, or a list/tuple/set/dict display of literals (``[]``, ``{}``, ``[1, 3]``):
    a new object, built without running user code or raising (a set's items and a dict's keys
    are literals of builtin types, so hashing them runs no user code)."""
    if is_literal(expr) and not isinstance(expr, cst.Ellipsis):
        return True
    if isinstance(expr, (cst.List, cst.Tuple)):
        return all(isinstance(el, cst.Element) and literal_display(el.value)
                   for el in expr.elements)
    if isinstance(expr, cst.Set):
        return all(isinstance(el, cst.Element) and is_literal(el.value) for el in expr.elements)
    if isinstance(expr, cst.Dict):
        return all(isinstance(el, cst.DictElement) and is_literal(el.key)
                   and literal_display(el.value) for el in expr.elements)
    return False


def names_in(node: cst.CSTNode) -> set[str]:
    """Every name written in ``node`` (read, bound or called)."""
    return {n.value for n in m.findall(node, m.Name())}


def bound_before(params: cst.Parameters, before: Sequence[cst.BaseStatement],
                 deleted: set[str]) -> set[str]:
    """Names surely bound after the straight-line statements ``before`` of a block run: the
    function's parameters and the targets of plain assignments among ``before``, less any name
    the function ``del``\\ etes anywhere."""
    bound = {x.name.value for x in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            bound.add(star.name.value)
    for stmt in before:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Assign):
                    for t in small.targets:
                        bound |= names_in(t.target)
    return bound - deleted


def deleted_names(func: cst.CSTNode) -> set[str]:
    """Names a ``del`` anywhere in ``func`` unbinds."""
    return {n.value for d in m.findall(func, m.Del()) for n in m.findall(d, m.Name())}
