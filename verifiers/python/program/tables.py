"""The program's int tables (``days = [31, 29, 31, ...]``), read with ``ast``, never run, and how
it indexes them (``days[m - 1]`` is 1-based). ``inputs/tables.py`` builds the probes that sit on
their entries."""

from __future__ import annotations

import ast
from dataclasses import dataclass

MAX_TABLES = 4
MAX_TABLE_LEN = 64


@dataclass(frozen=True)
class Table:
    values: tuple[int, ...]
    # How the program indexes it: ``days[m - 1]`` is 1-based (1), ``days[m]`` 0-based (0).
    # Both when the table is not indexed by a visible ``name[expr ± k]``.
    bases: tuple[int, ...] = (1, 0)


def program_tables(code: str) -> tuple[Table, ...]:
    """Int list/tuple literals of three or more elements in ``code``, in source order."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return ()
    tables: dict[tuple[int, ...], None] = {}
    names: dict[str, tuple[int, ...]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.List, ast.Tuple)) and 3 <= len(node.elts) <= MAX_TABLE_LEN:
            values = [e.value for e in node.elts if isinstance(e, ast.Constant)]
            if len(values) == len(node.elts) and all(type(v) is int for v in values):
                tables.setdefault(tuple(values), None)
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.List, ast.Tuple)):
            values = tuple(getattr(e, "value", None) for e in node.value.elts)
            for target in node.targets:
                if isinstance(target, ast.Name):
                    names[target.id] = values
    bases: dict[tuple[int, ...], set[int]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                and node.value.id in names:
            base = _index_base(node.slice)
            if base is not None:
                bases.setdefault(names[node.value.id], set()).add(base)
    return tuple(Table(t, tuple(sorted(bases[t], reverse=True)) if t in bases else (1, 0))
                 for t in list(tables)[:MAX_TABLES])


def _index_base(index: ast.AST) -> int | None:
    """k for ``x - k``, -k for ``x + k``, 0 for a bare name; None for anything else."""
    if isinstance(index, ast.Name):
        return 0
    if isinstance(index, ast.BinOp) and isinstance(index.right, ast.Constant) \
            and type(index.right.value) is int and isinstance(index.op, (ast.Add, ast.Sub)):
        return index.right.value if isinstance(index.op, ast.Sub) else -index.right.value
    return None
