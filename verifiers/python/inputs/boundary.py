"""Boundary cases: each argument of a seed replaced, one at a time, by its type's edge values.

0, 1, -1, the value ±1 and the program's compared-to constants for an int; 0.0, -1.0, NaN, inf
and the program's floats for a float; for a string, ``strings.string_edges`` (each numeric
field ±1 and 0, separators swapped, "", reversed...); a list emptied, shortened, extended,
reversed, sorted, or made of the program's own constants (every threshold at once).
"""

from __future__ import annotations

from typing import Any

from ._edit import rotated, sort_key
from .bounds import Bounds
from .strings import string_edges


def boundary_inputs(seed: list, b: Bounds) -> list[list]:
    """Each argument of ``seed`` replaced, one at a time, by its type's edge values."""
    out = []
    for i, v in enumerate(seed):
        for edge in _edges(v, b):
            out.append(seed[:i] + [edge] + seed[i + 1:])
    return out


def _edges(v: Any, b: Bounds) -> list:
    if isinstance(v, bool):
        return [not v]
    if isinstance(v, int):
        return list(dict.fromkeys([0, 1, -1, v + 1, v - 1, *b.cmp_near[:12]]))
    if isinstance(v, float):
        return [0.0, -1.0, float("nan"), float("inf")] + list(b.code_floats[:10])
    if isinstance(v, str):
        return string_edges(v, b)
    if isinstance(v, (list, tuple)):
        items = list(v)
        kind = type(v)
        edges = [[], items[:1], items + items[-1:], items[::-1], sorted(items, key=sort_key)]
        # A list of numbers made of the program's own constants hits every threshold at once.
        if items and all(type(x) is float for x in items):
            consts = [float(c) for c in b.code_ints if c >= 0] + list(b.code_floats)
            if consts:
                edges.append(consts[: b.max_len])
        elif items and all(type(x) is int for x in items) and b.code_ints:
            edges.append(list(b.code_ints[: b.max_len]))
        return [kind(e) for e in edges]
    if isinstance(v, dict):
        return [{}]
    return []


def boundary_round_robin(seeds: list[list], b: Bounds):
    """Every seed's boundary cases, round robin over the seeds, seed j starting at its j-th kind
    of edge: with many seeds and few slots, every kind of edge is still tried on some seed."""
    queues = [rotated(boundary_inputs(s, b), j) for j, s in enumerate(seeds)]
    return (q[k] for k in range(max(map(len, queues), default=0)) for q in queues if k < len(q))
