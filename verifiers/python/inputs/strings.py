"""String inputs: type-aware mutation of seed strings, and the numbers inside them.

Strings are mutated at three levels: characters (from the seed's own alphabet, so digits stay
digits and brackets stay brackets), words (many programs parse words), and the numeric fields
inside the string ("03-11-2000", "5 apples and 6 oranges"). Numeric fields mutate *together*:
a date's validity depends on its month and its day at once, so a single-field change can never
reach "month 4, day 31". Each field is pushed to its own edges (0, 1, its value ±1, the
program's integer constants ±1, the values of the other fields) with its width kept.
"""

from __future__ import annotations

import re

from . import sampler as st
from .bounds import Bounds
from .fields import field_value, numeric_fields, renumber
from .unicode import ALL_SPECIALS

SEPARATORS = " -/.:,"


def field_pool(fields: list[re.Match], k: int, b: Bounds) -> list[int]:
    """Edge values for field ``k``: 0, 1, its value ±1, the program's non-negative int
    constants ±1 (``1 <= m <= 12``, ``days = [31, 29, ...]``), and the other fields' values
    (equal fields: ``a == b`` relations between the parts of one string)."""
    n = field_value(fields[k])
    pool = {0, 1, n - 1, n + 1}
    pool.update(b.code_near)
    pool.update(field_value(m) for m in fields)
    pool.discard(n)
    return sorted(v for v in pool if v >= 0)


def _renumber_strategies(s: str, b: Bounds) -> list[st.SearchStrategy]:
    fields = numeric_fields(s)
    if not fields:
        return []
    pools = [field_pool(fields, k, b) for k in range(len(fields))]
    # Every field kept or changed at once (None keeps it).
    per_field = [st.one_of(st.none(), st.sampled_from(pool),
                           st.integers(0, 2 * field_value(m) + 10))
                 for m, pool in zip(fields, pools)]
    out = [st.tuples(*per_field).map(lambda vs: renumber(s, fields, vs))]
    # Exactly one field, or exactly two fields, pushed to their edges: the coordinated change
    # ("month 2, day 30") is then one draw among |pool_i| x |pool_j|, not among every field's
    # keep-or-change combination as well.
    compared = [c for c in b.cmp_near if c >= 0]
    for i in range(len(fields)):
        one = st.sampled_from(pools[i])
        if compared:  # the values the program compares against, most often
            one = st.one_of(one, st.sampled_from(compared))
        out.append(one.map(
            lambda v, i=i: renumber(s, fields, [v if j == i else None
                                                for j in range(len(fields))])))
    pairs = [(i, j) for i in range(min(len(fields), 4)) for j in range(i + 1, min(len(fields), 4))]
    for i, j in pairs:
        out.append(st.tuples(st.sampled_from(pools[i]), st.sampled_from(pools[j])).map(
            lambda vs, i=i, j=j: renumber(
                s, fields, [vs[0] if k == i else vs[1] if k == j else None
                            for k in range(len(fields))])))
    return out


def mutate_str(s: str, b: Bounds) -> st.SearchStrategy:
    """A strategy of strings near ``s`` (characters, words and numeric fields mutated)."""
    # Characters of the seed itself keep mutants inside the program's alphabet; a few extras
    # probe case, spaces and separators.
    alphabet = sorted(set(s) | set(" aA0"))
    corpus_alphabet = sorted(set(b.chars) | set(alphabet))
    n = len(s)
    edits = [
        st.just(""), st.sampled_from(alphabet),
        st.just(s * 2), st.just(s[::-1]), st.just(s.swapcase()), st.just(s + s[:1]),
        st.text(st.sampled_from(alphabet), max_size=b.max_len),
        st.text(st.sampled_from(corpus_alphabet), max_size=b.max_len),
    ]
    # Characters from all of Unicode where near-synonym string methods disagree (``unicode.py``).
    specials = sorted(set(ALL_SPECIALS))
    edits += [st.tuples(st.integers(0, n), st.sampled_from(specials)).map(
        lambda ic: s[: ic[0]] + ic[1] + s[ic[0]:])]
    if n:
        edits.append(st.tuples(st.integers(0, n - 1), st.sampled_from(specials)).map(
            lambda ic: s[: ic[0]] + ic[1] + s[ic[0] + 1:]))
    if b.code_strs:
        consts = list(b.code_strs)
        edits += [
            st.sampled_from(consts),
            st.tuples(st.integers(0, n), st.sampled_from(consts)).map(
                lambda ic: s[: ic[0]] + ic[1] + s[ic[0]:]),
        ]
    numeric = _renumber_strategies(s, b)
    if numeric:
        # Numbers in a string signal structured data: give their edits as much weight as all
        # the character-level edits together.
        edits += [st.one_of(numeric)] * len(edits)
    # Word-level edits: many programs parse words ("three one five"), which character edits
    # almost never keep valid.
    tokens = s.split()[:50]
    sep = " " if " " in s or not tokens else ""
    if b.words:
        words = st.lists(st.sampled_from(b.words), max_size=b.max_len).map((sep or " ").join)
        edits += [words] * (3 if len(tokens) > 1 else 1)
    if len(tokens) > 1:
        edits += [
            st.permutations(tokens).map(sep.join),
            st.integers(0, len(tokens) - 1).map(
                lambda i: sep.join(tokens[: i + 1] + tokens[i:])),
            st.integers(0, len(tokens) - 1).map(lambda i: sep.join(tokens[:i] + tokens[i + 1:])),
        ]
    separators = [i for i, c in enumerate(s) if not c.isalnum()][:16]
    if separators:
        # Separators swapped for others ("03-11-2000" -> "03/11-2000"): format checks.
        others = sorted(set(SEPARATORS) | {c for c in b.chars if not c.isalnum()})
        edits.append(st.tuples(st.sampled_from(separators), st.sampled_from(others)).map(
            lambda ic: s[: ic[0]] + ic[1] + s[ic[0] + 1:]))
    if n:
        edits += [
            st.tuples(st.integers(0, n), st.integers(0, n)).map(lambda ij: s[min(ij):max(ij)]),
            st.tuples(st.integers(0, n), st.sampled_from(alphabet)).map(
                lambda ic: s[: ic[0]] + ic[1] + s[ic[0]:]),
            st.tuples(st.integers(0, n - 1), st.sampled_from(alphabet)).map(
                lambda ic: s[: ic[0]] + ic[1] + s[ic[0] + 1:]),
            st.integers(0, n - 1).map(lambda i: s[:i] + s[i + 1:]),
        ]
    return st.one_of(edits)


def string_edges(v: str, b: Bounds) -> list[str]:
    """Deterministic edge cases of a seed string. Structured strings ("03-11-2000") first get
    the edits that keep their format: each numeric field ±1 and 0, each of the first two
    separators replaced, each field set to each of the program's compared-to constants ±1
    (``1 <= m <= 12``: 0, 1, 2, 11, 12, 13); then the generic edges ("", reversed, ...)."""
    fields = numeric_fields(v)[:4]

    def set_field(k: int, x: int) -> str:
        return renumber(v, fields, [x if j == k else None for j in range(len(fields))])

    edges = [set_field(k, x) for k, m in enumerate(fields)
             for x in (field_value(m) + 1, field_value(m) - 1, 0)]
    if fields:
        edges += [v[:i] + ("/" if v[i] != "/" else "-") + v[i + 1:]
                  for i in [i for i, c in enumerate(v) if not c.isalnum()][:2]]
    compared = [c for c in b.cmp_near if c >= 0][:9]
    edges += [set_field(k, c) for c in compared for k in range(len(fields))]
    edges += ["", v[:1], v + v[-1:], v[::-1]]
    code_words = [w for w in b.code_strs if w.isalnum()]
    if len(code_words) > 1 and " " in v:
        # Every word the program knows, in its order and reversed (ties, sort stability).
        edges += [" ".join(code_words), " ".join(code_words[::-1])]
    return list(dict.fromkeys(edges))
