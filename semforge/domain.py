"""A program's input domain: per parameter, a type in Python's own notation.

``Domain`` is what a seed's callers pass, e.g. ``(xs: list[int] | list[str], k: int = 0)``:
the verifier's ``typed`` policy generates and keeps only inputs inside it, and rules may take it
as type evidence. ``infer_domain`` (in ``domain_infer``) reads it from the seeds' example values,
the annotations, the defaults and the docstring; ``Domain.parse`` reads the text back.

Types are *exact* builtin types: ``int`` holds ints and never a ``bool`` (nor an ``IntEnum``
member), ``list[int]`` is a list all of whose items are ints. A union of containers stays a
union (``list[int] | list[str]``: each list homogeneous), while ``list[int | str]`` admits both
in one list. ``Any`` admits every value (what nothing told us about); ``Never`` admits none (the
item type of an empty list: it merges away in unions and becomes ``Any`` in a finished domain).
Value properties (sorted, distinct, non-negative) are not types and are never inferred.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any, Iterable

SCALARS = {"int": int, "float": float, "bool": bool, "str": str, "bytes": bytes,
           "complex": complex, "None": type(None)}
CONTAINERS = ("list", "set", "frozenset", "dict", "tuple")
# More alternatives of one container kind than this in a union are merged into one container of
# the union of their items (``list[int] | ... (6 kinds)`` -> ``list[int | str | ...]``).
MAX_ALTERNATIVES = 4
# Deeper than this, a value's type is ``Any`` (a nested-list probe is 1200 levels deep).
MAX_DEPTH = 12


@dataclass(frozen=True)
class Ty:
    """A type: a scalar (``int``...), a container with item types (``list`` (item),
    ``dict`` (key, value), ``tuple`` (items, or one item with ``variadic``)), ``Any``, ``Never``
    or a union (``name == "|"``, ``args`` the alternatives)."""

    name: str
    args: tuple["Ty", ...] = ()
    variadic: bool = False  # tuple[T, ...]

    def __str__(self) -> str:
        if self.name == "|":
            return " | ".join(map(str, self.args))
        if self.name == "tuple":
            if self.variadic:
                return f"tuple[{self.args[0]}, ...]"
            return f"tuple[{', '.join(map(str, self.args))}]" if self.args else "tuple[()]"
        if self.name in CONTAINERS:
            if all(a.name == "Any" for a in self.args):
                return self.name
            return f"{self.name}[{', '.join(map(str, self.args))}]"
        return self.name

    @property
    def alternatives(self) -> tuple["Ty", ...]:
        return self.args if self.name == "|" else (self,)

    @property
    def optional(self) -> bool:
        return any(a.name == "None" for a in self.alternatives)


ANY, NEVER = Ty("Any"), Ty("Never")


def scalar(name: str) -> Ty:
    return Ty(name)


def container(name: str, *args: Ty, variadic: bool = False) -> Ty:
    return Ty(name, tuple(args), variadic)


# ---------------------------------------------------------------------------- unions


def union(types: Iterable[Ty]) -> Ty:
    """The union of ``types``: flattened, ``Never`` dropped, ``Any`` absorbing, an empty
    container absorbed by a non-empty one of its kind, duplicates removed, at most
    ``MAX_ALTERNATIVES`` alternatives per container kind."""
    alts: list[Ty] = []
    for t in types:
        for a in t.alternatives:
            if a.name == "Any":
                return ANY
            if a.name != "Never" and a not in alts:
                alts.append(a)
    alts = [a for a in alts if not any(b is not a and _covered(a, b) for b in alts)]
    alts = _cap(alts)
    if not alts:
        return NEVER
    alts.sort(key=_order)
    return alts[0] if len(alts) == 1 else Ty("|", tuple(alts))


def _covered(a: Ty, b: Ty) -> bool:
    """``a`` differs from ``b`` only where ``a`` knows nothing (``Never``): the type of an
    empty list (``list[Never]``) is covered by ``list[int]``, ``dict[str, Never]`` by
    ``dict[str, int]``."""
    if a == b or a.name != b.name or len(a.args) != len(b.args) or a.variadic != b.variadic:
        return False
    return all(x.name == "Never" or x == y or _covered(x, y) for x, y in zip(a.args, b.args))


def _cap(alts: list[Ty]) -> list[Ty]:
    for kind in CONTAINERS:
        same = [a for a in alts if a.name == kind]
        if len(same) <= MAX_ALTERNATIVES and not (kind == "tuple" and len(same) > 1 and len(
                {len(a.args) for a in same if not a.variadic}) > MAX_ALTERNATIVES // 2):
            continue
        rest = [a for a in alts if a.name != kind]
        if kind == "tuple":
            merged = container("tuple", union(x for a in same for x in a.args), variadic=True)
        elif kind == "dict":
            merged = container("dict", union(a.args[0] for a in same), union(a.args[1] for a in same))
        else:
            merged = container(kind, union(a.args[0] for a in same))
        alts = rest + [merged]
    return alts


_RANK = {name: i for i, name in enumerate(
    ["bool", "int", "float", "complex", "str", "bytes", *CONTAINERS, "None"])}


def _order(t: Ty) -> tuple:
    return (_RANK.get(t.name, 50), str(t))


def finished(t: Ty) -> Ty:
    """``t`` with every remaining ``Never`` (nothing was seen) made ``Any`` (nothing is known)."""
    if t.name == "Never":
        return ANY
    if not t.args:
        return t
    if t.name == "|":
        return union(finished(a) for a in t.args)
    return Ty(t.name, tuple(finished(a) for a in t.args), t.variadic)


def fill(t: Ty, hint: Ty) -> Ty:
    """``t`` with its unknown parts (``Never``) taken from ``hint`` where the shapes meet: the
    item type of a list the seeds only pass empty, from the docstring or the annotation."""
    if t.name == "Never":
        return hint
    if hint.name in ("Never", "Any") or not t.args:
        return t
    if t.name == "|":
        return union(fill(a, hint) for a in t.args)
    matches = [h for h in hint.alternatives if h.name == t.name and len(h.args) == len(t.args)
               and (t.name != "tuple" or h.variadic == t.variadic)]
    if len(matches) != 1:
        return t
    return Ty(t.name, tuple(fill(a, h) for a, h in zip(t.args, matches[0].args)), t.variadic)


# ---------------------------------------------------------------------------- values


def type_of(value: Any, depth: int = 0) -> Ty:
    """The exact type of one value (``[1, "a"]`` -> ``list[int | str]``, ``[]`` ->
    ``list[Never]``); values of other classes (and anything past ``MAX_DEPTH``) are ``Any``."""
    cls = type(value)
    for name, py in SCALARS.items():
        if cls is py:
            return Ty(name)
    if depth >= MAX_DEPTH:
        return ANY
    if cls in (list, set, frozenset):
        return container(cls.__name__, union(type_of(x, depth + 1) for x in value))
    if cls is dict:
        return container("dict", union(type_of(k, depth + 1) for k in value),
                         union(type_of(v, depth + 1) for v in value.values()))
    if cls is tuple:
        return container("tuple", *(type_of(x, depth + 1) for x in value))
    return ANY


def contains(t: Ty, value: Any, depth: int = 0) -> bool:
    """Whether ``value`` is of type ``t`` (exact classes, every item checked)."""
    name = t.name
    if name == "Any":
        return True
    if name == "|":
        return any(contains(a, value, depth) for a in t.args)
    py = SCALARS.get(name)
    if py is not None:
        return type(value) is py
    if name not in CONTAINERS or type(value).__name__ != name or type(value) not in (
            list, set, frozenset, dict, tuple):
        return False
    if depth > MAX_DEPTH:
        return t.args[0].name == "Any" if t.args else True
    if name == "dict":
        return all(contains(t.args[0], k, depth + 1) and contains(t.args[1], v, depth + 1)
                   for k, v in value.items())
    if name == "tuple" and not t.variadic:
        return len(value) == len(t.args) and all(
            contains(a, x, depth + 1) for a, x in zip(t.args, value))
    return all(contains(t.args[0], x, depth + 1) for x in value)


# ---------------------------------------------------------------------------- notation


class NotationError(ValueError):
    """A domain or type string that is not in the notation ``Domain.parse`` reads."""


_ALIASES = {"List": "list", "Set": "set", "FrozenSet": "frozenset", "Dict": "dict",
            "Tuple": "tuple", "NoneType": "None"}


def parse_type(node: ast.expr | str, strict: bool = True) -> Ty:
    """A type from its notation (text or an ``ast`` expression): builtins, ``typing``'s
    generics, ``Optional``, ``Union``, ``X | Y``, ``Any``. Never evaluated. Unknown names raise
    ``NotationError`` when ``strict``, else are ``Never`` (an annotation naming a user class
    tells nothing about builtin types)."""
    if isinstance(node, str):
        try:
            node = ast.parse(node.strip(), mode="eval").body
        except SyntaxError as exc:
            raise NotationError(f"not a type: {node!r}") from exc

    def unknown(what: str) -> Ty:
        if strict:
            raise NotationError(f"unknown type {what}")
        return NEVER

    if isinstance(node, ast.Constant) and node.value is None:
        return Ty("None")
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return parse_type(node.value, strict)  # a string annotation
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return union([parse_type(node.left, strict), parse_type(node.right, strict)])
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
            and node.value.id in ("typing", "t"):
        node = ast.Name(node.attr)
    if isinstance(node, ast.Name):
        name = _ALIASES.get(node.id, node.id)
        if name in SCALARS or name in ("Any", "Never"):
            return Ty(name)
        if name in CONTAINERS:
            n = 2 if name == "dict" else 1
            return container(name, *([ANY] * n), variadic=name == "tuple")
        return unknown(node.id)
    if isinstance(node, ast.Subscript):
        base = node.value
        if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
            base = ast.Name(base.attr)
        if not isinstance(base, ast.Name):
            return unknown(ast.unparse(node))
        name = _ALIASES.get(base.id, base.id)
        items = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        if name == "Optional":
            return union([parse_type(items[0], strict), Ty("None")])
        if name == "Union":
            return union(parse_type(i, strict) for i in items)
        if name == "tuple":
            if len(items) == 2 and isinstance(items[1], ast.Constant) and items[1].value is ...:
                return container("tuple", parse_type(items[0], strict), variadic=True)
            if len(items) == 1 and isinstance(items[0], ast.Tuple) and not items[0].elts:
                return container("tuple")
            return container("tuple", *(parse_type(i, strict) for i in items))
        if name in ("list", "set", "frozenset") and len(items) == 1:
            return container(name, parse_type(items[0], strict))
        if name == "dict" and len(items) == 2:
            return container("dict", parse_type(items[0], strict), parse_type(items[1], strict))
        return unknown(ast.unparse(node))
    return unknown(ast.unparse(node))


@dataclass(frozen=True)
class Param:
    """One parameter: its name, its type, how it is passed (``positional``, ``varargs`` (the
    type of each extra argument), ``keyword`` (keyword-only), ``varkw``) and its default as
    source text (None when required)."""

    name: str
    type: Ty
    kind: str = "positional"
    default: str | None = None


@dataclass(frozen=True)
class Domain:
    """The domain of an entry point: its parameters' types, in the signature's order.

    ``str(domain)`` is the notation recorded in every row: ``(xs: list[int], k: int = 2)``;
    ``Domain.parse`` reads it back. ``sources`` says, per parameter, where its type came from
    (``seeds``, ``annotation``, ``default``, ``docstring``); it is not part of the notation."""

    params: tuple[Param, ...]
    entry_point: str = ""
    sources: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, hash=False)

    def __str__(self) -> str:
        parts = []
        keyword_only = False
        for p in self.params:
            if p.kind == "varargs":
                parts.append(f"*{p.name}: {p.type}")
                keyword_only = True
                continue
            if p.kind == "varkw":
                parts.append(f"**{p.name}: {p.type}")
                continue
            if p.kind == "keyword" and not keyword_only:
                parts.append("*")
                keyword_only = True
            parts.append(f"{p.name}: {p.type}" + (f" = {p.default}" if p.default is not None else ""))
        return f"({', '.join(parts)})"

    @classmethod
    def parse(cls, text: str, entry_point: str = "") -> "Domain":
        """Read a domain back from its notation (a signature with annotations, as ``str``
        writes it). Raises ``NotationError``."""
        try:
            tree = ast.parse(f"def _{text.strip()}: pass")
        except SyntaxError as exc:
            raise NotationError(f"not a domain: {text!r} (expected a signature such as "
                                f"'(xs: list[int], k: int)')") from exc
        args = tree.body[0].args
        params: list[Param] = []
        positional = [*args.posonlyargs, *args.args]
        defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)

        def typed(a: ast.arg) -> Ty:
            if a.annotation is None:
                return ANY
            return parse_type(a.annotation)

        for a, d in zip(positional, defaults):
            params.append(Param(a.arg, typed(a), "positional",
                                None if d is None else ast.unparse(d)))
        if args.vararg is not None:
            params.append(Param(args.vararg.arg, typed(args.vararg), "varargs"))
        for a, d in zip(args.kwonlyargs, args.kw_defaults):
            params.append(Param(a.arg, typed(a), "keyword", None if d is None else ast.unparse(d)))
        if args.kwarg is not None:
            params.append(Param(args.kwarg.arg, typed(args.kwarg), "varkw"))
        return cls(tuple(params), entry_point)

    # -------------------------------------------------------------------- questions

    @property
    def positional(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.kind == "positional")

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def arg_type(self, index: int) -> Ty | None:
        """The type of the ``index``-th positional argument of a call (None past the
        parameters, unless a ``*args`` takes it)."""
        positional = self.positional
        if index < len(positional):
            return positional[index].type
        star = next((p for p in self.params if p.kind == "varargs"), None)
        return star.type if star is not None else None

    def contains(self, args: list | tuple) -> bool:
        """Whether a call with these positional arguments is inside the domain: every argument
        of its parameter's type, no required parameter left out, none too many."""
        positional = self.positional
        required = sum(p.default is None for p in positional)
        if len(args) < required:
            return False
        try:
            for i, value in enumerate(args):
                t = self.arg_type(i)
                if t is None or not contains(t, value):
                    return False
        except RecursionError:
            return False
        return True

    @property
    def known(self) -> bool:
        """Whether any parameter's type says more than ``Any``."""
        return any(p.type.name != "Any" for p in self.params)
