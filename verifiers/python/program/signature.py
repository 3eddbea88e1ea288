"""Reading a signature without running the program, and strategies from its type hints.

The entry point's parameters and annotations are read with ``ast`` against a whitelist of typing
names (``int``, ``list[str]``, ``Optional[Dict[str, int]]``, string annotations); the untrusted
program is never executed in the verifier. Unknown annotations (user classes) are ignored.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from . import sampler as st

# Hint trees: ("int",), ("list", elem), ("tuple", [elems], variadic), ("dict", k, v),
# ("set", elem), ("union", [alternatives]), ("any",), ("none",).
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


MAX_LEN = 12


def from_hint(hint: Hint, max_len: int = MAX_LEN) -> st.SearchStrategy:
    kind = hint[0]
    if kind == "int":
        return st.one_of(st.sampled_from([0, 1, -1, 2, 10, -10, 100]), st.integers(-1000, 1000))
    if kind == "float":
        return st.one_of(
            st.sampled_from([0.0, -0.0, 0.5, 1.0, -1.0, 2.5, 1e-9, float("nan"), float("inf")]),
            st.floats(-1e6, 1e6, allow_nan=False),
            st.integers(-100, 100).map(float),
        )
    if kind == "str":
        return st.text(st.characters(codec="utf-8", max_codepoint=0x2FF), max_size=max_len * 2)
    if kind == "bool":
        return st.booleans()
    if kind == "bytes":
        return st.binary(max_size=max_len)
    if kind == "complex":
        return st.complex_numbers(max_magnitude=1e6, allow_nan=False)
    if kind == "none":
        return st.none()
    if kind == "list":
        return st.lists(from_hint(hint[1], max_len), max_size=max_len)
    if kind == "set":
        return st.sets(_hashable(hint[1], max_len), max_size=max_len)
    if kind == "dict":
        return st.dictionaries(_hashable(hint[1], max_len), from_hint(hint[2], max_len),
                               max_size=max_len)
    if kind == "tuple":
        if hint[2]:
            return st.lists(from_hint(hint[1][0], max_len), max_size=max_len).map(tuple)
        return st.tuples(*[from_hint(h, max_len) for h in hint[1]])
    if kind == "union":
        return st.one_of(*[from_hint(h, max_len) for h in hint[1]])
    return _ANY


def _hashable(hint: Hint, max_len: int) -> st.SearchStrategy:
    if hint[0] in ("list", "set", "dict", "any"):
        return st.one_of(st.integers(-100, 100), st.text(max_size=5))
    return from_hint(hint, max_len)


_ANY = st.one_of(
    st.integers(-100, 100), st.text(max_size=8), st.lists(st.integers(-20, 20), max_size=8),
    st.floats(-100, 100), st.booleans(), st.none(),
)
