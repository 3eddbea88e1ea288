"""The input classes: every kind of input the verifier runs, in the order ``generate_inputs`` tries
them, with its share of the budget.

A class's name is what a verdict's ``input_classes`` records. Whatever labels an input takes the
label from here (``named`` refuses a name not in the table), and the classes made outside
``generate_inputs`` (``scale``, ``variant-constants``) are listed too, so ``INPUT_CLASSES``
cannot drift from what is emitted.

How each class is made:

* ``seeds``: the seed inputs themselves (a corpus's examples), first;
* ``edge``: a deterministic generator, asked for ``ask`` inputs and kept to at most ``keep``
  (``Share``s of the budget ``n``); the edge classes are interleaved round robin, one input of
  each in turn, in the table's order. ``strict``: only under the ``strict`` policy. ``late``:
  run after every other input, with timeouts of their own (``run/original.py``);
* ``drawn``: Hypothesis-style mutants of the seeds (``mutants.py``, ``drawing.py``) and their
  crossovers (``crossover.py``), filling what the edges leave;
* ``run``: built while the original runs (the scale ladders, climbed within a time budget);
* ``variant``: built per variant, from the constants it brings (``variant_constants.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..program.signature import Param
from .boundary import boundary_round_robin
from .bounds import Bounds
from .coordinated import coordinated_inputs
from .magnitudes import magnitude_inputs
from .optional import optional_inputs, optional_pair_inputs, varargs_inputs
from .scale import float_extremes
from .tables import table_probes
from .type_edges import mixed_type_inputs, type_edge_inputs
from .unicode import unicode_inputs


@dataclass(frozen=True)
class Share:
    """``times * (n // per)`` inputs of a budget of ``n``, and at least ``least``."""

    per: int
    times: int = 1
    least: int = 0

    def of(self, n: int) -> int:
        return max(self.least, self.times * (n // self.per))


@dataclass(frozen=True)
class Source:
    """What an edge generator is given: the program, its entry point's parameters, the seeds
    and what is known of both (``Bounds``)."""

    code: str
    entry_point: str
    seeds: list[list]
    bounds: Bounds
    params: list[Param] | None


@dataclass(frozen=True)
class InputClass:
    name: str
    made: str  # seeds | edge | drawn | run | variant
    what: str  # one line: what the class is
    keep: Share | None = None  # edge: at most this many kept
    ask: Share | None = None  # edge: how many the generator is asked for (None: all it has)
    make: Callable[[Source, int], Iterable[list]] | None = None  # edge: (source, ask) -> inputs
    strict: bool = False  # edge: only under the strict policy
    late: bool = False  # run after every other input


CLASSES: tuple[InputClass, ...] = (
    InputClass("seeds", "seeds", "the seed inputs themselves"),
    # At most a quarter of the budget, so that random mutants keep room.
    InputClass("boundary", "edge", "each argument of a seed replaced by its type's edge values",
               keep=Share(4, least=1), make=lambda s, k: boundary_round_robin(s.seeds, s.bounds)),
    # Only for programs with int tables and seeds with two numeric slots.
    InputClass("table", "edge", "an index of an int table of the program in one numeric slot, "
               "the entry there in another", keep=Share(5), ask=Share(5, times=2),
               make=lambda s, k: table_probes(s.seeds, s.bounds.tables, k)),
    InputClass("unicode", "edge", "the seeds' strings with Unicode relatives of their characters",
               keep=Share(10), ask=Share(8), make=lambda s, k: unicode_inputs(s.seeds, k)),
    InputClass("coordinated", "edge", "falsy values in present keys and every position, equal "
               "but distinct objects, one object in two places", keep=Share(12), ask=Share(8),
               make=lambda s, k: coordinated_inputs(s.seeds, k)),
    InputClass("float-extremes", "edge", "each float argument set to each float extreme",
               keep=Share(10), ask=Share(8), make=lambda s, k: float_extremes(s.seeds, k)),
    InputClass("magnitude", "edge", "ints past float precision and word sizes, pseudoprimes",
               keep=Share(10), ask=Share(8), make=lambda s, k: magnitude_inputs(s.seeds, k),
               late=True),
    InputClass("optional", "edge", "each optional parameter the seeds leave out passed, near "
               "its default", keep=Share(12), ask=Share(10),
               make=lambda s, k: optional_inputs(s.code, s.entry_point, s.seeds, k)),
    InputClass("optional-pairs", "edge", "two optional parameters changed together",
               keep=Share(16), ask=Share(12),
               make=lambda s, k: optional_pair_inputs(s.code, s.entry_point, s.seeds, k)),
    InputClass("varargs", "edge", "more arguments than any seed passes to a *args entry point",
               keep=Share(16), ask=Share(16),
               make=lambda s, k: varargs_inputs(s.code, s.entry_point, s.seeds, k)),
    InputClass("types", "edge", "each argument given a neighbouring type", keep=Share(12),
               ask=Share(8), make=lambda s, k: type_edge_inputs(s.seeds, k), strict=True),
    InputClass("mixed-types", "edge", "equal values of another type side by side, an intruder "
               "after an item", keep=Share(16), ask=Share(12),
               make=lambda s, k: mixed_type_inputs(s.seeds, k), strict=True),
    InputClass("mutants", "drawn", "the seeds' arguments mutated, or values from type hints"),
    InputClass("crossover", "drawn", "two mutants of one shape crossed leaf by leaf"),
    InputClass("scale", "run", "one argument of a seed grown far past the seeds, as far as the "
               "original's time budget allows"),
    InputClass("variant-constants", "variant", "the constants a variant brings and its "
               "original lacks, placed in the seeds' arguments"),
)

BY_NAME = {c.name: c for c in CLASSES}
INPUT_CLASSES = tuple(BY_NAME)
EDGES = tuple(c for c in CLASSES if c.made == "edge")
LATE = frozenset(c.name for c in CLASSES if c.late)


def named(name: str) -> str:
    """``name``, which must be a class of the table (a label no verdict may carry fails here)."""
    return BY_NAME[name].name
