"""The entry point's signature, read with ``ast`` (the untrusted program is never run here).

Its parameters and annotations are read against a whitelist of typing names (``int``,
``list[str]``, ``Optional[Dict[str, int]]``, string annotations; unknown annotations, such as
user classes, are ignored), and the literal defaults of its optional and keyword-only
parameters.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

# Hint trees: ("int",), ("list", elem), ("tuple", [elems], variadic), ("dict", k, v),
# ("set", elem), ("union", [alternatives]), ("any",), ("none",), ("callable",).
Hint = tuple

_ATOMS = {
    "int": ("int",), "float": ("float",), "str": ("str",), "bool": ("bool",),
    "bytes": ("bytes",), "complex": ("complex",), "None": ("none",), "NoneType": ("none",),
    "Any": ("any",), "object": ("any",),
    "list": ("list", ("any",)), "List": ("list", ("any",)), "Sequence": ("list", ("any",)),
    "Iterable": ("list", ("any",)), "dict": ("dict", ("any",), ("any",)),
    "Dict": ("dict", ("any",), ("any",)), "Mapping": ("dict", ("any",), ("any",)),
    "tuple": ("tuple", [("any",)], True), "Tuple": ("tuple", [("any",)], True),
    "set": ("set", ("any",)), "Set": ("set", ("any",)), "frozenset": ("set", ("any",)),
    "FrozenSet": ("set", ("any",)),
    "Callable": ("callable",), "callable": ("callable",),
}
_GENERIC = {"list": "list", "List": "list", "Sequence": "list", "Iterable": "list",
            "set": "set", "Set": "set", "frozenset": "set", "FrozenSet": "set",
            "dict": "dict", "Dict": "dict", "Mapping": "dict", "tuple": "tuple",
            "Tuple": "tuple", "Optional": "optional", "Union": "union"}


@dataclass(frozen=True)
class Param:
    name: str
    hint: Hint | None
    required: bool
    positional_only: bool = False


def entry_function(code: str, entry_point: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The module-level ``def entry_point`` of ``code`` (None if not found or unparsable)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return None
    fn = None
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry_point:
            fn = node  # the last definition wins, as at run time
    return fn


def entry_params(code: str, entry_point: str) -> list[Param] | None:
    """Positional parameters of the module-level ``def entry_point`` (None if not found)."""
    fn = entry_function(code, entry_point)
    if fn is None:
        return None
    args = fn.args.posonlyargs + fn.args.args
    first_default = len(args) - len(fn.args.defaults)
    n_posonly = len(fn.args.posonlyargs)
    return [
        Param(a.arg, parse_hint(a.annotation) if a.annotation else None, i < first_default,
              i < n_posonly)
        for i, a in enumerate(args)
    ]


def parse_hint(node: ast.AST | str | None) -> Hint | None:
    """A hint tree for an annotation (AST or string), or None when it is not understood."""
    if node is None:
        return None
    if isinstance(node, str):
        try:
            node = ast.parse(node, mode="eval").body
        except SyntaxError:
            return None
    try:
        return _hint(node)
    except (ValueError, TypeError, IndexError):
        return None


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):  # typing.List, t.Dict
        return node.attr
    if isinstance(node, ast.Constant) and node.value is None:
        return "None"
    raise ValueError("unsupported annotation")


def _hint(node: ast.AST) -> Hint:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _hint(ast.parse(node.value, mode="eval").body)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return ("union", [_hint(node.left), _hint(node.right)])
    if isinstance(node, ast.Subscript):
        if _name(node.value) == "Callable":  # Callable[[int], str]: any callable, for inputs
            return ("callable",)
        base = _GENERIC.get(_name(node.value))
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if base == "list":
            return ("list", _hint(items[0]))
        if base == "set":
            return ("set", _hint(items[0]))
        if base == "dict":
            return ("dict", _hint(items[0]), _hint(items[1]))
        if base == "tuple":
            if len(items) == 2 and isinstance(items[1], ast.Constant) and items[1].value is ...:
                return ("tuple", [_hint(items[0])], True)
            return ("tuple", [_hint(i) for i in items], False)
        if base == "optional":
            return ("union", [_hint(items[0]), ("none",)])
        if base == "union":
            return ("union", [_hint(i) for i in items])
        raise ValueError("unsupported generic")
    name = _name(node)
    if name in _ATOMS:
        return _ATOMS[name]
    raise ValueError(f"unsupported annotation {name}")


UNKNOWN = object()  # a default that is not a literal


def optional_defaults(code: str, entry_point: str) -> tuple[int, list] | None:
    """(index of the first optional positional parameter, their literal defaults: UNKNOWN
    where a default is not a literal), or None without an entry function."""
    fn = entry_function(code, entry_point)
    if fn is None:
        return None
    positional = fn.args.posonlyargs + fn.args.args
    defaults: list = []
    for node in fn.args.defaults:
        try:
            defaults.append(ast.literal_eval(node))
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            defaults.append(UNKNOWN)
    return len(positional) - len(defaults), defaults


def keyword_only_defaults(code: str, entry_point: str) -> list[tuple[str, object]]:
    """(name, literal default) of the entry point's keyword-only parameters that have one.
    Inputs are positional argument lists, so these reach the program only through the
    ``defaults`` probe's keyword calls (``probes/plan.py``)."""
    fn = entry_function(code, entry_point)
    if fn is None:
        return []
    out = []
    for arg, node in zip(fn.args.kwonlyargs, fn.args.kw_defaults):
        if node is None:
            continue
        try:
            out.append((arg.arg, ast.literal_eval(node)))
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            continue
    return out
