"""Scale: inputs grown geometrically from the seeds, far past the seeds' neighbourhood.

Mutation keeps sizes within twice the longest seed and ints within four times the largest: the
programs' working range. Differences that need *size* hide beyond it: a fast path above some
length, an int routed through a float (exact only below 2**53), a recursion that a loop replaced
(RecursionError past ~1000 frames), a 32- or 64-bit overflow assumption, float overflow and
underflow. A *ladder* grows one argument of a seed, the others kept: lists, strings, dicts and
sets to thousands of items (elements drawn from the seeds' own values), ints through 2**31,
2**53, 2**63 and far beyond (both signs). The verifier climbs each ladder on the original and
stops where the original runs out of its time budget (``run/climb.py``, called from
``run/original.py``): how far a ladder goes is a property of the original, and what it does at
the top (its exceptions, its RecursionError included) is the reference every variant must
match.

Float extremes (overflow to inf, subnormals, ±0.0, NaN) cost no time: they are a flat list.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from .keys import show

MAX_LIST = 1 << 14
MAX_STR = 1 << 16
# Ints past the machine word sizes programs assume: 32-bit, a float's exact range, 64-bit.
# (with two strong pseudoprimes, 3215031751 and 3825123056546413051, which deterministic
# Miller-Rabin with too few bases calls prime)
# Either side of the 4300 digits past which str(int) and int(str) raise ValueError: the climb
# allows them more time than other rungs (``run/climb.py``), since nothing smaller shows it.
LIMIT_INTS = (10**4300 + 1, 10**4299 + 7)
BIG_INTS = (2**31 - 1, 3215031751, 2**32 + 1, 2**53 + 1, 10**16 - 1, 3825123056546413051,
            2**63 - 1, 2**64 + 1, 10**18 - 1,
            10**20 + 1, 2**128 + 1, 10**80 + 3, 2**1000 + 1, *LIMIT_INTS, 10**4000 + 1)
IN_LIST_EXTREMES = (float("nan"), float("inf"), float("-inf"), -0.0)
FLOAT_EXTREMES = (2.0**53 + 2.0, 1e16 + 2.0, 1e300, 1.7976931348623157e308, 5e-324, 1e-310,
                  2.2250738585072014e-308, 1e-300, -1e300, -5e-324, -0.0, float("inf"),
                  float("-inf"), float("nan"), 4.5, -4.5, 0.49999999999999994, 1e22)


@dataclass
class Ladder:
    """One argument of one seed grown step by step; ``rungs`` smallest first."""

    name: str                                  # "arg 0 (list)"
    rungs: list[tuple[str, list]] = field(default_factory=list)  # (size label, args)
    # Encoding cost per unit of size (an item of a container, a char of a string): a grown
    # argument travels back after every call (and a result often has its size).
    item_cost_ns: float = 0.0
    arg: int = -1  # which argument the rungs grow
    # How many rungs ``ladders`` built: the rungs past it are the speed search's, appended
    # (``extend_for_speed``) only when the wall-clock climb fell short, so not in every run.
    built: int | None = None


# How far the search for a speed input may double a list or string ladder past its top (the
# verification ladders stop at MAX_LIST/MAX_STR: every variant repeats their rungs; the speed
# input is one input, which each variant runs once, encoded, to agree on it). On a fast machine
# a linear loop over 16384 items takes 0.2 ms, short of the millisecond the speed input needs.
# Bounded by what encoding and comparing the grown argument costs each variant (item_cost_ns):
# lists to 4x MAX_LIST, strings to 2**21 characters.
SPEED_MAX_ITEMS = 1 << 21
SPEED_EXTEND_COST_NS = 200_000_000


def extend_for_speed(ladder: Ladder) -> int:
    """Append rungs to ``ladder`` that double its top rung's list or string, up to
    SPEED_MAX_ITEMS items and SPEED_EXTEND_COST_NS of encoding; the number appended (0 for
    other kinds of argument)."""
    if not ladder.rungs or ladder.arg < 0:
        return 0
    _, args = ladder.rungs[-1]
    a = args[ladder.arg]
    if type(a) not in (list, str) or not a:
        return 0
    mutable = type(a) is list and any(isinstance(x, (list, dict, set)) for x in a)
    added = 0
    while 2 * len(a) <= SPEED_MAX_ITEMS and 2 * len(a) * ladder.item_cost_ns <= SPEED_EXTEND_COST_NS:
        # Items copied, not repeated: a list whose halves share their items is another input
        # (aliasing is behaviour), not a longer one.
        a = a + ([_fresh(x) for x in a] if mutable else a)
        grown = list(args)
        grown[ladder.arg] = a
        ladder.rungs.append((f"len {len(a)}", grown))
        added += 1
    return added


def _pool(seeds: list[list], i: int) -> list:
    """Elements of argument ``i`` over every seed (the values a grown container is made of)."""
    out = []
    for s in seeds:
        if i < len(s) and isinstance(s[i], (list, tuple, set, frozenset)):
            out.extend(s[i])
    return out


def _grow_list(pool: list, n: int, rng: random.Random) -> list:
    """``n`` elements drawn from ``pool``, half the ints nudged by ±1 or ±2 (built in bulk: the
    top rungs hold thousands of items and every original builds its ladders)."""
    out = rng.choices(pool, k=n)
    if any(type(x) is int for x in pool):
        nudges = rng.choices((0, 0, 0, 0, -1, 1, 2, -2), k=n)
        out = [x + d if type(x) is int else x for x, d in zip(out, nudges)]
    if any(isinstance(x, (list, dict)) for x in pool):
        out = [_fresh(x) for x in out]
    return out


def _fresh(x):
    if isinstance(x, list):
        return [_fresh(y) for y in x]
    if isinstance(x, dict):
        return {k: _fresh(v) for k, v in x.items()}
    return x


def _sizes(start: int, stop: int) -> list[int]:
    sizes, n = [], 1 << max(4, math.ceil(math.log2(max(start, 2))))
    while n <= stop:
        sizes.append(n)
        n *= 4 if n < 1024 else 2
    return sizes


def ladders(seeds: list[list], seed: int = 0, max_seeds: int = 1) -> list[Ladder]:
    """Ladders over the largest seeds' arguments: one per growable argument."""
    if not seeds:
        return []
    rng = random.Random(seed)
    ranked = sorted(seeds, key=lambda s: -len(show(s)))[:max_seeds]
    out: list[Ladder] = []
    for s in ranked:
        for i, a in enumerate(s):
            ladder = Ladder(f"arg {i} ({type(a).__name__})",
                            item_cost_ns=3000.0 if isinstance(a, (list, set, frozenset, dict))
                            else 2.0 if isinstance(a, str) else 0.0, arg=i)
            if isinstance(a, list):
                pool = _pool(seeds, i) or [0]
                for n in _sizes(2 * len(a), MAX_LIST):
                    ladder.rungs.append((f"len {n}", _with(s, i, _grow_list(pool, n, rng))))
            elif isinstance(a, (set, frozenset)):
                pool = _pool(seeds, i) or [0]
                for n in _sizes(2 * len(a), MAX_LIST):
                    grown = set(pool) | set(_grow_list(pool, n, rng))
                    if all(type(x) is int for x in pool):
                        grown |= set(range(n))
                    ladder.rungs.append((f"len {len(grown)}", _with(s, i, type(a)(grown))))
            elif isinstance(a, str):
                chars = sorted(set("".join(x for t in seeds for x in t if isinstance(x, str)))) or ["a"]
                for n in _sizes(2 * len(a), MAX_STR):
                    tiled = (a * (n // max(len(a), 1) + 1))[:n] if a else "".join(rng.choices(chars, k=n))
                    text = tiled if len(ladder.rungs) % 2 == 0 else "".join(rng.choices(chars, k=n))
                    ladder.rungs.append((f"len {n}", _with(s, i, text)))
            elif isinstance(a, dict) and a:
                items = list(a.items())
                for n in _sizes(2 * len(a), MAX_LIST // 4):
                    grown = dict(a)
                    k = 0
                    while len(grown) < n:
                        key, value = items[k % len(items)]
                        new_key = (f"{key}{k}" if isinstance(key, str) else
                                   key + k + 1 if type(key) is int else (key, k))
                        grown.setdefault(new_key, _fresh(value))
                        k += 1
                    ladder.rungs.append((f"len {n}", _with(s, i, grown)))
            elif type(a) is int:
                mag = max(abs(v) for t in seeds for v in t if type(v) is int)
                sign = -1 if a < 0 else 1
                for k, v in enumerate(_int_ladder(max(mag, 1))):
                    # Both signs, alternating: half the rungs for the same reach.
                    v = sign * v if k % 2 == 0 else -sign * v
                    ladder.rungs.append((f"|x| ~ 2**{abs(v).bit_length()}", _with(s, i, v)))
            if ladder.rungs:
                ladder.built = len(ladder.rungs)
                out.append(ladder)
    # Interleave-friendly order: one ladder per argument slot first.
    seen, first, rest = set(), [], []
    for lad in out:
        (rest if lad.name in seen else first).append(lad)
        seen.add(lad.name)
    return first + rest


def _int_ladder(mag: int) -> list[int]:
    """Magnitudes from 8x the seeds' largest int, x8 at a time up to 2**31, then the word-size
    boundaries and beyond (callers stop where the original becomes too slow). The caller
    alternates the signs, so each sign steps x64; at x32 a step, a loop up to ``n`` saw no
    positive rung between about 10**3 and 10**6, past its time budget (a fast path above
    10**4 passed)."""
    out, v = [], 8 * mag
    while v < 2**31:
        out.append(v + 1)
        v *= 8
    return out + [b for b in BIG_INTS if b > 8 * mag]


def _with(seed: list, i: int, value) -> list:
    out = [_fresh(x) for x in seed]
    out[i] = value
    return out


def float_extremes(seeds: list[list], limit: int) -> list[list]:
    """Each float argument of the first seeds set to each extreme in turn."""
    out = []
    for s in seeds[:3]:
        for i, a in enumerate(s):
            if type(a) is float:
                out += [_with(s, i, x) for x in FLOAT_EXTREMES]
            elif isinstance(a, list) and a and all(type(x) is float for x in a):
                out.append(_with(s, i, [1e308] * max(2, len(a))))  # a sum that overflows
                # NaN and the infinities between the items too, not only first: a sort or a
                # running comparison goes wrong around them (sorted() leaves a NaN where it is
                # and the items on either side unordered)
                nan = float("nan")
                out += [_with(s, i, a[:j] + [nan] + a[j + 1:]) for j in range(1, min(len(a), 8))]
                out.append(_with(s, i, a[:len(a) // 2] + [nan] + a[len(a) // 2:]))
                out += [_with(s, i, a[:j] + [x] + a[j + 1:]) for x in IN_LIST_EXTREMES[1:]
                        for j in sorted({len(a) // 2, len(a) - 1}) if j > 0]
                out += [_with(s, i, [x] + a[1:]) for x in FLOAT_EXTREMES[:10]]
    return out[:limit]
