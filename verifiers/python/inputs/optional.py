"""Optional parameters the seeds never pass, and more arguments than they pass.

* ``optional_inputs``: each optional positional parameter in turn passed, with values near its
  literal default (``sep="-"`` where the seeds rely on ``sep=" "``);
* ``optional_pair_inputs``: two of them changed together: defaults swapped, an interval
  inverted;
* ``varargs_inputs``: a ``*args`` entry point called with more arguments than any seed passes.

The defaults are read with ``ast`` (``program.signature``), never by running the program.
"""

from __future__ import annotations

import copy

from ..program.signature import UNKNOWN, entry_function, optional_defaults
from ._edit import interleave


def near_default(d) -> list:
    """Values near a literal default of an optional parameter (none for other kinds of value)."""
    if isinstance(d, bool):
        return [not d]
    if isinstance(d, int):
        return [d + 1, d - 1, 0, -1, 2, 10]
    if isinstance(d, float):
        return [d + 1.0, d - 0.5, 0.0, -1.0]
    if isinstance(d, str):
        return ["-", "", ", ", d * 2 if d else "ab", d.upper() if d.lower() != d.upper() else "x"]
    if d is None:
        return [0, 1, -1, "a", "", [], [1, 2]]
    if isinstance(d, (list, tuple)):
        return [type(d)(), type(d)([0]), type(d)(list(d) * 2)]
    return []


def optional_inputs(code: str, entry_point: str, seeds: list[list], limit: int) -> list[list]:
    """The first seeds with each optional positional parameter they leave out passed in turn
    (earlier ones at their defaults), with values near its default: a rewrite that ignores or
    renames it agrees on every call that omits it."""
    found = optional_defaults(code, entry_point)
    if found is None:
        return []
    first, defaults = found
    queues = []
    for s in seeds[:3]:
        for k in range(max(len(s), first), first + len(defaults)):
            filler = defaults[len(s) - first:k - first]
            if UNKNOWN in filler or defaults[k - first] is UNKNOWN:
                break
            queues.append([copy.deepcopy(s) + copy.deepcopy(filler) + [v]
                           for v in near_default(defaults[k - first])])
    return interleave(queues, limit)


def optional_pair_inputs(code: str, entry_point: str, seeds: list[list], limit: int) -> list[list]:
    """Two optional parameters the seeds leave out, changed together: their defaults swapped
    (``lo=10, hi=-10``), then values near each default paired across and along. One changed at
    a time never inverts an interval whose defaults are far apart (``clamp(x, lo=-10, hi=10)``
    with ``min(max(x, lo), hi)`` rewritten as ``max(lo, min(x, hi))`` differs only at lo > hi)."""
    found = optional_defaults(code, entry_point)
    if found is None:
        return []
    first, defaults = found
    queues = []
    for s in seeds[:2]:
        omitted = range(max(len(s), first), first + len(defaults))
        for j in omitted:
            for k in omitted:
                if k <= j:
                    continue
                call = defaults[len(s) - first:k - first + 1]
                if UNKNOWN in call:
                    break
                dj, dk = defaults[j - first], defaults[k - first]
                nj, nk = near_default(dj), near_default(dk)
                pairs = [(dk, dj)] if type(dj) is type(dk) and dj != dk else []
                pairs += list(zip(nj, reversed(nk))) + list(zip(nj, nk))
                q = []
                for vj, vk in pairs:
                    args = copy.deepcopy(s) + copy.deepcopy(call)
                    args[j], args[k] = copy.deepcopy(vj), copy.deepcopy(vk)
                    q.append(args)
                queues.append(q)
    return interleave(queues, limit)


def varargs_inputs(code: str, entry_point: str, seeds: list[list], limit: int) -> list[list]:
    """Calls of a ``*args`` entry point with more arguments than any seed passes: the seeds'
    extra arguments (or their last positional one) repeated. Mutation keeps the seeds' arity,
    so ``sum(xs[:3])`` for ``sum(xs)`` over ``*xs`` agreed on every call of one or two."""
    fn = entry_function(code, entry_point)
    if fn is None or fn.args.vararg is None:
        return []
    fixed = len(fn.args.posonlyargs + fn.args.args)
    longest = max((len(s) for s in seeds), default=0)
    queues = []
    for s in seeds[:3]:
        pool = s[fixed:] or s[fixed - 1:fixed]
        if len(s) < fixed or not pool:
            continue
        queues.append([copy.deepcopy(s) + [_extra_argument(pool, i)
                                           for i in range(longest - len(s) + k)]
                       for k in (1, 2, 3, 5, 8, 33)])
    return interleave(queues, limit)


def _extra_argument(pool: list, i: int):
    """The ``i``-th extra argument: a copy of its own (one object passed twice is another
    input), every other numeric one moved up so that the extras hold new extremes too."""
    x = pool[i % len(pool)]
    if i % 2 and type(x) in (int, float):
        return x + i + 1
    return copy.deepcopy(x)
