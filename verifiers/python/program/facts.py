"""The program's constants, read with ``ast`` (never run), docstrings left out.

Its ints, floats and short strings and the ints it compares against (``1 <= m <= 12``), where
mutants hide; and every constant with constant expressions folded (``10**4`` is one threshold,
not 10 and 4), so that the constants a variant brings and its original lacks can be found.
"""

from __future__ import annotations

import ast
import functools
import math
import operator

_FOLD = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
         ast.Pow: operator.pow, ast.LShift: operator.lshift, ast.FloorDiv: operator.floordiv}


def docstring_ids(tree: ast.AST) -> set[int]:
    """``id()`` of every docstring's Constant node in ``tree`` (a docstring is text, not a
    constant the program computes with)."""
    return {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and n.body and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)}


def program_constants(code: str) -> tuple[tuple[int, ...], tuple[float, ...], tuple[str, ...]]:
    """Int, float and short str constants of ``code`` (docstrings left out), parsed, not run."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return (), (), ()
    docstrings = docstring_ids(tree)
    ints: dict[int, None] = {}
    floats: dict[float, None] = {}
    strs: dict[str, None] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or id(node) in docstrings:
            continue
        v = node.value
        if type(v) is int and abs(v) <= 10**6:
            ints.setdefault(v, None)
            ints.setdefault(-v, None)
        elif type(v) is float and math.isfinite(v):
            floats.setdefault(v, None)
        elif type(v) is str and 0 < len(v) <= 30:
            strs.setdefault(v, None)
    return tuple(ints)[:40], tuple(floats)[:40], tuple(strs)[:40]


def compared_ints(code: str) -> tuple[int, ...]:
    """Int constants that appear as operands of a comparison in ``code`` (``x <= 12``)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ()
    out: dict[int, None] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                sign = 1
                if isinstance(operand, ast.UnaryOp) and isinstance(operand.op, ast.USub):
                    operand, sign = operand.operand, -1
                if isinstance(operand, ast.Constant) and type(operand.value) is int \
                        and abs(operand.value) <= 10**6:
                    out.setdefault(sign * operand.value, None)
    return tuple(out)[:12]


def _near(ints: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(dict.fromkeys(c + d for c in ints for d in (0, -1, 1)))


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
