"""The input a pair's speed is measured on: a scaled input where the original takes about a
millisecond per call, found once per original by climbing its scale ladders further."""

from __future__ import annotations

from ..config import VerifyConfig
from ..inputs import SPEED_EXTEND_COST_NS, extend_for_speed
from ..run.climb import climb
from ..run.program import ProgramRun
from ..run.reference import OriginalRun
from . import timing

# Speed is measured on one scaled input where the original takes at least this long per call
# (as EvalPerf does): on the seeds' tiny inputs the call overhead drowns most rewrites.
SPEED_MIN_NS = 1_000_000
SPEED_CAP_NS = 20_000_000
MAX_PASSES = 64  # passes over the verified inputs in one timing round, when they are fast
# A rung whose call the original finishes faster than this does not exercise it at scale (it
# returns early, or its first call only was slow): the verified inputs are timed instead.
SPEED_FLOOR_NS = SPEED_MIN_NS // 4


def find_speed_input(run: OriginalRun, original: str, entry_point: str, config: VerifyConfig,
                     sandbox) -> tuple | None:
    """(args, outcome, label): the input speed is measured on, found once per original. A
    ladder on which the original's time grew about as much as on any (``_exercising_ladder``)
    is climbed further (past the verification climb's cap) until the original takes
    SPEED_MIN_NS per call, as EvalPerf scales its inputs; None when no ladder gets there within
    SPEED_CAP_NS."""
    if run.speed is not None or not run.rungs:
        return run.speed or None
    times = [o.get("time_ns") or 0 for o in run.outcomes[0]]
    returning = [i for i in run.rungs if run.outcomes[0][i].get("kind") == "return"]
    if not returning:
        run.speed = ()
        return None
    ladder = _exercising_ladder(run, returning, times)
    # The lowest rung of that ladder already at the target, else a climb past its top: the
    # same input whatever rungs the verification climb happened to reach within its budget.
    mine = sorted((run.rungs[i][1], i) for i in returning if run.rungs[i][0] == ladder)
    there = [i for _, i in mine if times[i] >= SPEED_MIN_NS]
    if there:
        best = there[0]
        run.speed = _settle(run, ladder, run.rungs[best][1], (run.inputs[best],
                            run.outcomes[0][best], run.scale[best]), original, entry_point, sandbox)
        return run.speed
    rung = mine[-1][0]
    lad = run.ladders[ladder]
    program = ProgramRun(sandbox, original, entry_point)
    try:
        higher = climb(program, [lad], SPEED_CAP_NS * 3, SPEED_CAP_NS,
                       [rung + 1], SPEED_MIN_NS, weigh_replies=False) if program.loaded else []
        # The highest rung run, by this climb or the verification's, and how long it took.
        last, last_ns = ((higher[-1].rung, higher[-1].time_ns) if higher
                         else (rung, times[mine[-1][1]]))
        ok = higher[-1].outcome.get("kind") == "return" if higher else True
        if program.loaded and ok and last == len(lad.rungs) - 1 and last_ns < SPEED_MIN_NS:
            # The ladder's top still short of the target (a linear loop on a fast machine):
            # double its list or string further, for this one input only.
            if extend_for_speed(lad):
                higher += climb(program, [lad], SPEED_CAP_NS * 3 + 2 * SPEED_EXTEND_COST_NS,
                                SPEED_CAP_NS, [last + 1], SPEED_MIN_NS, weigh_replies=False)
                # Keep only what settling may look at (one rung past the one found): the rest
                # are megabytes held for as long as the original is.
                del lad.rungs[(higher[-1].rung if higher else last) + 2:]
    finally:
        program.close()
    # A ladder that never gets near the target (the original does constant work however long
    # the input) says nothing about speed at scale: the verified inputs are timed instead.
    top = [r for r in higher if r.outcome.get("kind") == "return" and r.time_ns >= SPEED_FLOOR_NS]
    if not top:
        run.speed = ()
        return None
    found = (top[-1].args, top[-1].outcome, top[-1].label)
    if top[-1].time_ns >= SPEED_MIN_NS:
        found = _settle(run, ladder, top[-1].rung, found, original, entry_point, sandbox)
    run.speed = found
    return run.speed


def settle_rung(k: int, count: int, fastest) -> int | None:
    """The rung to time instead of rung ``k`` (of ``count``), which one call put at
    SPEED_MIN_NS or past it: the rung below when the fastest of three calls there
    (``fastest(j)``, None if a call failed) is already at the target, the rung above when
    ``k``'s own fastest falls short, else ``k``; None when ``k`` cannot be retimed."""
    if k >= 1:
        below = fastest(k - 1)
        if below is not None and below >= SPEED_MIN_NS:
            return k - 1
    here = fastest(k)
    if here is None:
        return None
    if here < SPEED_MIN_NS and k + 1 < count:
        above = fastest(k + 1)
        if above is not None and above <= SPEED_CAP_NS:
            return k + 1
    return k


def _settle(run: OriginalRun, ladder: int, k: int, found: tuple, original: str,
            entry_point: str, sandbox) -> tuple:
    """``found`` (rung ``k``'s args, outcome, label), or the neighbour ``settle_rung`` picks.
    One cold call on a fresh input is noisy enough that two runs settled one rung apart on a
    fifth of the seeds (20 of 84 timed on a scaled input); the fastest of three calls moves
    by a few percent."""
    rungs, name = run.ladders[ladder].rungs, run.ladders[ladder].name
    seen: dict[int, dict] = {}
    program = ProgramRun(sandbox, original, entry_point)

    def fastest(j: int) -> int | None:
        outs = program.run([rungs[j][1]] * 3)
        if len(outs) < 3 or any(o.get("kind") != "return" for o in outs):
            return None
        best = min(int(o.get("time_ns") or 0) for o in outs)
        seen[j] = dict(outs[0], time_ns=best)
        return best

    try:
        j = settle_rung(k, len(rungs), fastest) if program.loaded else None
    finally:
        program.close()
    if j is None or j not in seen:
        return found
    return rungs[j][1], seen[j], f"{name} {rungs[j][0]}"


def _exercising_ladder(run: OriginalRun, returning: list[int], times: list[int]) -> int:
    """The ladder to time on: the first (in the ladders' own order) whose slowest rung took at
    least half as long as the slowest rung of any ladder. Taking the very slowest let a few
    percent of timing noise pick another ladder, so another input, from one run to the next;
    the same pair then got a different speed label (0.85 at one size, 0.94 at another)."""
    slowest: dict[int, int] = {}
    for i in returning:
        ladder = run.rungs[i][0]
        slowest[ladder] = max(slowest.get(ladder, 0), times[i])
    top = max(slowest.values())
    return min(ladder for ladder, t in slowest.items() if 2 * t >= top)


def speed_inputs(run: OriginalRun) -> tuple[list[list], str]:
    """The inputs to time, and what they are: the scaled input of ``find_speed_input``, else
    a prefix of the verified inputs (at most 20 ms of the original per round)."""
    times = [o.get("time_ns") or 0 for o in run.outcomes[0]]
    # Below the floor, three calls on the scaled input were fast where the climb's one call was
    # slow (a cache, a cold first call): it says nothing about speed at scale, so it stays a
    # test input only. One run timed HumanEval/80 on such a string (0.00 ms per call) where
    # the next timed the verified inputs.
    if run.speed and (run.speed[1].get("time_ns") or 0) >= SPEED_FLOOR_NS:
        args, outcome, label = run.speed
        return [args], f"{label} ({(outcome.get('time_ns') or 0) / 1e6:.2f} ms per call)"
    chosen = timing.pick_timing_inputs(run.inputs, times)
    total = sum(times[: len(chosen)])
    # A round of a few microseconds is mostly timer and scheduler noise: the inputs are passed
    # over several times per round, up to SPEED_MIN_NS of the original's time.
    passes = max(1, min(MAX_PASSES, SPEED_MIN_NS // max(total, 1)))
    what = f"{len(chosen)} verified inputs"
    if passes > 1:
        what += f" x{passes}"
    return chosen * passes, f"{what} ({passes * total / 1e6:.3f} ms per round)"
