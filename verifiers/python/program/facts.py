"""What the input generator knows of a program, read with ``ast`` (never run), and of its seeds.

``Bounds`` holds the seeds' sizes, words and characters, and the program's constants: its ints,
floats and short strings, the ints it compares against (``1 <= m <= 12``) and its int tables.
"""

from __future__ import annotations

import ast
import math
from dataclasses import dataclass, replace
from typing import Any

from .table_inputs import Table, program_tables

from .hint_inputs import MAX_LEN


@dataclass
class Bounds:
    """Size limits derived from the seeds, so that mutants stay in the programs' working range."""

    max_len: int = MAX_LEN
    int_mag: int = 1000
    words: tuple[str, ...] = ()   # whitespace-separated tokens of every seed string
    chars: str = ""               # characters of every seed string
    # Constants of the program itself: comparisons against them are where mutants hide
    # (``score > 3.7``, ``ord(ch) <= ord("Z")``, ``days[m - 1]``).
    code_ints: tuple[int, ...] = ()
    code_floats: tuple[float, ...] = ()
    code_strs: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()  # int list literals: ``days = [31, 29, ...]``
    # Int constants the program compares against (``1 <= m <= 12``), each with its neighbours
    # ±1: the few values where a ``<``/``<=`` swap or an off-by-one shows. A small pool, so
    # that every int and every number inside a string hits it often.
    cmp_near: tuple[int, ...] = ()
    code_near: tuple[int, ...] = ()  # every int constant and its neighbours ±1
    # Ints derived from the other ints of the same seed (equal, ±1, sums, differences):
    # relations between arguments (``a + b <= c``, overlapping intervals) need them.
    related: tuple[int, ...] = ()

    @classmethod
    def from_seeds(cls, seeds: list[list]) -> "Bounds":
        lens, mags, words, chars = [0], [0], {}, set()
        for value in _walk(seeds):
            if isinstance(value, (str, bytes, list, tuple, dict, set)):
                lens.append(len(value))
            if isinstance(value, str):
                chars.update(value)
                for w in value.split():
                    words.setdefault(w, None)
            elif isinstance(value, int) and not isinstance(value, bool):
                mags.append(abs(value))
        return cls(max_len=min(max(10, 2 * max(lens)), 100), int_mag=max(100, 4 * max(mags)),
                   words=tuple(list(words)[:60]), chars="".join(sorted(chars))[:200])

    def with_code(self, code: str) -> "Bounds":
        ints, floats, strs = program_constants(code)
        chars = "".join(sorted(set(self.chars) | set("".join(strs))))[:300]
        # The program's word-like constants ("zero".."nine", "Mon") are words its input may hold.
        words = tuple(dict.fromkeys(self.words + tuple(w for w in strs if w.isalnum())))[:100]
        return replace(self, code_ints=ints, code_floats=floats, code_strs=strs, chars=chars,
                       words=words, tables=program_tables(code),
                       cmp_near=_near(compared_ints(code)), code_near=_near(ints))

    def for_seed(self, seed: list) -> "Bounds":
        ints = [v for v in _walk(seed) if type(v) is int][:8]
        small = sorted({c for c in self.code_ints if abs(c) <= 10} | {1, 2})
        rel = set()
        for x in ints:
            rel.update(x + c for c in small)
            rel.update(x - c for c in small)
            rel.update(x + y for y in ints)
            rel.update(x - y for y in ints)
        rel.update(ints)
        return replace(self, related=tuple(sorted(rel))[:200])


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


def _walk(value: Any):
    yield value
    if isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _walk(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(k)
            yield from _walk(v)
