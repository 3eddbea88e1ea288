"""Climbing the scale ladders (``inputs/scale.py``) on the original, within a time budget.

Ladders are climbed round robin, one rung at a time, so that a small budget still reaches some
height on every argument. Before each rung the original's time there is predicted from the two
rungs below (``t ~ size ** alpha``, alpha measured): a ladder stops where the prediction passes
the per-call cap, and all stop when the kept rungs' total would pass the budget. What every
variant must then reproduce is the original's behaviour on the rungs kept, raises included (a
RecursionError or an OverflowError of the original is the reference). A rung where the original
times out or crashes ends its ladder and is dropped (no behaviour to compare), and one timeout
ends the climb (each costs a whole time limit).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..compare.weigh import out_of_memory, raises_memory_error, weigh
from ..inputs import LIMIT_INTS, Ladder
from .program import ProgramRun

RUNG_CAP_NS = 2_000_000      # a ladder stops where the original would take longer per call
SCALE_BUDGET_NS = 12_000_000  # cost of the rungs kept, summed (every variant repeats them)
# The ints either side of the 4300-digit limit of str(int): allowed this long, beside the budget.
# Nothing smaller shows a variant that converts an int to str where the original does not, and
# an original that loops over the digits takes some 25 ms there (HumanEval-like digit sums).
LIMIT_CAP_NS = 200_000_000  # (some 25 ms idle; allowed 8x for a loaded machine)
MAX_RUNGS = 48


@dataclass
class Rung:
    args: list
    outcome: dict
    label: str       # "arg 0 (list) len 4096"
    time_ns: int     # the call's own time, as the sandbox measured it
    ladder: int = 0  # which ladder, and which rung of it
    rung: int = 0


def _size(args: list, ladder: Ladder, k: int) -> float:
    label = ladder.rungs[k][0]
    digits = "".join(c if c.isdigit() else " " for c in label).split()
    return float(digits[-1]) if "2**" not in label else float(2 ** min(int(digits[-1]), 1000))


def _predict(times: list[tuple[float, int]], size: float) -> float:
    """Predicted time at ``size`` from the (size, ns) points below it; 0 when unknown."""
    if len(times) < 2:
        return 0.0
    (s1, t1), (s2, t2) = times[-2], times[-1]
    if s2 <= s1 or t1 <= 0 or t2 <= 0:
        return float(t2)
    alpha = math.log(max(t2, 1) / max(t1, 1)) / math.log(s2 / s1)
    (s0, t0) = times[0]
    if t2 < NOISY_NS and s0 < s1:
        # Two close rungs (2**32, 2**33) with times of a microsecond: a preemption of one
        # fakes a steep alpha. Below the noise floor the widest span, first rung to last, is
        # the estimate least moved by one noisy time.
        alpha = math.log(max(t2, 1) / max(t0, 1)) / math.log(s2 / s0)
    alpha = min(max(alpha, 0.0), 3.0)
    # A small measured alpha over small times is noise, not proof of flatness: big jumps in
    # size need both points above a few microseconds to be trusted as flat.
    if size / s2 > 64 and t2 < 20_000 and alpha > 0.15:
        alpha = max(alpha, 1.0)
    return t2 * (size / s2) ** alpha


# Below this a call's time is mostly noise (a preemption on a loaded machine multiplies it).
NOISY_NS = 20_000


def _retime(program, rungs: list[list]) -> list[int] | None:
    """The fastest of three calls on each of ``rungs``, in a throwaway session (the climb's own
    session keeps exactly the calls whose outcomes are the reference); None if any fails."""
    spare = ProgramRun(program.sandbox, program.code, program.entry_point)
    try:
        if not spare.loaded:
            return None
        outs = spare.run([a for a in rungs for _ in range(3)])
    finally:
        spare.close()
    if len(outs) < 3 * len(rungs) or any(o.get("kind") not in ("return", "raise") for o in outs):
        return None
    return [max(1, min(int(o.get("time_ns") or 0) for o in outs[3 * i: 3 * i + 3]))
            for i in range(len(rungs))]


def climb(program, ladders: list[Ladder], budget_ns: int = SCALE_BUDGET_NS,
          cap_ns: int = RUNG_CAP_NS, start: list[int] | None = None,
          stop_ns: int | None = None, weigh_replies: bool = True) -> list[Rung]:
    """Run the original (``program``, a ``program.ProgramRun``) up the ladders (from rung
    ``start[i]`` of ladder i); the rungs kept, in the order run. A ladder also stops at the first
    rung the original takes ``stop_ns`` or more on (the speed target). ``weigh_replies``: count
    what encoding and comparing each rung's reply costs against the budget (the verification
    climb, whose rungs every variant repeats; not the search for one input to time)."""
    kept: list[Rung] = []
    total = 0
    state = [{"k": (start or [0] * len(ladders))[i], "times": [], "args": [], "raises": 0,
              "done": False, "retimed": False, "rechecked": False} for i in range(len(ladders))]
    timeouts_before = program.timeouts
    while len(kept) < MAX_RUNGS and not all(s["done"] for s in state):
        for li, (ladder, st) in enumerate(zip(ladders, state)):
            if st["done"]:
                continue
            if st["k"] >= len(ladder.rungs):
                st["done"] = True
                continue
            label, args = ladder.rungs[st["k"]]
            size = _size(args, ladder, st["k"])
            predicted = _predict(st["times"], size)
            limit_rung = any(type(x) is int and abs(x) in LIMIT_INTS for x in args)
            if (predicted > 10 * cap_ns and not st["retimed"] and len(st["times"]) >= 2
                    and st["times"][-1][1] < NOISY_NS):
                # A big step predicted from times that are mostly noise: time the last two rungs
                # again before giving the ladder up (the cheap op that only looked like it grew).
                st["retimed"] = True
                again = _retime(program, st["args"][-2:])
                if again is not None:
                    st["times"][-2:] = [(sz, t) for (sz, _), t in zip(st["times"][-2:], again)]
                    predicted = _predict(st["times"], size)
            # A rung predicted past the cap is still tried when the prediction is within 10x:
            # past the cap it is dropped rather than kept, but what the original does there (a
            # RecursionError near 1000 items is cheap however slow the climb looked) is seen.
            if limit_rung and predicted <= LIMIT_CAP_NS:
                pass  # allowed beside the budget (LIMIT_CAP_NS)
            elif predicted > 10 * cap_ns or total + min(predicted, cap_ns) > budget_ns:
                st["done"] = True
                continue
            outcomes = program.run([args])
            st["k"] += 1
            if not outcomes or program.timeouts > timeouts_before:
                return kept  # one timeout (a whole time limit) ends the climb
            o = outcomes[0]
            if out_of_memory(o) and not raises_memory_error(program.code):
                st["done"] = True  # the sandbox's memory limit: no behaviour to compare
                continue
            t = int(o.get("time_ns") or 0)  # the call itself: how the program scales
            # What repeating it costs every variant: the call, and encoding, decoding and
            # comparing the reply (the grown argument, and a result that may be far larger:
            # all prefixes of a string). Estimated from sizes, not read from the wall clock,
            # which on a loaded machine measures the scheduler more than the work.
            cut, reply_ns = weigh(o)
            cost = t + max(int(size * ladder.item_cost_ns), reply_ns if weigh_replies else 0)
            # A raise is kept up to 10x the cap (a RecursionError's traceback of 1000 frames is
            # slow to build, and the original failing there is what a variant must reproduce).
            limit = 10 * cap_ns if o.get("kind") == "raise" else 3 * cap_ns
            if limit_rung and o.get("kind") in ("return", "raise") and t <= LIMIT_CAP_NS and not cut:
                kept.append(Rung(args, o, f"{ladder.name} {label}", t, li, st["k"] - 1))
                continue  # kept beside the budget; the ladder goes on to the other side
            if (o.get("kind") not in ("return", "raise") or t > limit or cut
                    or (weigh_replies and kept and total + cost > budget_ns)):
                # A crash, too slow or its reply too large for every variant to repeat within
                # the budget, or a result too large to encode in full (a cut value is unique to
                # its encoding: it never compares equal).
                st["done"] = True
                continue
            if t > cap_ns and not st["rechecked"]:
                # One slow call must not end the ladder: the first touch of fresh pages (80 MB
                # of zeros took 0.06 ms in one run and 2.3 ms in the next) or a preemption. The
                # fastest of three calls decides, once per ladder.
                st["rechecked"] = True
                again = _retime(program, [args])
                if again is not None:
                    t = min(t, again[0])
            kept.append(Rung(args, o, f"{ladder.name} {label}", t, li, st["k"] - 1))
            total += cost
            st["times"].append((size, max(t, 1)))
            st["args"].append(args)
            st["raises"] = st["raises"] + 1 if o.get("kind") == "raise" else 0
            if st["raises"] >= 2 or t > cap_ns or (stop_ns is not None and t >= stop_ns):
                st["done"] = True  # past the original's domain, or at its time budget
            if len(kept) >= MAX_RUNGS:
                break
    return kept
