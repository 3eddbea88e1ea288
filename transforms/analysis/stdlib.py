"""Calls of the standard library's ``math`` functions on builtin numbers, as type evidence and
as code that runs no user code (``purity.Inert``).

``math.ceil(x)`` is the stdlib function only when the name ``math`` is bound by nothing but
``import math`` statements (module level or in the enclosing functions), nothing in the module
stores an attribute of it (``math.ceil = ...``) or rebinds things at run time (``exec``,
``globals()``, ``sys.modules``... : ``builtins_pinned``). On an exact int, bool or float,
``ceil``/``floor``/``trunc`` call the builtin ``__ceil__``/``__floor__``/``__trunc__`` and
return an exact int (or raise on inf/NaN); ``sqrt``/``fabs`` return a float (or raise)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ImportAssignment

from .types import FLOAT, INT, T

MATH_RESULT = {"ceil": INT, "floor": INT, "trunc": INT, "sqrt": FLOAT, "fabs": FLOAT}
_NUMBERS = frozenset({"int", "bool", "float", "number"})


def _is_math_import(a) -> bool:
    return (isinstance(a, ImportAssignment) and isinstance(a.node, cst.Import)
            and any(isinstance(alias.name, cst.Name) and alias.name.value == "math"
                    and alias.asname is None for alias in a.node.names))


def math_call(ev, call: cst.Call) -> T | None:
    """The result type of ``math.f(x)`` (``MATH_RESULT``) when ``math`` is the stdlib module
    and ``x`` a builtin number, else None."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name)
            and func.value.value == "math" and func.attr.value in MATH_RESULT
            and len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star):
        return None
    arg = ev.type_of(call.args[0].value)
    if arg is None or arg.kind not in _NUMBERS:
        return None
    scope = ev.scopes.get(func.value)
    if scope is None or "math" not in scope:
        return None
    bindings = scope["math"]
    if not bindings or not all(_is_math_import(a) for a in bindings):
        return None
    if not _module_untouched(ev):
        return None
    return MATH_RESULT[func.attr.value]


def _module_untouched(ev) -> bool:
    cached = ev.__dict__.get("_math_untouched")
    if cached is None:
        module = ev.module
        stores = m.findall(module, m.AssignTarget(target=m.Attribute(value=m.Name("math")))
                           | m.AugAssign(target=m.Attribute(value=m.Name("math")))
                           | m.Del(target=m.Attribute(value=m.Name("math"))))
        cached = not stores and ev.builtins_pinned and "sys" not in {
            n.value for n in m.findall(module, m.Name())}
        ev.__dict__["_math_untouched"] = cached
    return cached
