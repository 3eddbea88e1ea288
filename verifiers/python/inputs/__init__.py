"""Inputs for differential testing: the one door to the input generators.

``generate_inputs(code, entry_point, seed_inputs, n, seed, policy, origin)`` gives ``n`` distinct
argument lists (``generate.py`` says how they are assembled); ``INPUT_CLASSES`` names every kind
of input a verdict can record, from the table in ``registry.py`` (with each class's share of
the budget). The rest of the verifier imports what it needs of input generation from here,
never from the modules below:

* ``input_key`` / ``show``: an input's identity (type- and aliasing-exact) and how a
  counterexample shows it; ``inputs_hold_strings`` (whose hashes change with the hash seed);
* ``ladders`` / ``Ladder`` / ``extend_for_speed``: the scale ladders the run climbs;
* ``directed_inputs``: inputs aimed at the constants one variant brings;
* ``near_default``: values near a parameter's literal default (the ``defaults`` probes).

The modules, one concern each: ``boundary``, ``tables``, ``unicode``, ``coordinated``,
``magnitudes``, ``optional``, ``type_edges``, ``scale`` (deterministic edges and ladders),
``mutants``, ``strings``, ``fields``, ``hints``, ``crossover`` (drawn mutants, with ``sampler``
and ``drawing``), ``bounds`` (what is known of the seeds and the program) and
``variant_constants``. What is known of the program comes from ``program/`` (read with ``ast``).
"""

from .generate import generate_inputs
from .keys import input_key, inputs_hold_strings, show
from .optional import near_default
from .registry import CLASSES, INPUT_CLASSES, LATE, InputClass, named
from .scale import LIMIT_INTS, SPEED_EXTEND_COST_NS, Ladder, extend_for_speed, ladders
from .variant_constants import directed_inputs

__all__ = ["CLASSES", "INPUT_CLASSES", "LATE", "LIMIT_INTS", "SPEED_EXTEND_COST_NS", "InputClass", "Ladder",
           "directed_inputs", "extend_for_speed", "generate_inputs", "input_key",
           "inputs_hold_strings", "ladders", "named", "near_default", "show"]
