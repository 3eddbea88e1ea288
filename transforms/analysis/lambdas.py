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


# Builtins whose call does not depend on the frame it is made from (unlike eval, exec, vars,
# locals, dir or super with no argument, which read the caller's variables): called by a
# lambda or directly by map/filter/sorted, they do the same.
FRAME_FREE_BUILTINS = frozenset({
    "abs", "all", "any", "ascii", "bin", "bool", "callable", "chr", "float", "frozenset",
    "hash", "hex", "int", "len", "list", "max", "min", "oct", "ord", "repr", "reversed",
    "round", "set", "sorted", "str", "sum", "tuple", "type",
})
# Builtins that call the function they are given with exactly one positional argument, an
# item: as their first argument (with one iterable), or as ``key=``.
_POSITIONAL = frozenset({"map", "filter"})
_KEYED = frozenset({"sorted", "min", "max"})


def function_slots(ev, call: cst.Call) -> list[int]:
    """Indices of ``call``'s arguments that hold a function the (unshadowed) builtin calls with
    one positional argument per item: ``map(f, xs)``/``filter(f, xs)`` (exactly one iterable:
    with two, ``map`` passes two arguments) and ``key=f`` of ``sorted``/``min``/``max``."""
    func = call.func
    if not isinstance(func, cst.Name) or any(a.star for a in call.args):
        return []
    if func.value in _POSITIONAL and len(call.args) == 2 and all(
            a.keyword is None for a in call.args):
        return [0] if ev.is_builtin(func.value) else []
    if func.value in _KEYED and ev.is_builtin(func.value):
        return [i for i, a in enumerate(call.args)
                if a.keyword is not None and a.keyword.value == "key"]
    return []


def wrappable_builtin(ev, name: str, node: cst.CSTNode) -> bool:
    """``name``, passed at ``node`` to a builtin that calls it per item, can be passed bare or
    wrapped in ``lambda x: name(x)`` alike: a builtin that ignores its caller's frame, the real
    one whenever it runs, and the ``def`` around ``node`` (through lambdas and comprehensions)
    on no recursion cycle (the lambda is one frame per item). Says why not."""
    if name not in FRAME_FREE_BUILTINS:
        return ev.skip(f"{name} is not a builtin known not to read its caller's frame")
    if not ev.real_builtin(name):
        return False
    func = ev.parent(node)
    while func is not None and not isinstance(func, cst.FunctionDef):
        func = ev.parent(func)
    return func is None or ev.not_recursive(func)
