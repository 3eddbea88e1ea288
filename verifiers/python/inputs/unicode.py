"""Deterministic edges beyond the seeds' alphabet and types: Unicode, coordinated values, types.

* **Characters** (``unicode_inputs``): the seeds' strings rebuilt with characters from all of
  Unicode where a near-synonym rewrite differs: ``isdigit``/``isdecimal``/``isnumeric`` on
  ``²``, ``٣``, ``Ⅻ``; ``lower``/``casefold`` and length-changing case maps on ``ß``, ``İ``,
  ``ﬁ``, a final sigma; ``split()``/``split(" ")``/``splitlines``/``strip`` on every kind of
  whitespace and line break; ``isalpha``/``isalnum``/``isidentifier`` and regex classes on
  letters outside ASCII, ``_``, combining marks and regex metacharacters.
* **Coordinated values** (``coordinated_inputs``): a present key with a falsy value
  (``d.get(k) or x`` versus ``d[k] if k in d``), a falsy item in every position, all items
  equal, equal but distinct objects, and the same object passed in two places (one NaN in
  several places too: containment and ``count`` find it by identity).
* **Types at the edge of the domain** (``type_edge_inputs``, ``strict`` policy only): a tuple or
  an iterator where the seeds pass a list, a bool or a float where they pass an int, an int
  where they pass a float, None anywhere; float extremes (1e300, inf, -0.0) where they
  pass a list of ints, tuples inside a list of lists, the number itself where they pass a
  string of digits. The ``domain`` policy keeps the seeds' types.
* **Magnitudes the seeds never reach** (``magnitude_inputs``): ints where floats stop being
  exact (2**53 + 1, 10**16 - 1), past 2**31, 2**32, 2**63, 2**64, inside lists at the seeds'
  lengths and as the numbers inside strings, two int arguments grown together (2**53 + 1
  against 2**53), and the numbers a fast primality test gets wrong (Carmichael numbers,
  strong pseudoprimes up to 2 * 10**6; larger ones are on the int scale ladder): the seeds'
  neighbourhood holds none of them, and the scale ladders grow lengths, not the values inside.
* **Optional parameters the seeds never pass** (``optional_inputs``): each in turn passed,
  with values near its default (``sep="-"`` where the seeds rely on ``sep=" "``); and two of
  them changed together (``optional_pair_inputs``): defaults swapped, an interval inverted.
* **More arguments than the seeds pass** to a ``*args`` entry point (``varargs_inputs``).
* **Equal values of another type** (``mixed_type_inputs``, ``strict``): ``[3, 3.0]``,
  ``[1, True]``, a list and its copy of floats in two arguments, a dict key of another type,
  -0.0 in every numeric argument at once: which of two equal values a rewrite keeps. And an
  *intruder* (None, or a str among numbers) after the item at a few positions of a list: a
  loop or ``any``/``all`` that stops early never reaches it, an eager rewrite raises.
"""

from __future__ import annotations

import ast
import copy
import re

from .hint_inputs import entry_function
from .scale_inputs import FLOAT_EXTREMES

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
         "x\x85y", "1_000", "١٢٣", " 12 ", "+5", "-0", "0x1f", "1e3", "inf", "٣.٥",
         "\ud800", "0.49999999999999994", "2.5", "-0.5")
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
        [v + c for c in ("\ud800", "ß", "İ", "\u0301", "_", "\n", "\u3000", "²")]
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
                elif type(a[0]) is float:
                    # One NaN object in several places: ``in``/``count``/``index`` and list
                    # ``==`` find it by identity, a rewrite to ``==`` does not.
                    nan = float("nan")
                    out.append(_set_path(s, (i,), [nan] * max(2, len(a))))
                    args = _set_path(s, (i,), copy.deepcopy(a) + [nan])
                    scalars = [k for k, b in enumerate(s) if type(b) is float]
                    for k in scalars[:1]:
                        args[k] = nan  # also the value looked for
                    out.append(args)
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
                out.append(_set_path(s, (i,), alt))
    return out[:limit]


# Where a float stops holding an int exactly, and where fixed-width arithmetic wraps.
BIG_ELEMENTS = (2**53 + 1, 10**16 - 1, 2**31, 2**32 + 1, 2**63, 2**64 + 1, 10**17 + 1,
                -(10**16 - 1), -(2**63) - 1, 9 * 10**15 + 4)
# Numbers a probabilistic or truncated primality test calls prime: Carmichael numbers (Fermat
# to every coprime base), base-2 pseudoprimes (1093**2), and strong pseudoprimes to the first
# bases of deterministic Miller-Rabin sets (2047; 1373653 to 2, 3; 3215031751 to 2, 3, 5, 7).
PSEUDOPRIMES = (561, 3215031751, 1194649, 2047, 1373653, 29341, 1105, 46657, 1729, 52633,
                25326001, 2465, 2152302898747, 2821, 3474749660383, 6601, 341550071728321, 8911,
                3825123056546413051)
_DIGIT_RUNS = ("9007199254740993", "10000000000000001", "99999999999999999", "4294967297")


def _digit_runs(s: str) -> list[str]:
    """``s`` with its first run of digits replaced by numbers past float precision."""
    m = re.search(r"\d+", s)
    if m is None:
        return []
    return [s[:m.start()] + run + s[m.end():] for run in _DIGIT_RUNS]


def magnitude_inputs(seeds: list[list], limit: int) -> list[list]:
    """Values far past the seeds' magnitudes, the seeds' shapes kept: one queue per kind,
    interleaved so that a small share tries every kind."""
    queues: list[list[list]] = []
    for s in seeds[:3]:
        ints = [i for i, a in enumerate(s) if type(a) is int]
        for n, i in enumerate(ints):
            # Only the pseudoprimes a loop up to n still gets through within the time limit:
            # a timeout costs a whole call's limit, and three of them end the original's run
            # (MAX_TIMEOUTS). Larger ints alone are the scale ladders' (BIG_INTS, climbed
            # within a time budget); each slot starts at another pseudoprime.
            small = [x for x in PSEUDOPRIMES if x <= 2_000_000]
            queues.append([_set_path(s, (i,), x) for x in small[n:] + small[:n]])
        for i, a in enumerate(s):
            if isinstance(a, list) and a and all(type(x) is int for x in a):
                n = len(a)
                one = [_set_path(s, (i, j), big) for j, big in zip(range(n), BIG_ELEMENTS)]
                every = [_set_path(s, (i,), [BIG_ELEMENTS[(j + k) % len(BIG_ELEMENTS)]
                                             * (-1 if x < 0 else 1) for j, x in enumerate(a)])
                         for k in range(3)]
                queues.append(every + one)
            elif isinstance(a, str):
                queues.append([_set_path(s, (i,), x) for x in _digit_runs(a)])
            elif isinstance(a, list):
                queues.append([_set_path(s, (i, j), x) for j, v in enumerate(a[:2])
                               if isinstance(v, str) for x in _digit_runs(v)])
        if len(ints) >= 2:
            # Grown together: equal or off by one far past float precision.
            together = []
            for offsets in ((1, 0), (0, 1)):
                args = copy.deepcopy(s)
                for k, i in enumerate(ints):
                    args[i] = 2**53 + offsets[k % 2]
                together.append(args)
            queues.append(together)
    return _interleave(queues, limit)


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
            q.append(_set_path(s, (i,), [float(a[0])] + a))
            q.append(_set_path(s, (i,), a + [float(a[-1])]))
            q.append(_set_path(s, (i,), [bool(x) if x in (0, 1) else x for x in a] + [1, True]))
        for i in lists:
            for j in lists:
                if i < j:
                    q.append(_set_path(s, (j,), [float(x) for x in s[i]]))
                    q.append(_set_path(s, (i,), [float(x) for x in s[j]]))
        for i, a in enumerate(s):
            if isinstance(a, dict) and a:
                key = 8 if all(isinstance(k, str) for k in a) else "k"
                q.append(_set_path(s, (i,), {**a, key: next(iter(a.values()))}))
        intruders: list[list] = []
        for i, a in enumerate(s):
            if isinstance(a, list) and a:
                # A value no comparison or arithmetic with the items accepts, after the item at
                # each of a few positions: a loop or any()/all() that stops early never reaches
                # it, a rewrite that reads every item first (a list built eagerly, a sort, a
                # sum) raises.
                for j in sorted({0, len(a) // 2, len(a) - 1}):
                    for intruder in (None, _foreign(a[j])):
                        intruders.append(_set_path(s, (i,), copy.deepcopy(a[:j + 1])
                                                   + [intruder] + copy.deepcopy(a[j + 1:])))
        nums = [i for i, a in enumerate(s) if type(a) in (int, float)]
        if nums:
            args = copy.deepcopy(s)
            for i in nums:
                args[i] = -0.0
            q.append(args)
        queues += [q, intruders]
    return _interleave(queues, limit)


def _foreign(x):
    """A value of a type that ``x``'s operators reject (a str beside numbers, an int beside
    strings and containers)."""
    return "a" if isinstance(x, (int, float, complex)) else 0


def _interleave(queues: list[list[list]], limit: int) -> list[list]:
    out: list[list] = []
    k = 0
    while len(out) < limit and any(k < len(q) for q in queues):
        out += [q[k] for q in queues if k < len(q)]
        k += 1
    return out[:limit]


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


def _optional_defaults(code: str, entry_point: str) -> tuple[int, list] | None:
    """(index of the first optional positional parameter, their literal defaults: _UNKNOWN
    where a default is not a literal), or None without an entry function."""
    fn = entry_function(code, entry_point)
    if fn is None:
        return None
    positional = fn.args.posonlyargs + fn.args.args
    defaults: list = []
    for node in fn.args.defaults:
        try:
            defaults.append(ast.literal_eval(node))
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            defaults.append(_UNKNOWN)
    return len(positional) - len(defaults), defaults


def optional_inputs(code: str, entry_point: str, seeds: list[list], limit: int) -> list[list]:
    """The first seeds with each optional positional parameter they leave out passed in turn
    (earlier ones at their defaults), with values near its default: a rewrite that ignores or
    renames it agrees on every call that omits it."""
    found = _optional_defaults(code, entry_point)
    if found is None:
        return []
    first, defaults = found
    queues = []
    for s in seeds[:3]:
        for k in range(max(len(s), first), first + len(defaults)):
            filler = defaults[len(s) - first:k - first]
            if _UNKNOWN in filler or defaults[k - first] is _UNKNOWN:
                break
            queues.append([copy.deepcopy(s) + copy.deepcopy(filler) + [v]
                           for v in near_default(defaults[k - first])])
    return _interleave(queues, limit)


def optional_pair_inputs(code: str, entry_point: str, seeds: list[list], limit: int) -> list[list]:
    """Two optional parameters the seeds leave out, changed together: their defaults swapped
    (``lo=10, hi=-10``), then values near each default paired across and along. One changed at
    a time never inverts an interval whose defaults are far apart (``clamp(x, lo=-10, hi=10)``
    with ``min(max(x, lo), hi)`` rewritten as ``max(lo, min(x, hi))`` differs only at lo > hi)."""
    found = _optional_defaults(code, entry_point)
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
                if _UNKNOWN in call:
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
    return _interleave(queues, limit)


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
    return _interleave(queues, limit)


def _extra_argument(pool: list, i: int):
    """The ``i``-th extra argument: a copy of its own (one object passed twice is another
    input), every other numeric one moved up so that the extras hold new extremes too."""
    x = pool[i % len(pool)]
    if i % 2 and type(x) in (int, float):
        return x + i + 1
    return copy.deepcopy(x)


def keyword_only_defaults(code: str, entry_point: str) -> list[tuple[str, object]]:
    """(name, literal default) of the entry point's keyword-only parameters that have one.
    Inputs are positional argument lists, so these reach the program only through the
    ``defaults`` probe's keyword calls (``probes.plan_probes``)."""
    fn = entry_function(code, entry_point)
    if fn is None:
        return []
    out = []
    for arg, node in zip(fn.args.kwonlyargs, fn.args.kw_defaults):
        if node is None:
            continue
        try:
            out.append((arg.arg, ast.literal_eval(node)))
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            continue
    return out


_UNKNOWN = object()  # a default that is not a literal
