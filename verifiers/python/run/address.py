"""Inputs on which the original's behaviour depends on where its objects lie in memory.

A NaN hashes by its address (Python 3.10+), so a set or dict of floats holding one iterates in
an order that depends on where the NaN was allocated, and so does whatever is computed from that
order: ``sorted(set(xs))`` puts the NaN wherever the set's order left it, since it compares false
with everything. Where it lies follows from everything the process allocated before, so another
process (a variant's run, a later pipeline run) sees another order. Two runs under two hash seeds
rarely show it: both load the same program the same way and lay the NaN out alike.

On such an input a program has no behaviour to compare: a variant agrees or differs by chance,
so a verdict taken there would not be reproducible. So:

* every input holding a NaN is run again on the original with the heap shifted (``pad``: the
  arguments are unpickled after ``pad`` other objects, ``sandbox/arg_pickle.py``), once per
  pad of ``ADDRESS_PADS``, in one session; an input whose outcome changes under any of them is
  dropped (``address-dependent``), neither to accept nor to reject;
* a variant that differs from the original on an input holding a NaN is ``different`` only if
  the original's outcome there also stays the same under ``CONFIRM_PADS`` (else that input is
  dropped too, remembered for every later variant) and the variant's own outcome, under the same
  pads, never equals the original's: a variant that does reach it there has shown that the
  difference follows where the NaN lay, on an input where the original's pads happened to miss
  the addresses that move it (dropped for this variant only). A variant that differs for any
  other reason differs under every pad, and is rejected.

Detection is by sampling addresses: an input where the order changes on few addresses may pass
the pads; the confirmation before a rejection is the second chance. Inputs without a NaN are
never rerun (the program's own objects hashed by address are ``id()``-like nondeterminism, left
to the static guard and the hash-seed rerun).
"""

from __future__ import annotations

import math

from ..compare.diff import Tolerance, diff_outcomes
from .program import ProgramRun

# Pads for every input holding a NaN, once per original; more before rejecting a variant there.
# An order that only a few addresses change can pass a handful of pads (an original kept its
# outcome under 11 pads while a variant's process drew another), so the confirmation, which runs
# only where a variant differs on such an input, tries 30 addresses.
ADDRESS_PADS = (1, 2, 3, 5, 8)
CONFIRM_PADS = tuple(range(9, 39))
_EXACT = Tolerance(0.0, 0.0)


def holds_nan(value, depth: int = 0) -> bool:
    """A float NaN somewhere in ``value`` (lists, tuples, sets, dicts' keys and values)."""
    if type(value) is float:
        return math.isnan(value)
    if depth > 20:
        return False
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(holds_nan(x, depth + 1) for x in value)
    if isinstance(value, dict):
        return any(holds_nan(k, depth + 1) or holds_nan(v, depth + 1) for k, v in value.items())
    if type(value).__module__ == "builtins" and hasattr(value, "__next__"):
        # an iterator over a list or tuple (``iter([nan, 1])``): what it pickles as, unconsumed
        try:
            return holds_nan(value.__reduce__()[1], depth + 1)
        except Exception:  # noqa: BLE001 - an iterator that cannot say: treat it as holding one
            return True
    return False


def address_dependent(sandbox, code: str, entry_point: str, inputs: list[list],
                      expected: list[dict], pads=ADDRESS_PADS) -> set[int]:
    """Indices of ``inputs`` where ``code``'s outcome differs from ``expected`` (its outcome
    there, unpadded) on some pad, times out or crashes: one session, every pad in turn."""
    return _found_under_pads(sandbox, code, entry_point, inputs, expected, pads, differs=True)


def reaches(sandbox, code: str, entry_point: str, inputs: list[list], expected: list[dict],
            pads=CONFIRM_PADS) -> set[int]:
    """Indices of ``inputs`` where ``code``'s outcome equals ``expected`` (another program's
    outcome there) on some pad: one session, every pad in turn."""
    return _found_under_pads(sandbox, code, entry_point, inputs, expected, pads, differs=False)


def _found_under_pads(sandbox, code: str, entry_point: str, inputs: list[list],
                      expected: list[dict], pads, differs: bool) -> set[int]:
    if not inputs:
        return set()
    program = ProgramRun(sandbox, code, entry_point)
    found: set[int] = set()
    try:
        if not program.loaded:
            return set(range(len(inputs))) if differs else set()
        for pad in pads:
            live = [i for i in range(len(inputs)) if i not in found]
            if not live:
                break
            outs = program.run([inputs[i] for i in live], pad=pad)
            for pos, i in enumerate(live):
                got = outs[pos] if pos < len(outs) else {"kind": "timeout"}
                if got.get("kind") in ("timeout", "crash"):
                    if differs:
                        found.add(i)
                elif bool(diff_outcomes(expected[i], got, _EXACT)) == differs:
                    found.add(i)
    finally:
        program.close()
    return found


def confirmed(run, code: str, variant: str, entry_point: str, sandbox, inputs: list[list],
              expected: list[dict], diffs: list[tuple]) -> list[tuple]:
    """``diffs`` (index into ``inputs``, what differs) without those on inputs holding a NaN
    where ``code``'s (the original's) outcome moves under ``CONFIRM_PADS`` — such inputs join
    ``run.unstable`` (an ``OriginalRun``: never compared again), the others ``run.stable`` —
    and without those where ``variant`` reaches the original's outcome under one of them."""
    todo = [i for i, _ in diffs
            if i not in run.stable and i not in run.unstable and holds_nan(inputs[i])]
    if todo:
        moved = address_dependent(sandbox, code, entry_point, [inputs[i] for i in todo],
                                  [expected[i] for i in todo], CONFIRM_PADS)
        for j, i in enumerate(todo):
            (run.unstable if j in moved else run.stable).add(i)
    diffs = [d for d in diffs if d[0] not in run.unstable]
    nan = [i for i, _ in diffs if holds_nan(inputs[i])]
    if nan:
        met = reaches(sandbox, variant, entry_point, [inputs[i] for i in nan],
                      [expected[i] for i in nan])
        diffs = [d for d in diffs if d[0] not in {nan[j] for j in met}]
    return diffs
