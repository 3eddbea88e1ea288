"""Deterministic edges beyond the seeds' alphabet and types: Unicode, coordinated values, types.

* **Characters** (``unicode_inputs``): the seeds' strings rebuilt with characters from all of
  Unicode where a near-synonym rewrite differs: ``isdigit``/``isdecimal``/``isnumeric`` on
  ``²``, ``٣``, ``Ⅻ``; ``lower``/``casefold`` and length-changing case maps on ``ß``, ``İ``,
  ``ﬁ``, a final sigma; ``split()``/``split(" ")``/``splitlines``/``strip`` on every kind of
  whitespace and line break; ``isalpha``/``isalnum``/``isidentifier`` and regex classes on
  letters outside ASCII, ``_``, combining marks and regex metacharacters.
* **Coordinated values** (``coordinated_inputs``): a present key with a falsy value
  (``d.get(k) or x`` versus ``d[k] if k in d``), a falsy item in every position, all items
  equal, equal but distinct objects, and the same object passed in two places.
* **Types at the edge of the domain** (``type_edge_inputs``, ``strict`` policy only): a tuple or
  an iterator where the seeds pass a list, a bool or a float where they pass an int, an int
  where they pass a float, None anywhere. The ``domain`` policy keeps the seeds' types.
"""

from __future__ import annotations

import copy

# Every kind of whitespace and line break str.split(), strip() and splitlines() know, and some
# they do not agree on (\x1c-\x1f split lines and count as space; \u200b is neither).
WHITESPACE = ("\t", "\n", "\r\n", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0", "\u2028",
              "\u3000", "\u200b", "  ")
CASE_SPECIALS = ("ß", "İ", "ﬁ", "ΟΔΟΣ", "ǅ", "ı", "ŉ", "Ω")
DIGITS = ("²", "٣", "Ⅻ", "½", "𝟙", "०", "¹²")
LETTERS = ("é", "Ж", "中", "e\u0301", "_", "ª", "ñ")
REGEX = (".", "*", "+", "?", "(", "[", "\\", "^", "$", "|", "{", "'", "-")
# Whole strings: each on its own says something about a string method.
WHOLE = ("ß", "İ", "ﬁ", "Σ", "ΣΑΣ", "²", "٣٤", "Ⅻ", "_", " \u3000 ", "\u2028", "a\x0bb",
         "x\x85y", "1_000", "١٢٣", " 12 ", "+5", "-0", "0x1f", "1e3", "inf", "٣.٥")
# Strings equal under one case mapping and not another (casefold, lower, upper): in two
# arguments at once, they separate ``a.lower() == b.lower()`` from ``casefold()`` and friends.
CASE_TWINS = (("ß", "ss"), ("ﬁ", "fi"), ("İ", "i̇"), ("ΣΑΣ", "σας"), ("K", "k"), ("ſ", "s"),
              ("ǅ", "ǆ"), ("Straße", "STRASSE"))
ALL_SPECIALS = WHITESPACE + CASE_SPECIALS + DIGITS + LETTERS + REGEX


def _replace_first(s: str, pred, new: str) -> str | None:
    for i, c in enumerate(s):
        if pred(c):
            return s[:i] + new + s[i + 1:]
    return None


def unicode_strings(v: str) -> list[str]:
    """``v`` with its spaces, digits and letters swapped for their Unicode relatives."""
    groups: list[list[str | None]] = [
        [v.replace(" ", w) for w in WHITESPACE] if " " in v else [],
        [_replace_first(v, str.isdigit, d) for d in DIGITS],
        [_replace_first(v, str.isalpha, c) for c in CASE_SPECIALS + LETTERS],
        [v + c for c in ("ß", "İ", "\u0301", "_", "\n", "\u3000", "²")]
        + [c + v for c in ("ﬁ", " ", "\x0c", "Σ")],
        [v.upper() if v.islower() else v.lower(), v + " " + v.title()]
        + [_replace_first(v, lambda c: not c.isalnum() and not c.isspace(), r) for r in REGEX],
        list(WHOLE),
    ]
    # Interleaved, so that a small share still tries every group.
    out = [g[k] for k in range(max(map(len, groups))) for g in groups if k < len(g)]
    return [s for s in dict.fromkeys(out) if s is not None and s != v]


def _strings_in(args: list) -> list[tuple[tuple, str]]:
    """(path, string) for top-level strings and strings inside top-level lists."""
    out = []
    for i, a in enumerate(args):
        if isinstance(a, str):
            out.append(((i,), a))
        elif isinstance(a, list):
            out += [((i, j), x) for j, x in enumerate(a[:3]) if isinstance(x, str)]
    return out


def _set_path(args: list, path: tuple, value) -> list:
    out = copy.deepcopy(args)
    if len(path) == 1:
        out[path[0]] = value
    else:
        out[path[0]][path[1]] = value
    return out


def unicode_inputs(seeds: list[list], limit: int) -> list[list]:
    """Seeds with one string replaced by its Unicode relatives, round robin over the seeds
    (every kind of relative tried on some seed when there are many seeds)."""
    queues = []
    for s in seeds:
        for path, v in _strings_in(s)[:2]:
            queues.append([_set_path(s, path, x) for x in unicode_strings(v)])
    for s in seeds[:2]:
        slots = _strings_in(s)[:3]
        for (p1, _), (p2, _) in zip(slots, slots[1:]):
            queues.append([_set_path(_set_path(s, p1, a), p2, b) for a, b in CASE_TWINS])
    out: list[list] = []
    k = 0
    while len(out) < limit and any(k < len(q) for q in queues):
        for j, q in enumerate(queues):
            idx = (k + 7 * j) % len(q) if q else 0
            if k < len(q):
                out.append(q[idx])
        k += 1
    return out[:limit]


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


def coordinated_inputs(seeds: list[list], limit: int) -> list[list]:
    """Falsy values in present keys and in every position, all-equal items, equal but distinct
    objects, one object passed twice."""
    out: list[list] = []
    for s in seeds[:4]:
        for i, a in enumerate(s):
            if isinstance(a, dict) and a:
                for k in list(a)[:3]:
                    out.append(_set_path(s, (i,), {**a, k: _falsy_like(a[k])}))
                    out.append(_set_path(s, (i,), {**a, k: None}))
            elif isinstance(a, list) and a:
                for j in sorted({0, len(a) // 2, len(a) - 1}):
                    out.append(_set_path(s, (i, j), _falsy_like(a[j])))
                out.append(_set_path(s, (i,), [copy.deepcopy(a[0]) for _ in range(max(3, len(a)))]))
                if type(a[0]) is int:
                    # Equal ints beyond the small-int cache: distinct objects (``is`` versus ==).
                    big = 10**6 + abs(a[0])
                    out.append(_set_path(s, (i,), [int(str(big)) for _ in range(3)]))
                elif isinstance(a[0], (list, dict)):
                    # The same object in every position: aliasing the program may not expect.
                    shared = copy.deepcopy(a[0])
                    args = copy.deepcopy(s)
                    args[i] = [shared] * max(2, len(a))
                    out.append(args)
            elif isinstance(a, str) and a:
                out.append(_set_path(s, (i,), "".join(list(a))))
        same = [i for i, a in enumerate(s) if isinstance(a, (list, dict))]
        for i in same:
            for j in same:
                if i < j and type(s[i]) is type(s[j]):
                    args = copy.deepcopy(s)
                    args[j] = args[i]  # one object in two slots
                    out.append(args)
    return out[:limit]


def type_edge_inputs(seeds: list[list], limit: int) -> list[list]:
    """Each argument of the first seeds in turn given a neighbouring type (strict policy)."""
    out: list[list] = []
    for s in seeds[:3]:
        for i, a in enumerate(s):
            if isinstance(a, list):
                alts = [tuple(a), iter(copy.deepcopy(a))]
            elif isinstance(a, bool):
                alts = [int(a)]
            elif isinstance(a, int):
                alts = [float(a), bool(a), True]
            elif isinstance(a, float):
                alts = [int(a)] if a == a and abs(a) != float("inf") else []
            elif isinstance(a, str):
                alts = [list(a)]
            elif isinstance(a, dict):
                alts = [list(a.items())]
            else:
                alts = []
            for alt in alts + [None]:
                out.append(_set_path(s, (i,), alt))
    return out[:limit]
