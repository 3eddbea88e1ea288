"""Types at the edge of the domain (``strict`` policy only; ``domain`` keeps the seeds' types).

* **Neighbouring types** (``type_edge_inputs``): a tuple or an iterator where the seeds pass a
  list, a bool or a float where they pass an int, an int where they pass a float, None
  anywhere; float extremes (1e300, inf, -0.0) where they pass a list of ints, tuples inside a
  list of lists, the number itself where they pass a string of digits.
* **Equal values of another type** (``mixed_type_inputs``): ``[3, 3.0]``, ``[1, True]``, a list
  and its copy of floats in two arguments, a dict key of another type, -0.0 in every numeric
  argument at once: which of two equal values a rewrite keeps. And an *intruder* (None, or a
  str among numbers) after the item at a few positions of a list: a loop or ``any``/``all``
  that stops early never reaches it, an eager rewrite raises.
"""

from __future__ import annotations

import copy
import re

from ._edit import interleave, set_path
from .scale import FLOAT_EXTREMES


def type_edge_inputs(seeds: list[list], limit: int) -> list[list]:
    """Each argument of the first seeds in turn given a neighbouring type (strict policy)."""
    out: list[list] = []
    for s in seeds[:3]:
        for i, a in enumerate(s):
            if isinstance(a, list):
                alts = [tuple(a), iter(copy.deepcopy(a))]
                if a and all(type(x) is int for x in a):
                    # Floats where the ints stood, at the extremes: overflow to inf when
                    # squared or summed (``key=abs`` against ``key=lambda v: v * v`` ties),
                    # -0.0, subnormals. Not NaN: its hash is its id, so a set of these
                    # would order differently in every process (the original looks
                    # nondeterministic); NaN among floats is the coordinated inputs'.
                    alts.append([x for x in FLOAT_EXTREMES if x == x])
                if a and all(type(x) is list for x in a):
                    # Tuples inside: ``sum(ls, [])`` refuses them, ``chain(*ls)`` does not.
                    alts.append([tuple(x) for x in a])
            elif isinstance(a, bool):
                alts = [int(a)]
            elif isinstance(a, int):
                alts = [float(a), bool(a), True]
            elif isinstance(a, float):
                alts = [int(a)] if a == a and abs(a) != float("inf") else []
            elif isinstance(a, str):
                alts = [list(a)]
                if len(a) < 300 and re.fullmatch(r"\s*[-+]?[0-9]+\s*", a):
                    # A number where the seeds pass its digits: ``int(s)`` takes a float,
                    # ``int(s, 10)`` and ``s.isdigit()`` do not.
                    alts += [float(int(a)), int(a)]
            elif isinstance(a, dict):
                alts = [list(a.items())]
            else:
                alts = []
            for alt in alts + [None]:
                out.append(set_path(s, (i,), alt))
    return out[:limit]


def mixed_type_inputs(seeds: list[list], limit: int) -> list[list]:
    """Equal values of another type beside each other (strict policy): ``x == float(x)`` and
    ``1 == True`` make a rewrite's choice between equal values visible."""
    queues: list[list[list]] = []
    for s in seeds[:3]:
        q: list[list] = []
        lists = [i for i, a in enumerate(s) if isinstance(a, list) and a
                 and all(type(x) is int for x in a)]
        for i in lists:
            a = s[i]
            q.append(set_path(s, (i,), [float(a[0])] + a))
            q.append(set_path(s, (i,), a + [float(a[-1])]))
            q.append(set_path(s, (i,), [bool(x) if x in (0, 1) else x for x in a] + [1, True]))
        for i in lists:
            for j in lists:
                if i < j:
                    q.append(set_path(s, (j,), [float(x) for x in s[i]]))
                    q.append(set_path(s, (i,), [float(x) for x in s[j]]))
        for i, a in enumerate(s):
            if isinstance(a, dict) and a:
                key = 8 if all(isinstance(k, str) for k in a) else "k"
                q.append(set_path(s, (i,), {**a, key: next(iter(a.values()))}))
        intruders: list[list] = []
        for i, a in enumerate(s):
            if isinstance(a, list) and a:
                # A value no comparison or arithmetic with the items accepts, after the item at
                # each of a few positions: a loop or any()/all() that stops early never reaches
                # it, a rewrite that reads every item first (a list built eagerly, a sort, a
                # sum) raises.
                for j in sorted({0, len(a) // 2, len(a) - 1}):
                    for intruder in (None, _foreign(a[j])):
                        intruders.append(set_path(s, (i,), copy.deepcopy(a[:j + 1])
                                                   + [intruder] + copy.deepcopy(a[j + 1:])))
        nums = [i for i, a in enumerate(s) if type(a) in (int, float)]
        if nums:
            args = copy.deepcopy(s)
            for i in nums:
                args[i] = -0.0
            q.append(args)
        queues += [q, intruders]
    return interleave(queues, limit)


def _foreign(x):
    """A value of a type that ``x``'s operators reject (a str beside numbers, an int beside
    strings and containers)."""
    return "a" if isinstance(x, (int, float, complex)) else 0
