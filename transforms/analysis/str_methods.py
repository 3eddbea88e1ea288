"""``lambda s: s.lower()`` and the unbound method ``str.lower``, handed to a builtin that calls
its function once per item (``map``/``filter``, ``key=``): shared by ``lambda-to-str-method``
and ``str-method-to-lambda``."""

from __future__ import annotations

import libcst as cst

from .types import STR, _STR_TO_BOOL, _STR_TO_STR

# str methods that take no argument but the receiver (as ``str.m(s)`` they take ``s``).
NO_ARG_METHODS = frozenset(
    m for m in _STR_TO_STR | _STR_TO_BOOL | {"split", "rsplit", "splitlines"}
    if m not in ("replace", "join", "center", "ljust", "rjust", "zfill", "startswith",
                 "endswith", "removeprefix", "removesuffix"))


def items_of(call: cst.Call, slot: int) -> cst.BaseExpression | None:
    """The iterable whose items the function in argument ``slot`` of ``call`` receives: the
    second argument of ``map``/``filter``, the first of ``sorted``/``min``/``max``."""
    if call.args[slot].keyword is None:
        return call.args[1].value if len(call.args) == 2 else None
    positional = [a for a in call.args if a.keyword is None]
    if len(positional) != 1 or positional[0].star:
        return None  # max(a, b, key=f) calls f on a and b themselves
    return positional[0].value


def str_items(ev, call: cst.Call, slot: int, anchor: cst.CSTNode) -> bool:
    """Every item the function receives is an exact str, ``str`` is the real builtin, and the
    function around ``anchor`` is on no recursion cycle (a lambda is one frame more per item).
    Says why not."""
    items = items_of(call, slot)
    if items is None or ev.elem_of(items) != STR:
        return ev.skip("no evidence every item is an exact str")
    if not ev.real_builtin("str"):
        return False
    func = ev.parent(anchor)
    while func is not None and not isinstance(func, cst.FunctionDef):
        func = ev.parent(func)
    return func is None or ev.not_recursive(func)
