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
variant, only when there are any (``judge/variant.py``).
"""

from __future__ import annotations

import copy

from ..program.facts import novel_constants
from .keys import input_key

MAX_DIRECTED = 24
MAX_LENGTH = 1 << 15  # a length threshold past this costs each call too much to build and encode


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
                try:  # the one item that differs just past the threshold (a sample of the
                    lo, hi = min(a), max(a)  # first ``value`` items sees only the others)
                except TypeError:
                    lo = hi = None
                if lo is not None and lo != hi:
                    put(lo * value + hi if isinstance(a, str) else [lo] * value + [hi])
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
