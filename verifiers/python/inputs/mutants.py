"""Type-aware mutation of seed values (EvalPlus-style): Hypothesis-like strategies of values near
the seeds' (drawn by ``drawing.py``).

A seed is picked and some of its arguments mutated: ints nudged and pushed to edges and to the
program's constants, floats to ±0.0, NaN, infinities and one ulp around a constant, strings by
``strings.py``, lists emptied / shortened / extended / duplicated / sorted, dict keys added
and removed, recursively through nested values; values from the type hints (``hints.py``)
when the entry point has them.
"""

from __future__ import annotations

import math
import sys
from typing import Any

from ..program.signature import Param
from . import sampler as st
from ._edit import sort_key
from .bounds import MAX_LEN, Bounds
from .hints import ANY, from_hint
from .keys import input_key
from .strings import mutate_str


def _to_bytes(s: str) -> bytes:
    """A mutated string back to bytes: byte for byte where every character fits in one (the seed's
    own bytes, decoded as latin-1), else UTF-8. The string mutators insert characters from all of
    Unicode, which latin-1 cannot encode."""
    try:
        return s.encode("latin-1")
    except UnicodeEncodeError:
        return s.encode("utf-8", "surrogatepass")


def int_edges(v: int, b: Bounds) -> list[int]:
    return [0, 1, -1, 2, v + 1, v - 1, -v, 2 * v, b.int_mag, -b.int_mag]


def float_edges(v: float) -> list[float]:
    near = [] if not math.isfinite(v) else [v + 1.0, v - 1.0, -v, v * (1 + 1e-7), math.floor(v) + 0.5]
    return [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1e-12, float("nan"), float("inf"), float("-inf")] + near


def mutate(v: Any, b: Bounds) -> st.SearchStrategy:
    """A strategy of values near ``v`` of the same shape, including its type's edge cases."""
    if isinstance(v, bool):
        return st.booleans()
    if isinstance(v, int):
        options = [
            st.sampled_from(int_edges(v, b)),
            st.integers(v - 10, v + 10),
            st.integers(-b.int_mag, b.int_mag),
        ]
        if v:
            # The sign flipped, with a branch of its own: sign handling is among the commonest
            # rewrites to go wrong ("-12" is three characters, abs() before or after a floor).
            options.append(st.just(-v))
        if b.code_near:
            options.append(st.sampled_from(b.code_near))
        if b.cmp_near:
            options.append(st.sampled_from(b.cmp_near))
        if b.related:
            options.append(st.sampled_from(b.related))
        return st.one_of(options)
    if isinstance(v, float):
        finite = v if math.isfinite(v) else 0.0
        # Bounded by the largest float: a seed near it (HumanEval/20 has 1.7e308) made the
        # span infinite, and int(span) raised for every variant of the seed.
        top = sys.float_info.max
        span = min(max(10.0, abs(finite) * 2), top)
        options = [
            st.sampled_from(float_edges(v)),
            st.floats(max(finite - span, -top), min(finite + span, top), allow_nan=False),
            st.integers(-int(span), int(span)).map(float),
        ]
        consts = [float(c) for c in b.code_ints if abs(c) < 2**53] + list(b.code_floats)
        if consts:
            # Exactly on a threshold and one ulp either side of it.
            near = [f(c) for c in consts for f in (lambda c: c, lambda c: math.nextafter(c, math.inf),
                                                     lambda c: math.nextafter(c, -math.inf))]
            options.append(st.sampled_from(near))
        return st.one_of(options)
    if isinstance(v, str):
        return mutate_str(v, b)
    if isinstance(v, bytes):
        return st.one_of(st.just(b""), st.binary(max_size=b.max_len),
                         mutate_str(v.decode("latin-1"), b).map(_to_bytes))
    if isinstance(v, (list, tuple)):
        return _mutate_seq(v, b)
    if isinstance(v, (set, frozenset)):
        items = sorted(v, key=repr)
        return _mutate_seq(items, b).map(lambda xs: _to_set(xs, type(v)))
    if isinstance(v, dict):
        return _mutate_dict(v, b)
    if v is None:
        return st.none()
    return st.just(v)


def mutate_leaves(v: Any, b: Bounds) -> st.SearchStrategy:
    """Values of the same shape as ``v``: containers keep their length (dicts their keys),
    scalars inside are mutated."""
    if isinstance(v, (list, tuple)) and type(v) in (list, tuple) and v:
        kind = type(v)
        return st.tuples(*[st.one_of(st.just(x), mutate_leaves(x, b)) for x in v[: b.max_len]]).map(
            lambda xs: kind(xs) if kind is tuple else list(xs))
    if isinstance(v, dict) and type(v) is dict and v:
        keys = list(v)[: b.max_len]
        return st.tuples(*[st.one_of(st.just(v[k]), mutate_leaves(v[k], b)) for k in keys]).map(
            lambda vs: dict(zip(keys, vs)))
    if isinstance(v, (list, tuple, set, frozenset, dict)):
        return st.just(v)
    return mutate(v, b)


def _to_set(xs: list, kind: type) -> Any:
    try:
        return kind(xs)
    except TypeError:  # a mutated element became unhashable
        return kind()


def _mutate_seq(v: list | tuple, b: Bounds) -> st.SearchStrategy:
    kind = type(v) if type(v) in (list, tuple) else list
    items = list(v)
    pool = _distinct(items)[:12]
    if pool:
        # Built once per distinct element (not a flatmap per draw): drawing stays cheap.
        elem = st.one_of([st.one_of(st.just(x), mutate(x, b)) for x in pool])
    else:
        elem = ANY
    n = len(items)
    options = [
        st.just([]),
        elem.map(lambda x: [x]),
        st.lists(elem, max_size=b.max_len),
        st.just(items + items[:1]),
        st.just(sorted(items, key=sort_key)),
        st.just(items[::-1]),
        st.lists(elem, min_size=n, max_size=n),
    ]
    if 0 < n <= 6:
        # Short sequences are often records (an interval, a point): keep the shape and mutate
        # the fields, with more weight than reshaping.
        fields = st.tuples(*[st.one_of(st.just(x), mutate(x, b)) for x in items]).map(list)
        options += [fields, fields, fields]
    if n:
        options += [
            st.integers(0, n - 1).map(lambda i: items[:i] + items[i + 1:]),
            st.tuples(st.integers(0, n - 1), elem).map(
                lambda ix: items[: ix[0]] + [ix[1]] + items[ix[0] + 1:]),
            st.tuples(st.integers(0, n), elem).map(
                lambda ix: items[: ix[0]] + [ix[1]] + items[ix[0]:]),
            st.integers(0, n - 1).map(lambda i: items[: i + 1] + [items[i]] + items[i + 1:]),
        ]
    return st.one_of(options).map(lambda xs: kind(xs[: b.max_len]))


def _distinct(items: list) -> list:
    seen, out = set(), []
    for x in items:
        key = input_key(x)
        if key not in seen:
            seen.add(key)
            out.append(x)
    return out


def _mutate_dict(d: dict, b: Bounds) -> st.SearchStrategy:
    keys, values = list(d), list(d.values())
    if keys:
        key = st.one_of([mutate(k, b) for k in keys[:8]])
        val = st.one_of([st.one_of(st.just(v), mutate(v, b)) for v in _distinct(values)[:8]])
    else:
        key, val = st.one_of(st.integers(-10, 10), st.text(max_size=5)), ANY
    options = [
        st.just({}),
        st.dictionaries(key, val, max_size=b.max_len),
        st.tuples(key, val).map(lambda kv: {**d, kv[0]: kv[1]}),
    ]
    if keys:
        options += [
            st.sampled_from(keys).map(lambda k: {x: y for x, y in d.items() if x != k}),
            st.tuples(st.sampled_from(keys), val).map(lambda kv: {**d, kv[0]: kv[1]}),
        ]
    return st.one_of(options)


# --------------------------------------------------------------------------------------------
# Putting it together


def input_strategy(params: list[Param] | None, seeds: list[list], b: Bounds) -> st.SearchStrategy | None:
    """Hypothesis strategy of argument lists: mutated seeds, and values from hints when known."""
    branches = []
    if seeds:
        # Each argument is kept or mutated independently, so single and multiple mutations mix.
        per_seed = []
        for s in _distinct(seeds)[:30]:
            bs = b.for_seed(s)
            per_seed.append(st.tuples(*[st.one_of(st.just(a), mutate(a, bs)) for a in s]).map(list))
            # Same shape, new leaf values: reshaping mutants mostly make the original raise
            # (IndexError on a shortened pair), so half the draws keep every container's shape.
            per_seed.append(st.tuples(*[st.one_of(st.just(a), mutate_leaves(a, bs)) for a in s]).map(list))
            swaps = _swaps(s)
            if swaps:  # same-typed arguments exchanged: (a, c, b) of a triangle, say
                per_seed.append(st.sampled_from(swaps))
        branches.append(st.one_of(per_seed))
    if params is not None:
        required = [p for p in params if p.required]
        if all(p.hint is not None for p in required) and (required or not seeds):
            branches.append(
                st.tuples(*[from_hint(p.hint, min(b.max_len, MAX_LEN)) for p in required]).map(list)
            )
        elif not seeds and required:  # the hints there are, small values elsewhere
            branches.append(st.tuples(*[from_hint(p.hint, min(b.max_len, MAX_LEN)) if p.hint
                                        else ANY for p in required]).map(list))
    if not branches:
        return None
    return st.one_of(branches)


def _swaps(seed: list) -> list[list]:
    out = []
    for i in range(len(seed)):
        for j in range(i + 1, len(seed)):
            if type(seed[i]) is type(seed[j]) and seed[i] != seed[j]:
                swapped = list(seed)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                out.append(swapped)
    return out[:20]
