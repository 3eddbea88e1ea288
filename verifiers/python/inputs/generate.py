"""Input generation: the inputs most likely to tell an original from a subtly wrong variant.

``generate_inputs`` assembles them, one concern per module, in this order, deduplicated:

1. the seed inputs themselves (a corpus's examples);
2. deterministic edges, interleaved: boundary cases derived from each seed
   (``value_mutation.boundary_inputs``: every argument in turn replaced by the edge values of its
   type: 0, 1, -1, the program's compared-to constants ±1, "", [], duplicates, NaN, a string's
   numeric fields ±1, ...), table probes (``table_inputs.py``: an index of an int table of the
   program in one numeric slot, the entry there in another), then smaller shares of edges
   outside the seeds' alphabet and types (``edge_inputs.py``: Unicode relatives of the seeds'
   strings, coordinated values such as a present key with a falsy value, magnitudes past
   float precision and pseudoprimes, and neighbouring types and equal values of another type
   under the ``strict`` policy, optional parameters the seeds leave out) and float extremes
   (``scale_inputs.py``);
3. Hypothesis-driven type-aware mutation in the spirit of EvalPlus (``value_mutation.py``, with
   strings by ``string_inputs.py`` and values from type hints by ``hint_inputs.py``), drawn
   derandomized from ``seed`` (``drawing.py``); sizes stay within the seeds' neighbourhood
   (``program_facts.Bounds``) because the programs may be quadratic: what lies beyond is the
   scale ladders' job (``scale_inputs.py``, climbed by the verifier within a time budget);
4. second-order mutants (``mutation.py``): pairs of first-order inputs of one shape crossed,
   so that two changes that must go together are reachable.

What is known of the program is read with ``ast`` (``program_facts.py``, ``hint_inputs.py``);
the untrusted program is never executed here.
"""

from __future__ import annotations


from . import sampler as st

from .drawing import draw
from .input_keys import input_key
from .edge_inputs import (coordinated_inputs, magnitude_inputs, mixed_type_inputs,
                          optional_inputs, optional_pair_inputs, type_edge_inputs,
                          unicode_inputs, varargs_inputs)
# Re-exported: the public names of the modules inputs.py was split into.
from .hint_inputs import MAX_LEN, Hint, Param, entry_params, from_hint, parse_hint  # noqa: F401
from .mutation import second_order
from .program_facts import Bounds, compared_ints, program_constants  # noqa: F401
from .scale_inputs import float_extremes
from .table_inputs import table_probes
from .value_mutation import (boundary_inputs, float_edges, input_strategy, int_edges,  # noqa: F401
                             mutate, mutate_leaves)

__all__ = ["INPUT_CLASSES", "MAX_LEN", "Bounds", "Hint", "Param", "boundary_inputs", "compared_ints",
           "entry_params", "float_edges", "from_hint", "generate_inputs", "input_key",
           "input_strategy", "int_edges", "mutate", "mutate_leaves", "parse_hint",
           "program_constants"]

INPUT_CLASSES = ("seeds", "boundary", "table", "unicode", "coordinated", "float-extremes", "types",
                 "mutants", "crossover", "scale", "magnitude", "mixed-types", "optional",
                 # not generated here: inputs one variant's own constants call for
                 # (variant_constants.py), run after the shared ones
                 "variant-constants")


def generate_inputs(code: str, entry_point: str, seed_inputs: list[list], n: int,
                    seed: int = 0, policy: str = "strict",
                    origin: list[str] | None = None) -> list[list]:
    """``n`` distinct argument lists: seeds first, then deterministic edges (boundary cases,
    table probes, Unicode relatives, coordinated values, float extremes and, under the
    ``strict`` policy, neighbouring types), then Hypothesis mutants. ``origin``, when given,
    receives the input class of each input (``INPUT_CLASSES``), in order."""
    seeds = [list(s) for s in seed_inputs if isinstance(s, (list, tuple))]
    params = entry_params(code, entry_point)
    b = Bounds.from_seeds(seeds).with_code(code)
    out: list[list] = []
    seen: set[str] = set()
    current = ["seeds"]

    def add(args: list) -> None:
        key = input_key(args)
        if key not in seen and len(out) < n:
            seen.add(key)
            out.append(args)
            if origin is not None:
                origin.append(current[0])

    for s in seeds:
        add(s)
    # Deterministic edges, interleaved: boundary cases (at most a quarter of the budget, so
    # that random mutants keep room) and table probes (an index and the table's entry there,
    # in two slots at once: only for programs with int tables and seeds with two numeric
    # slots; at most a fifth). Round robin over the seeds, seed j starting at its j-th kind of
    # edge: with many seeds and few slots, every kind of edge is still tried on some seed.
    # Then smaller shares for the edges outside the seeds' alphabet and types (edge_inputs).
    queues = [_rotated(boundary_inputs(s, b), j) for j, s in enumerate(seeds)]
    boundary = (q[k] for k in range(max(map(len, queues), default=0)) for q in queues if k < len(q))
    probes = iter(table_probes(seeds, b.tables, 2 * (n // 5)))
    sources = [[boundary, max(1, n // 4), "boundary"], [probes, n // 5, "table"],
               [iter(unicode_inputs(seeds, n // 8)), n // 10, "unicode"],
               [iter(coordinated_inputs(seeds, n // 8)), n // 12, "coordinated"],
               [iter(float_extremes(seeds, n // 8)), n // 10, "float-extremes"],
               [iter(magnitude_inputs(seeds, n // 8)), n // 10, "magnitude"],
               [iter(optional_inputs(code, entry_point, seeds, n // 10)), n // 12, "optional"],
               [iter(optional_pair_inputs(code, entry_point, seeds, n // 12)), n // 16,
                "optional-pairs"],
               [iter(varargs_inputs(code, entry_point, seeds, n // 16)), n // 16, "varargs"]]
    if policy == "strict":
        sources.append([iter(type_edge_inputs(seeds, n // 8)), n // 12, "types"])
        sources.append([iter(mixed_type_inputs(seeds, n // 12)), n // 16, "mixed-types"])
    while sources:
        for source in list(sources):
            args = next(source[0], None)
            if args is None or source[1] <= 0:
                sources.remove(source)
            elif input_key(args) not in seen:
                current[0] = source[2]
                add(args)
                source[1] -= 1
    current[0] = "mutants"
    if params is not None and not seeds and not any(p.required for p in params):
        add([])
    n_fixed = len(out)
    strategy = input_strategy(params, seeds, b)
    # Three quarters of the draws mutate the seeds; the last quarter are second-order mutants
    # (two first-order mutants crossed): two changes that must go together (a field pushed to
    # a constant and its neighbour, both ends of an interval) are out of reach of one step.
    _fill(out, add, strategy, n - (n - n_fixed) // 4, seed)
    if seeds:
        current[0] = "crossover"
        for args in second_order(out[len(seeds):], seeds, 2 * (n - len(out)), seed):
            add(args)
    current[0] = "mutants"
    _fill(out, add, strategy, n, seed + 1)  # top up: crossovers repeat themselves
    return out


def _rotated(items: list, k: int) -> list:
    return items[k % len(items):] + items[: k % len(items)] if items else items


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
