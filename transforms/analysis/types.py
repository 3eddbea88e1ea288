"""Builtin types as evidence: ``T``, its constants, and types read from annotations.

The evidence itself (``TypeEvidence``) is in ``evidence`` and ``bindings``; the design:

Many speed rewrites are sound only for builtin types (``x ** 2`` -> ``x * x`` only for ints,
``x in [1, 2]`` -> ``x in {1, 2}`` only for hashable ``x`` ...). This module answers "which
builtin type does this expression evaluate to, on every execution?" and answers ``None``
whenever it cannot prove it. Evidence comes from literals, builtin calls whose result type is
fixed (``len``, ``str``, ``range``...), ``str`` methods, operators over known operands,
parameter annotations, and, for a function's local variable, from *every* binding of it in that
function (assignments, ``+=``, ``for`` targets, parameters): a local has type ``T`` only if
all of its bindings provably store a ``T`` (checked co-inductively, so ``i = i + 1`` keeps an
int an int). Names that are global, nonlocal, bound by ``import``/``with``/``except``/walrus/
``match``, or live in a function that uses ``exec``/``eval``/``locals()``... get no evidence.

Evidence means the *exact* builtin type, never "an instance of": a subclass of ``str`` or
``list`` can override ``__len__``, ``__mul__``, ``__eq__``, ``__hash__``, ``__iter__``, ``keys``...
and every rewrite justified by builtin behaviour would change meaning on it. Hence:

* annotations are not evidence (``def f(x: int)`` admits any subclass of ``int``);
  ``TypeEvidence.TRUST_ANNOTATIONS`` is False, and only a rule that re-checks the exact type at
  run time (``memoize-pure-recursion`` keys its memo on ``type(n) is int``) may turn it on;
* ``str()``, ``repr()``, ``format()``, ``ascii()`` and a lone f-string field (``f"{x}"``) return
  whatever ``__str__``/``__repr__``/``__format__`` return, a ``str`` subclass included, so they
  are ``str`` only when their argument is a known scalar; an f-string with text or several
  fields always builds a new exact ``str``;
* results of builtins that always build a new object of their own type (``len``, ``int``,
  ``float``, ``bool``, ``list``, ``sorted``, ``range``, ``chr``, ``hex``...) are exact.

Element types of *mutable* containers never come from a literal that a later ``append`` can
change: a list's items are known only for a read-only list of the domain, or a local bound once
to a list built there (``s.split()``, ``sorted(xs)``...) and afterwards only read.

Use it from a transformer by subclassing :class:`EvidenceTransformer`; ``self.ev`` is then a
:class:`TypeEvidence` for the module being visited. Query it with ORIGINAL nodes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import libcst as cst
import libcst.matchers as m


@dataclass(frozen=True)
class T:
    """A builtin type; ``elem`` is the element type for iterables when it is known."""

    kind: str
    elem: Optional["T"] = None

    def __str__(self) -> str:
        return f"{self.kind}[{self.elem}]" if self.elem else self.kind


INT, BOOL, STR, FLOAT = T("int"), T("bool"), T("str"), T("float")

SIZED_KINDS = frozenset({"str", "bytes", "list", "tuple", "dict", "set", "frozenset", "range"})
_INTLIKE = frozenset({"int", "bool"})
_SCALARS = frozenset({"int", "bool", "float", "str", "bytes"})

_STR_TO_STR = frozenset({
    "lower", "upper", "strip", "lstrip", "rstrip", "replace", "capitalize", "title", "swapcase",
    "casefold", "zfill", "center", "ljust", "rjust", "join", "expandtabs",
    "removeprefix", "removesuffix"})
# (not ``format``/``translate``: when one argument's text is the whole output, they return
# that argument's ``__format__`` result or mapped value itself, maybe a str subclass; ``join``
# always builds an exact str)
_STR_TO_INT = frozenset({"count", "find", "rfind", "index", "rindex"})
_STR_TO_BOOL = frozenset({
    "startswith", "endswith", "isdigit", "isalpha", "isalnum", "isspace", "islower", "isupper",
    "isdecimal", "isnumeric", "istitle", "isidentifier", "isprintable", "isascii"})
_STR_TO_STR_LIST = frozenset({"split", "rsplit", "splitlines"})

_BUILTIN_RESULT = {
    "len": INT, "ord": INT, "int": INT, "hash": INT,
    "str": STR, "chr": STR, "repr": STR, "hex": STR, "bin": STR, "oct": STR, "ascii": STR,
    "format": STR, "bool": BOOL, "float": FLOAT,
    "list": T("list"), "sorted": T("list"), "tuple": T("tuple"), "dict": T("dict"),
    "set": T("set"), "frozenset": T("frozenset"), "range": T("range", INT),
}
_ANNOTATION_KINDS = {
    "int": "int", "str": "str", "bool": "bool", "float": "float", "bytes": "bytes",
    "list": "list", "List": "list", "tuple": "tuple", "Tuple": "tuple", "dict": "dict",
    "Dict": "dict", "set": "set", "Set": "set", "frozenset": "frozenset",
    "FrozenSet": "frozenset",
}
_INT_BINOPS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo,
               cst.LeftShift, cst.RightShift, cst.BitAnd, cst.BitOr, cst.BitXor)


def is_int(t: T | None) -> bool:
    """``int`` or ``bool`` (a bool behaves as the int 0/1 in arithmetic, hashing and ``==``)."""
    return t is not None and t.kind in _INTLIKE


def same(a: T | None, b: T | None) -> T | None:
    """The common type of two evidences (bool and int merge to int), or None."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    if is_int(a) and is_int(b):
        return INT
    if a.kind == b.kind:
        return T(a.kind)
    return None


def star_imported(module: cst.Module) -> bool:
    """``from x import *`` can bind any name, builtins included."""
    return bool(m.findall(module, m.ImportFrom(names=m.ImportStar())))


def _pairs(e: cst.Comparison):
    left = e.left
    for target in e.comparisons:
        yield left, target
        left = target.comparator


def annotation_type(ann: cst.BaseExpression) -> T | None:
    """``int``, ``list[int]``, ``typing.List[str]``, ``tuple[int, ...]``, ``dict[str, int]``."""
    if isinstance(ann, cst.Attribute) and m.matches(ann.value, m.Name("typing")):
        ann = ann.attr
    if isinstance(ann, cst.Name):
        kind = _ANNOTATION_KINDS.get(ann.value)
        if kind is None:
            return None
        return T(kind)
    if isinstance(ann, cst.Subscript):
        base = annotation_type(ann.value)
        if base is None or base.kind not in ("list", "tuple", "set", "frozenset", "dict"):
            return None
        items = [s.slice for s in ann.slice]
        if not all(isinstance(i, cst.Index) for i in items):
            return T(base.kind)
        values = [i.value for i in items]
        if base.kind == "tuple" and len(values) == 2 and isinstance(values[1], cst.Ellipsis):
            values = values[:1]
        if base.kind == "dict":
            values = values[:1]
        elem = annotation_type(values[0]) if values else None
        for v in values[1:]:
            elem = same(elem, annotation_type(v))
        return T(base.kind, elem)
    return None


# Containers whose length cannot change (``len`` of them is fixed once they exist).
IMMUTABLE_SIZED = frozenset({"str", "bytes", "tuple", "frozenset"})
# Containers whose truth value is exactly ``len(x) != 0`` and whose len() cannot raise.
# (``range`` is excluded: ``len(range(10**20))`` raises OverflowError, ``bool`` does not.)
TRUTH_IS_LEN = frozenset({"str", "bytes", "list", "tuple", "dict", "set", "frozenset"})
