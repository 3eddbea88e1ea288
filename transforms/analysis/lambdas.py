"""Shapes of ``map``/``filter`` calls with a lambda, shared by the rules that rewrite them."""

from __future__ import annotations

import libcst as cst


def simple_lambda(node: cst.BaseExpression) -> str | None:
    """The parameter of ``lambda x: ...`` (one plain positional parameter), else None."""
    if not isinstance(node, cst.Lambda):
        return None
    p = node.params
    if (len(p.params) != 1 or p.posonly_params or p.kwonly_params or p.star_kwarg is not None
            or not isinstance(p.star_arg, cst.MaybeSentinel) or p.params[0].default is not None):
        return None
    return p.params[0].name.value


def map_or_filter(node: cst.BaseExpression) -> str | None:
    """``map``/``filter`` when ``node`` is ``map(lambda x: ..., xs)`` or ``filter(...)``."""
    if not (isinstance(node, cst.Call) and isinstance(node.func, cst.Name)
            and node.func.value in ("map", "filter") and len(node.args) == 2
            and all(a.keyword is None and not a.star for a in node.args)
            and simple_lambda(node.args[0].value) is not None):
        return None
    return node.func.value
