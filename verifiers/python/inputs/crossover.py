"""Higher-order mutation by crossover: two first-order mutants of one shape, combined.

A first-order mutant changes one thing (a field pushed to a constant, one end of an interval
raised); some differences need two changes together (month 12 *and* day 31, both right ends
raised so that the intervals overlap more). Crossing two first-order mutants leaf by leaf gives
inputs carrying a change from each: second-order mutants at the cost of a list walk, where a
second round of Hypothesis strategies would cost a third of the generation time.
"""

from __future__ import annotations

import random
from typing import Any

from .fields import NUMBER, field_value, numeric_fields, renumber


def shape(x: Any) -> Any:
    """Types and container lengths; strings by their layout of numbers ("99-99-9999")."""
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, len(x), tuple(shape(v) for v in x[:32]))
    if isinstance(x, dict):
        return ("dict", len(x), tuple(shape(v) for v in list(x.values())[:32]))
    if isinstance(x, str):
        return ("str", NUMBER.sub("9", x[:200]) if NUMBER.search(x[:200]) else "")
    return type(x).__name__


def crossover(a: Any, b: Any, rng: random.Random) -> Any:
    """``a`` with some of its leaves (numeric fields, for strings of one layout) taken from
    ``b``; ``a`` and ``b`` must have the same ``shape``."""
    if isinstance(a, (list, tuple)) and type(a) in (list, tuple):
        items = [crossover(x, y, rng) for x, y in zip(a, b)] + list(a[len(b):])
        return type(a)(items)
    if isinstance(a, dict) and type(a) is dict and list(a) == list(b):
        return {k: crossover(a[k], b[k], rng) for k in a}
    if isinstance(a, str) and isinstance(b, str):
        fa, fb = numeric_fields(a), numeric_fields(b)
        if fa and len(fa) == len(fb) and NUMBER.sub("9", a) == NUMBER.sub("9", b):
            return renumber(a, fa, [field_value(y) if rng.random() < 0.5 else None
                                    for y in fb])
    return b if rng.random() < 0.5 else a


def second_order(firsts: list[list], seeds: list[list], k: int, seed: int) -> list[list]:
    """Up to ``k`` crossovers of pairs of ``firsts`` that share a seed's shape."""
    groups: dict[Any, list[list]] = {}
    try:
        shapes = {shape(s) for s in seeds}
        for x in firsts:
            key = shape(x)
            if key in shapes:
                groups.setdefault(key, []).append(x)
    except RecursionError:
        return []
    pools = [g for g in groups.values() if len(g) > 1]
    if not pools:
        return []
    rng = random.Random(seed)
    out = []
    try:
        for _ in range(k):
            pool = rng.choice(pools)
            a, b = rng.sample(pool, 2)
            out.append(crossover(a, b, rng))
    except RecursionError:  # absurdly deep seeds: keep what was crossed
        pass
    return out
