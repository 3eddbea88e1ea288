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


def iterating_consumer(call: cst.Call) -> str | None:
    """``list``, ``eager``, ``lazy`` or ``join`` when ``call`` is a call of a builtin that only
    iterates its first, positional argument, whatever it is (a list, a comprehension, a
    ``map``/``filter`` object): the eager ones first build all items (``tuple``, ``sorted`` and
    ``<receiver>.join`` into a list or tuple, ``set``/``frozenset`` hashing each item as it
    comes), the lazy ones read item by item and may stop early (``any``/``all``) or combine
    items as they come (``sum``, ``min``, ``max``). The other arguments are the keyword ones
    ``sorted``/``min``/``max`` take and ``sum``'s start. Whether the name is the builtin (the
    receiver a str) is the caller's to check."""
    args = call.args
    if not args or args[0].keyword is not None or args[0].star or any(a.star for a in args[1:]):
        return None
    func = call.func
    if isinstance(func, cst.Name):
        name, rest = func.value, args[1:]
        keywords_only = all(a.keyword is not None for a in rest)
        if name == "list" and not rest:
            return "list"
        if name in ("tuple", "set", "frozenset") and not rest:
            return "eager"
        if name == "sorted" and keywords_only:
            return "eager"
        if name in ("min", "max") and keywords_only:
            return "lazy"
        if name in ("any", "all") and not rest:
            return "lazy"
        if name == "sum" and len(rest) <= 1 and (not rest or rest[0].keyword is None
                                                 or rest[0].keyword.value == "start"):
            return "lazy"
        return None
    if isinstance(func, cst.Attribute) and func.attr.value == "join" and len(args) == 1:
        return "join"
    return None


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
