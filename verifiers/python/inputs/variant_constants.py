"""Inputs aimed at the constants a variant brings that the original does not have.

The shared inputs are generated from the original and its seeds, once for every variant. A
variant that wants to pass with a wrong branch hides it behind a value of its own choosing
(``if n == 7919``, ``if x == 0.3``, ``if "zq" in s``, ``if len(xs) > 20000``): no input built
from the original is likely to hit it. A constant that only the variant holds is the first
place to look, so each is placed into the seeds' arguments of its type: as the value itself
(and, for ints, its neighbours: a threshold ``n < 10**4`` is crossed between 9999 and 10000),
as an item of a list, inside a string, and, for ints, as a list's or string's length.
Constant expressions are folded first (``10**4`` is the threshold, not 10 and 4).

Rule variants rarely bring constants of their own (0 and 1 of a rewritten loop are already on
every boundary), so this costs nothing for most of them: the inputs are run, original and
variant, only when there are any (``python_diff.judge_variant``).
"""

from __future__ import annotations

import ast
import copy
import functools
import operator

from .input_keys import input_key
from .program_facts import docstring_ids

MAX_DIRECTED = 24
MAX_LENGTH = 1 << 15  # a length threshold past this costs each call too much to build and encode
_FOLD = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
         ast.Pow: operator.pow, ast.LShift: operator.lshift, ast.FloorDiv: operator.floordiv}


def _value(node: ast.AST):
    """The value of a constant expression of ints and floats (``10**4``, ``-3``, ``1 << 20``,
    ``2.5e3``, ``int("7919")``), or None."""
    if isinstance(node, ast.Constant) and type(node.value) in (int, float, str):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _value(node.operand)
        return -v if type(v) in (int, float) else None
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("int", "float") and len(node.args) == 1 and not node.keywords
            and isinstance(node.args[0], ast.Constant) and type(node.args[0].value) is str
            and len(node.args[0].value) <= 40):
        try:  # int("7919"): a constant spelled as a string (if the name is the builtin, it is it)
            return {"int": int, "float": float}[node.func.id](node.args[0].value)
        except ValueError:
            return None
    if isinstance(node, ast.BinOp) and type(node.op) in _FOLD:
        a, b = _value(node.left), _value(node.right)
        if type(a) not in (int, float) or type(b) not in (int, float):
            return None
        if isinstance(node.op, (ast.Pow, ast.LShift)) and (abs(b) > 256 or b < 0):
            return None  # 10**10**6 is not a threshold anyone reaches
        try:
            v = _FOLD[type(node.op)](a, b)
        except (ArithmeticError, ValueError):
            return None
        return v if type(v) is float or abs(v).bit_length() <= 256 else None
    return None


@functools.lru_cache(maxsize=256)
def constants(code: str) -> tuple[tuple[str, object], ...]:
    """(type name, value) of every constant and folded constant expression in ``code``,
    docstrings left out; in order of appearance, each once. Cached: every variant of an
    original asks for the original's."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ()
    docstrings = docstring_ids(tree)
    found: list[tuple[int, int, str, object]] = []
    inner: set[int] = set()  # operands of a folded expression: ``10**4`` is one constant
    for node in ast.walk(tree):  # parents before children
        if id(node) in docstrings or id(node) in inner:
            continue
        v = _value(node)
        if v is None:
            continue
        inner.update(id(n) for n in ast.walk(node) if n is not node)
        if (type(v) is str and not 0 < len(v) <= 40) or (type(v) is float and v != v):
            continue
        found.append((node.lineno, node.col_offset, type(v).__name__, v))
    return tuple(dict.fromkeys((t, v) for *_, t, v in sorted(found, key=lambda f: f[:2])))


def novel_constants(original: str, variant: str) -> list[object]:
    """Constants (folded) of ``variant`` that ``original`` does not have, in order."""
    have = set(constants(original))
    return [v for (t, v) in constants(variant) if (t, v) not in have]


def _placements(value, seed: list) -> list[list]:
    """``seed`` with ``value`` put into each argument it fits."""
    out: list[list] = []
    for i, a in enumerate(seed):
        def put(x):
            args = copy.deepcopy(seed)
            args[i] = x
            out.append(args)

        if type(value) is int:
            if type(a) is int:
                for v in (value, value - 1, value + 1):
                    put(v)
            elif type(a) is float:
                put(float(value))
            elif isinstance(a, (list, str)) and a and 0 < value <= MAX_LENGTH:
                for n in (value, value + 1):
                    put((a * (n // len(a) + 1))[:n])
            if type(a) is list and a and type(a[0]) is int:
                put([value] + copy.deepcopy(a[1:]))
        elif type(value) is float:
            if type(a) in (int, float):
                put(value)
            elif type(a) is list and a and type(a[0]) in (int, float):
                put([value] + copy.deepcopy(a[1:]))
        elif type(value) is str:
            if type(a) is str:
                put(value)
                put(a + value)
            elif type(a) is list and a and type(a[0]) is str:
                put([value] + copy.deepcopy(a[1:]))
    return out


def directed_inputs(original: str, variant: str, seeds: list[list], known: set[str],
                    limit: int = MAX_DIRECTED) -> list[list]:
    """Up to ``limit`` inputs (new: not in ``known``, a set of input keys) that place the
    variant's own constants into the first seeds' arguments, one constant after another."""
    novel = novel_constants(original, variant)
    if not novel or not seeds:
        return []
    queues = [[args for s in seeds[:2] for args in _placements(v, s)] for v in novel[:12]]
    out: list[list] = []
    seen = set(known)
    k = 0
    while len(out) < limit and any(k < len(q) for q in queues):
        for q in queues:
            if k < len(q) and len(out) < limit:
                key = input_key(q[k])
                if key not in seen:
                    seen.add(key)
                    out.append(q[k])
        k += 1
    # Smallest first: a length placement is the one a slow original may time out on.
    return sorted(out, key=lambda a: len(input_key(a)))
