"""Coordinated values: edges no single argument shows.

A present key with a falsy value (``d.get(k) or x`` versus ``d[k] if k in d``), a falsy item in
every position, all items equal, equal but distinct objects, and the same object passed in two
places (one NaN in several places too: containment and ``count`` find it by identity).
"""

from __future__ import annotations

import copy

from ._edit import set_path


def _falsy_like(x):
    if isinstance(x, bool):
        return False
    if isinstance(x, int):
        return 0
    if isinstance(x, float):
        return 0.0
    if isinstance(x, str):
        return ""
    if isinstance(x, (list, tuple, dict, set)):
        return type(x)()
    return None


def _fresh(n: int) -> int:
    """An int equal to ``n`` that is another object (without ``str``, which refuses ints past
    4300 digits)."""
    return (n + 1) - 1


def coordinated_inputs(seeds: list[list], limit: int) -> list[list]:
    """Falsy values in present keys and in every position, all-equal items, equal but distinct
    objects, one object passed twice."""
    out: list[list] = []
    for s in seeds[:4]:
        for i, a in enumerate(s):
            if isinstance(a, dict) and a:
                for k in list(a)[:3]:
                    out.append(set_path(s, (i,), {**a, k: _falsy_like(a[k])}))
                    out.append(set_path(s, (i,), {**a, k: None}))
            elif isinstance(a, list) and a:
                for j in sorted({0, len(a) // 2, len(a) - 1}):
                    out.append(set_path(s, (i, j), _falsy_like(a[j])))
                out.append(set_path(s, (i,), [copy.deepcopy(a[0]) for _ in range(max(3, len(a)))]))
                if type(a[0]) is int:
                    # Equal ints beyond the small-int cache: distinct objects (``is`` versus ==),
                    # in the list and as the value looked for.
                    big = 10**6 + abs(a[0])
                    out.append(set_path(s, (i,), [_fresh(big) for _ in range(3)]))
                    scalars = [k for k, b in enumerate(s) if type(b) is int]
                    if scalars:
                        args = set_path(s, (i,), [_fresh(big) for _ in range(2)])
                        args[scalars[0]] = _fresh(big)
                        out.append(args)
                elif type(a[0]) is float:
                    # One NaN object in several places: ``in``/``count``/``index`` and list
                    # ``==`` find it by identity, a rewrite to ``==`` does not.
                    nan = float("nan")
                    out.append(set_path(s, (i,), [nan] * max(2, len(a))))
                    args = set_path(s, (i,), copy.deepcopy(a) + [nan])
                    scalars = [k for k, b in enumerate(s) if type(b) is float]
                    for k in scalars[:1]:
                        args[k] = nan  # also the value looked for
                    out.append(args)
                    others = [k for k, b in enumerate(s) if k != i and type(b) is list and b
                              and type(b[0]) is float]
                    if others:  # and in another list: list == finds it by identity
                        args = set_path(s, (i,), [nan])
                        args[others[0]] = [nan]
                        out.append(args)
                elif isinstance(a[0], (list, dict)):
                    # The same object in every position: aliasing the program may not expect.
                    shared = copy.deepcopy(a[0])
                    args = copy.deepcopy(s)
                    args[i] = [shared] * max(2, len(a))
                    out.append(args)
            elif isinstance(a, str) and a:
                out.append(set_path(s, (i,), "".join(list(a))))
        same = [i for i, a in enumerate(s) if isinstance(a, (list, dict))]
        for i in same:
            for j in same:
                if i < j and type(s[i]) is type(s[j]):
                    args = copy.deepcopy(s)
                    args[j] = args[i]  # one object in two slots
                    out.append(args)
    return out[:limit]
