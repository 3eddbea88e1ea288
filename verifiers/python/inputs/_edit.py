"""Small helpers shared by the input generators: a value set at a path of an input (a copy),
queues interleaved so that a small share still tries every kind of edge, and a total order
over mixed values."""

from __future__ import annotations

import copy
from typing import Any


def set_path(args: list, path: tuple, value) -> list:
    out = copy.deepcopy(args)
    if len(path) == 1:
        out[path[0]] = value
    else:
        out[path[0]][path[1]] = value
    return out


def interleave(queues: list[list[list]], limit: int) -> list[list]:
    out: list[list] = []
    k = 0
    while len(out) < limit and any(k < len(q) for q in queues):
        out += [q[k] for q in queues if k < len(q)]
        k += 1
    return out[:limit]


def rotated(items: list, k: int) -> list:
    return items[k % len(items):] + items[: k % len(items)] if items else items


def sort_key(x: Any) -> tuple:
    """Total order over mixed values: by type name, then value where comparable (NaN aside)."""
    if isinstance(x, (int, float, str)) and x == x:
        return (type(x).__name__, 0, x, "")
    return (type(x).__name__, 1, 0, repr(x))
