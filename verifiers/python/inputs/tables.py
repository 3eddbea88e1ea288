"""Table probes: inputs that pick an entry of a lookup table in the program and sit on its value.

Programs often hold tables of thresholds indexed by part of their input: days per month, grade
cut-offs, coin values. A wrong entry, or ``<`` for ``<=`` against ``table[i]``, shows only on an
input whose index part selects that entry *and* whose value part equals the entry (month 12 with
day 31): two coordinated numbers that independent mutation almost never draws together. A
table probe sets one numeric slot of a seed to an index and another to the entry there.

Slots are the seed's top-level int arguments and the numeric fields inside its string arguments
("03-11-2000" has three). Only int literals of the program are read (with ``ast``, never run).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import permutations

from ..program.tables import Table
from .fields import NUMBER, field_value, numeric_fields, renumber

MAX_PAIRS = 64

Slot = tuple[int, int | None]  # (argument index, numeric field inside a string or None for an int)


def index_value_pairs(table: Table) -> list[tuple[int, int]]:
    """(index, value) pairs to probe: every entry (the last and smallest first), as the program
    indexes it, with the entry's value and one past it; and the indices just outside."""
    t = table.values
    positions = list(dict.fromkeys([len(t) - 1, t.index(min(t)), t.index(max(t)), 0,
                                    *range(len(t))]))
    pairs = [(p + base, t[p] + delta)
             for p in positions for delta in (0, 1) for base in table.bases]
    # Just outside the table, with a value its neighbour entry would accept: an index check
    # that is off by one shows as an IndexError (one past the end) or a wrap-around (-1).
    outside = [(len(t) + base, t[-1]) for base in table.bases] + \
              [(base - 1, t[0]) for base in table.bases]
    return pairs[:4 * len(table.bases)] + outside + pairs[4 * len(table.bases):]


def _slots(seed: list) -> list[Slot]:
    slots: list[Slot] = []
    for i, a in enumerate(seed):
        if type(a) is int:
            slots.append((i, None))
        elif isinstance(a, str):
            slots += [(i, k) for k in range(min(len(numeric_fields(a)), 4))]
    return slots


def _shape(seed: list) -> tuple:
    """Seeds of one shape share a format ("dd-dd-dddd"): they get one probe queue."""
    return tuple(NUMBER.sub("9", a) if isinstance(a, str) else type(a).__name__ for a in seed)


def _assign(seed: list, values: dict[Slot, int]) -> list:
    out = list(seed)
    by_arg: dict[int, dict[int, int]] = defaultdict(dict)
    for (i, k), v in values.items():
        if k is None:
            out[i] = v
        else:
            by_arg[i][k] = v
    for i, fields_values in by_arg.items():
        fields = numeric_fields(seed[i])
        out[i] = renumber(seed[i], fields, [fields_values.get(k) for k in range(len(fields))])
    return out


def _orientations(group: list[list], slots: list[Slot],
                  tables: tuple[Table, ...]) -> list[tuple[Slot, Slot]]:
    """Ordered (index slot, value slot) pairs, most plausible first: an index slot whose seed
    values lie within a table's index range, a value slot whose seed values do not exceed its
    entries, then neighbouring slots (a format's index and value are usually adjacent)."""
    longest = max(len(t.values) for t in tables)
    largest = max(max(t.values) for t in tables)

    def values(slot: Slot) -> list[int]:
        i, k = slot
        return [s[i] if k is None else field_value(numeric_fields(s[i])[k]) for s in group]

    as_index = {slot: sum(0 <= v <= longest for v in values(slot)) for slot in slots}
    as_value = {slot: sum(v <= largest + 1 for v in values(slot)) for slot in slots}
    pairs = list(permutations(slots, 2))
    pairs.sort(key=lambda p: (-as_index[p[0]], -as_value[p[1]],
                              abs(slots.index(p[0]) - slots.index(p[1]))))
    return pairs[:8]


def table_probes(seeds: list[list], tables: tuple[Table, ...], limit: int) -> list[list]:
    """Up to ``limit`` probe inputs, most promising first: shapes shared by more seeds come first
    and get more of each round; each probe is applied to a different seed of its shape in turn."""
    if not tables or limit <= 0:
        return []
    pairs = list(dict.fromkeys(p for t in tables for p in index_value_pairs(t)))[:MAX_PAIRS]
    groups: dict[tuple, list[list]] = {}
    for s in seeds:
        groups.setdefault(_shape(s), []).append(s)
    queues = []
    for group in sorted(groups.values(), key=len, reverse=True)[:limit]:
        slots = _slots(group[0])
        if len(slots) >= 2:
            queues.append((len(group), _probe_queue(group, pairs,
                                                    _orientations(group, slots, tables))))
    out: list[list] = []
    while queues and len(out) < limit:
        for weight, queue in list(queues):  # a shape of w seeds adds w probes a round
            for _ in range(weight):
                probe = next(queue, None)
                if probe is None:
                    queues.remove((weight, queue))
                    break
                out.append(probe)
    return out[:limit]


ORIENTATION_WEIGHT = 2


def _probe_queue(group: list[list], pairs: list[tuple[int, int]],
                 orientations: list[tuple[Slot, Slot]]):
    """Every pair in the most plausible orientation, then the others by rank of the pair + 2 x
    rank of the orientation (the best pairs in every orientation before the rest)."""
    order = [(rank, 0) for rank in range(len(pairs))]
    rest = len(orientations) - 1
    order += [(total - ORIENTATION_WEIGHT * o, o + 1)
              for total in range(len(pairs) + ORIENTATION_WEIGHT * rest) for o in range(rest)
              if 0 <= total - ORIENTATION_WEIGHT * o < len(pairs)]
    for n, (rank, o) in enumerate(order):
        (idx, val), (a, b) = pairs[rank], orientations[o]
        yield _assign(group[n % len(group)], {a: idx, b: val})
