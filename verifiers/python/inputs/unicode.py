"""Characters from all of Unicode where a near-synonym rewrite of a string method differs.

The seeds' strings rebuilt (``unicode_inputs``): ``isdigit``/``isdecimal``/``isnumeric`` on
``²``, ``٣``, ``Ⅻ``; ``lower``/``casefold`` and length-changing case maps on ``ß``, ``İ``,
``ﬁ``, a final sigma; ``split()``/``split(" ")``/``splitlines``/``strip`` on every kind of
whitespace and line break; ``isalpha``/``isalnum``/``isidentifier`` and regex classes on
letters outside ASCII, ``_``, combining marks and regex metacharacters. The string mutators
(``strings.py``) insert the same characters (``ALL_SPECIALS``).
"""

from __future__ import annotations

from ._edit import set_path

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
# A letter and a relative that one case mapping takes to it (or to it with a mark): put in the
# letter's place, the string reads the same to ``lower()``/``upper()`` of the whole string but
# not character by character ("İ".lower() is "i" plus a combining dot, which isalnum() drops).
CASE_RELATIVES = (("i", "İ"), ("I", "ı"), ("s", "ſ"), ("k", "K"), ("a", "ª"), ("A", "Å"))


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


def unicode_inputs(seeds: list[list], limit: int) -> list[list]:
    """Seeds with one string replaced by its Unicode relatives, round robin over the seeds
    (every kind of relative tried on some seed when there are many seeds)."""
    queues, relatives_first = [], []
    for s in seeds:
        for path, v in _strings_in(s)[:2]:
            queues.append([set_path(s, path, x) for x in unicode_strings(v)])
            # a queue of its own (few, and easily crowded out): a letter's case relative in
            # its place, the rest of the string as it was
            relatives = [r for r in (_replace_first(v, letter.__eq__, rel)
                                     for letter, rel in CASE_RELATIVES) if r is not None]
            relatives.append(v + "ßs")  # casefold() makes the two one letter, lower() does not
            relatives_first.append([set_path(s, path, x) for x in relatives])
    for s in seeds[:2]:
        slots = _strings_in(s)[:3]
        for (p1, _), (p2, _) in zip(slots, slots[1:]):
            # (first too: twins in two arguments tell casefold() from lower())
            relatives_first.insert(0, [set_path(set_path(s, p1, a), p2, b) for a, b in CASE_TWINS])
    # The case relatives (and twins) first, in order, one string after another: a handful per
    # string, easily crowded out by the long queues' rotation below.
    out: list[list] = [x for k in range(max(map(len, relatives_first), default=0))
                       for q in relatives_first if k < len(q) for x in [q[k]]][: limit // 2]
    k = 0
    while len(out) < limit and any(k < len(q) for q in queues):
        for j, q in enumerate(queues):
            idx = (k + 7 * j) % len(q) if q else 0
            if k < len(q):
                out.append(q[idx])
        k += 1
    return out[:limit]
