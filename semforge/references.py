"""Builtin callables that an input may hold, named as Python code names them.

Inputs carved from a project's tests are read back from text (``len``, ``operator.add``,
``str.lower``: a test that calls ``groupby(len, words)`` gives such an argument). Only pure
builtins are named here: functions and types of ``builtins``, and the public callables of
``operator``, ``math`` and the builtin types' methods. They pickle by reference, so the sandbox
gets the very builtin. Imports only the standard library (the confined test run loads it).
"""

from __future__ import annotations

import builtins
import math
import operator

_BUILTINS = (
    "abs", "all", "any", "ascii", "bin", "bool", "bytearray", "bytes", "callable", "chr",
    "complex", "dict", "divmod", "enumerate", "filter", "float", "format", "frozenset", "hex",
    "int", "isinstance", "issubclass", "iter", "len", "list", "map", "max", "min", "next",
    "object", "oct", "ord", "pow", "print", "range", "repr", "reversed", "round", "set", "slice",
    "sorted", "str", "sum", "tuple", "type", "zip",
)
_TYPES = (str, bytes, list, dict, set, frozenset, tuple, int, float, complex)


def _table() -> dict[str, object]:
    table = {name: getattr(builtins, name) for name in _BUILTINS}
    for module in (operator, math):
        for name in dir(module):
            value = getattr(module, name)
            if not name.startswith("_") and callable(value) and not isinstance(value, type):
                table[f"{module.__name__}.{name}"] = value
    for kind in _TYPES:
        for name, value in vars(kind).items():
            if not name.startswith("_") and callable(value):
                table[f"{kind.__name__}.{name}"] = value
    return table


REFERENCES: dict[str, object] = _table()
_NAMES: dict[int, str] = {id(v): k for k, v in REFERENCES.items()}


def reference_name(value: object) -> str | None:
    """The name of ``value`` when it is one of ``REFERENCES`` (by identity), else None."""
    name = _NAMES.get(id(value))
    return name if name is not None and REFERENCES[name] is value else None
