"""The numeric fields inside a string ("03-11-2000" has three): found, read and rewritten with
their width kept. String mutation, table probes and crossover all change numbers inside strings
through these."""

from __future__ import annotations

import re

NUMBER = re.compile(r"\d+")
MAX_FIELDS = 8


def numeric_fields(s: str) -> list[re.Match]:
    return list(NUMBER.finditer(s))[:MAX_FIELDS]


def field_value(m: re.Match) -> int:
    return int(m.group()[:9])  # no int() digit limit on "1" * 5000


def renumber(s: str, matches: list[re.Match], values: tuple[int | None, ...] | list) -> str:
    """``s`` with each numeric field replaced by its value (None: kept), width kept."""
    out, last = [], 0
    for m, value in zip(matches, values):
        text = m.group() if value is None else str(abs(value))
        if len(text) < len(m.group()):  # fixed-width fields ("03-11-2000") keep their width
            text = text.zfill(len(m.group()))
        out += [s[last: m.start()], text]
        last = m.end()
    return "".join(out) + s[last:]
