"""``generate_inputs``: the inputs most likely to tell an original from a subtly wrong variant.

They are assembled in this order, deduplicated (``registry.py`` names each class and its share):

1. the seed inputs themselves (a corpus's examples);
2. deterministic edges, interleaved: boundary cases derived from each seed (``boundary.py``:
   every argument in turn replaced by the edge values of its type: 0, 1, -1, the program's
   compared-to constants ±1, "", [], duplicates, NaN, a string's numeric fields ±1, ...), table
   probes (``tables.py``: an index of an int table of the program in one numeric slot, the entry
   there in another), then smaller shares of edges outside the seeds' alphabet and types
   (``unicode.py``, ``coordinated.py``, ``magnitudes.py``, ``optional.py`` and, under the
   ``strict`` policy, ``type_edges.py``) and float extremes (``scale.py``);
3. Hypothesis-driven type-aware mutation in the spirit of EvalPlus (``mutants.py``, with strings
   by ``strings.py`` and values from type hints by ``hints.py``), drawn derandomized from
   ``seed`` (``drawing.py``); sizes stay within the seeds' neighbourhood (``bounds.Bounds``)
   because the programs may be quadratic: what lies beyond is the scale ladders' job
   (``scale.py``, climbed by the verifier within a time budget);
4. second-order mutants (``crossover.py``): pairs of first-order inputs of one shape crossed,
   so that two changes that must go together are reachable.

What is known of the program is read with ``ast`` (``program/``); the untrusted program is
never executed here.
"""

from __future__ import annotations

from ..program.signature import entry_params
from . import sampler as st
from .bounds import Bounds
from .crossover import second_order
from .drawing import draw
from .keys import input_key
from .mutants import input_strategy
from .registry import EDGES, Source, named

SEEDS, MUTANTS, CROSSOVER = named("seeds"), named("mutants"), named("crossover")


def generate_inputs(code: str, entry_point: str, seed_inputs: list[list], n: int,
                    seed: int = 0, policy: str = "strict",
                    origin: list[str] | None = None, domain=None,
                    exclude: set[str] | None = None) -> list[list]:
    """``n`` distinct argument lists: seeds first, then deterministic edges (boundary cases,
    table probes, Unicode relatives, coordinated values, float extremes and, under the
    ``strict`` and ``typed`` policies, neighbouring types), then Hypothesis mutants. ``origin``,
    when given, receives the input class of each input (``registry.INPUT_CLASSES``), in order.

    ``domain`` (a ``semforge.domain.Domain``): only inputs inside it are returned and count
    toward ``n`` (the typed policy's inputs inside the domain, topped up). ``exclude``: input
    keys (``keys.input_key``) already had: never returned."""
    seeds = [list(s) for s in seed_inputs if isinstance(s, (list, tuple))]
    params = entry_params(code, entry_point)
    b = Bounds.from_seeds(seeds).with_code(code)
    out: list[list] = []
    seen: set[str] = set(exclude or ())
    current = [SEEDS]

    def add(args: list) -> bool:
        """Take ``args`` (True) unless it is a repeat, or the budget is spent, or it lies
        outside the domain."""
        key = input_key(args)
        if key in seen or len(out) >= n:
            return False
        seen.add(key)
        if domain is not None and not domain.contains(args):
            return False
        out.append(args)
        if origin is not None:
            origin.append(current[0])
        return True

    for s in seeds:
        add(s)
    # Deterministic edges, interleaved: one of each class in turn, each up to its share.
    program = Source(code, entry_point, seeds, b, params)
    sources = [[iter(c.make(program, c.ask.of(n) if c.ask else n)), c.keep.of(n), c.name]
               for c in EDGES if policy == "strict" or not c.strict]
    while sources:
        for source in list(sources):
            args = next(source[0], None)
            if args is None or source[1] <= 0:
                sources.remove(source)
            elif input_key(args) not in seen:
                current[0] = source[2]
                if add(args) or domain is None:
                    source[1] -= 1
    current[0] = MUTANTS
    if params is not None and not seeds and not any(p.required for p in params):
        add([])
    n_fixed = len(out)
    strategy = input_strategy(params, seeds, b)
    # Three quarters of the draws mutate the seeds; the last quarter are second-order mutants
    # (two first-order mutants crossed): two changes that must go together (a field pushed to
    # a constant and its neighbour, both ends of an interval) are out of reach of one step.
    _fill(out, add, strategy, n - (n - n_fixed) // 4, seed)
    if seeds:
        current[0] = CROSSOVER
        for args in second_order(out[len(seeds):], seeds, 2 * (n - len(out)), seed):
            add(args)
    current[0] = MUTANTS
    _fill(out, add, strategy, n, seed + 1)  # top up: crossovers repeat themselves
    return out


def _fill(out: list, add, strategy: st.SearchStrategy | None, target: int, seed: int) -> None:
    """Draw from ``strategy`` until ``out`` holds ``target`` inputs (Hypothesis repeats itself:
    ask for a few extra, and top up twice if still short)."""
    for attempt in range(3):
        if strategy is None or len(out) >= target:
            return
        missing = target - len(out)
        for args in draw(strategy, (attempt + 1) * missing + missing // 4 + 5, seed + attempt):
            if len(out) >= target:
                return
            add(args)
