"""Behaviour probes: what one positional call per input cannot show.

A plain call compares the value returned and the arguments afterwards. It cannot see:

* **identity and aliasing**: the result *is* an argument, or shares a nested list with one
  (``return xs`` for ``return list(xs)``, a shallow copy for a deep one), or parts of the result
  alias each other (``[[0] * n] * m``). Equal values, different programs: a caller who mutates
  the result sees the difference;
* **state across calls**: a mutable default that keeps what a call put in it, a cache that hands
  out its own objects (the caller mutates one, the next call returns the mutated object), state
  that depends on the *order* of calls; calls that omit optional parameters or pass keywords;
* **laziness**: a generator that reads its argument as it goes, versus one that copied it (or a
  list built eagerly and wrapped in ``iter``): the difference shows only when the argument
  changes between steps;
* **depth**: nesting past the encoder's depth (and past the recursion limit);
* **a long history**: a memo that goes wrong past 256 entries, a counter past 1000 calls, cache
  slots that collide only among many distinct keys, a bounded cache (the caller mutated what the
  unbounded one keeps). The ``history`` plans call the entry point up to ``HISTORY_CALLS`` times:
  the known inputs cycled, and hundreds of values of one int or str argument; their reply is
  each input's first outcome and the later calls that differ from it. They cost the most, so
  they are bounded by the original's measured times and run only where the original or the
  variant may keep state at all (``program/state.py``).

Each probe is one call of a harness appended to the program's source (``harness.py``, which
appends ``_harness.py``) that runs a *plan* (several calls of the entry point: ``plan.py``,
``history.py``) and returns a plain value describing what happened:
per call, the outcome (a snapshot of the value, or the exception type), the aliasing signature
of the result relative to the arguments and to itself; after each call it mutates the result
(appends a sentinel to every list, adds it to every dict and set), so that a later call, or the
arguments (compared after the harness returns), reveal shared objects. Original and variant run
the same plans; the outcomes are compared like any other.

The harness runs inside the sandbox with the program, in its namespace: it takes its builtins
from ``__builtins__`` (a program that redefines ``list`` or ``type`` at module level does not
change the harness), and names everything ``__sf_*``. A variant that goes looking for the
harness needs ``globals()``/``__builtins__``, which the static guard already refuses.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Probe:
    kind: str       # alias | defaults | order | twins | lazy | nest | history
    plan: list      # the harness's argument (``plan.py``, ``history.py``)
