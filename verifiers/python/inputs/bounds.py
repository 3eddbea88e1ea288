"""``Bounds``: what the input generator knows of the seeds and of the program, so that mutants
stay in the program's working range and hit its constants.

The seeds give sizes, words and characters; the program (``program/facts.py`` and
``program/tables.py``, read with ``ast``) its constants, the ints it compares against and its
int tables.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..program.facts import compared_ints, program_constants
from ..program.tables import Table, program_tables

MAX_LEN = 12


@dataclass
class Bounds:
    """Size limits derived from the seeds, so that mutants stay in the programs' working range."""

    max_len: int = MAX_LEN
    int_mag: int = 1000
    words: tuple[str, ...] = ()   # whitespace-separated tokens of every seed string
    chars: str = ""               # characters of every seed string
    # Constants of the program itself: comparisons against them are where mutants hide
    # (``score > 3.7``, ``ord(ch) <= ord("Z")``, ``days[m - 1]``).
    code_ints: tuple[int, ...] = ()
    code_floats: tuple[float, ...] = ()
    code_strs: tuple[str, ...] = ()
    tables: tuple[Table, ...] = ()  # int list literals: ``days = [31, 29, ...]``
    # Int constants the program compares against (``1 <= m <= 12``), each with its neighbours
    # ±1: the few values where a ``<``/``<=`` swap or an off-by-one shows. A small pool, so
    # that every int and every number inside a string hits it often.
    cmp_near: tuple[int, ...] = ()
    code_near: tuple[int, ...] = ()  # every int constant and its neighbours ±1
    # Ints derived from the other ints of the same seed (equal, ±1, sums, differences):
    # relations between arguments (``a + b <= c``, overlapping intervals) need them.
    related: tuple[int, ...] = ()

    @classmethod
    def from_seeds(cls, seeds: list[list]) -> "Bounds":
        lens, mags, words, chars = [0], [0], {}, set()
        for value in _walk(seeds):
            if isinstance(value, (str, bytes, list, tuple, dict, set)):
                lens.append(len(value))
            if isinstance(value, str):
                chars.update(value)
                for w in value.split():
                    words.setdefault(w, None)
            elif isinstance(value, int) and not isinstance(value, bool):
                mags.append(abs(value))
        return cls(max_len=min(max(10, 2 * max(lens)), 100), int_mag=max(100, 4 * max(mags)),
                   words=tuple(list(words)[:60]), chars="".join(sorted(chars))[:200])

    def with_code(self, code: str) -> "Bounds":
        ints, floats, strs = program_constants(code)
        chars = "".join(sorted(set(self.chars) | set("".join(strs))))[:300]
        # The program's word-like constants ("zero".."nine", "Mon") are words its input may hold.
        words = tuple(dict.fromkeys(self.words + tuple(w for w in strs if w.isalnum())))[:100]
        return replace(self, code_ints=ints, code_floats=floats, code_strs=strs, chars=chars,
                       words=words, tables=program_tables(code),
                       cmp_near=_near(compared_ints(code)), code_near=_near(ints))

    def for_seed(self, seed: list) -> "Bounds":
        ints = [v for v in _walk(seed) if type(v) is int][:8]
        small = sorted({c for c in self.code_ints if abs(c) <= 10} | {1, 2})
        rel = set()
        for x in ints:
            rel.update(x + c for c in small)
            rel.update(x - c for c in small)
            rel.update(x + y for y in ints)
            rel.update(x - y for y in ints)
        rel.update(ints)
        return replace(self, related=tuple(sorted(rel))[:200])


def _near(ints: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(dict.fromkeys(c + d for c in ints for d in (0, -1, 1)))


def _walk(value: Any):
    yield value
    if isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _walk(item)
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(k)
            yield from _walk(v)
