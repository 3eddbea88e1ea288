"""What timing="instructions" counts the original on, found once per original by counts alone:
the first scale rung that reaches ``COUNT_TARGET`` instructions per call, else a prefix of the
verified inputs."""

from __future__ import annotations

from dataclasses import replace

from ..inputs import extend_for_speed
from ..run.reference import Counted, OriginalRun
from ..program.in_module import runnable
from . import timing

# Instructions of the original per call on the input counted (timing="instructions"): about a
# millisecond of CPython, as SPEED_MIN_NS is for wall clock, but reached deterministically.
COUNT_TARGET = 3_000_000
COUNT_RUNG_S = 20.0  # wall clock (under Valgrind) for one call while choosing the rung


def counted_inputs(run: OriginalRun, original: str, entry_point: str, sandbox) -> Counted | None:
    """What timing="instructions" counts, found once per original (kept in ``run.counted``).

    Every choice here is made by counts, none by wall clock: a rung within a few percent of
    1 ms lands on either side of it from one run to the next, the verification climb reaches
    further on a quiet machine, and which ladder looked slowest moves with noise, so an input
    chosen by time made counts that barely move label a pair differently anyway (HumanEval/46
    was counted on 32 verified inputs in one run, on an int rung in the next). The ladders are
    counted from the bottom, in their own order, all rungs ``ladders`` built (``_counted_rung``);
    the first rung to reach COUNT_TARGET is the input, else the verified inputs are. A rung the
    verification did not run is returned as the input to compare each variant on first. None
    when the original cannot be counted."""
    if run.counted is not None:
        return run.counted or None  # False: tried, not countable
    found = _counted_rung(run, original, entry_point, sandbox)
    if found is None:
        found = _counted_prefix(run, original, entry_point, sandbox)
    run.counted = found or False
    return found


def _counted_rung(run: OriginalRun, original: str, entry_point: str, sandbox) -> Counted | None:
    """The first rung, ladder by ladder, whose count reaches COUNT_TARGET; failing that, the
    highest count of them all if it is at least a quarter of the target (as SPEED_FLOOR_NS is
    of SPEED_MIN_NS: below it the ladder says nothing about speed at scale); else None. A
    list or string ladder whose count still grows at its top is doubled further (as
    ``find_speed_input`` does by wall clock), on a copy."""
    if not run.outcomes:
        return None
    outcome = {i: run.outcomes[0][i] for i in run.rungs}
    # A ladder takes part when the verification saw the original return on one of its rungs;
    # its rungs known to raise are left out (an exception's path is not the work at scale).
    raising = {run.rungs[i] for i, o in outcome.items() if o.get("kind") != "return"}
    taking_part = sorted({run.rungs[i][0] for i, o in outcome.items() if o.get("kind") == "return"})
    best = None  # (count, rung args, label)
    for li in taking_part:
        lad = run.ladders[li]
        rungs = [(label, args) for k, (label, args) in enumerate(lad.rungs[:lad.built])
                 if (li, k) not in raising]
        counts = _counts_up_to_target([[args] for _, args in rungs], sandbox, original,
                                      entry_point)
        if (2 <= len(counts) == len(rungs) and counts[-1] < COUNT_TARGET
                and 3 * counts[-1] >= 4 * counts[-2]):
            # Still growing at the top: double the list or string further, counted from there.
            longer = replace(lad, rungs=list(rungs[-1:]))
            if extend_for_speed(longer):
                more = _counts_up_to_target([[args] for _, args in longer.rungs[1:]], sandbox,
                                            original, entry_point)
                rungs += longer.rungs[1:1 + len(more)]
                counts += more
        if not counts:
            continue
        k = len(counts) - 1
        label, args = rungs[k]
        if best is None or counts[k] > best[0]:
            best = (counts[k], args, f"{lad.name} {label}")
        if counts[k] >= COUNT_TARGET:
            break
    if best is None or 4 * best[0] < COUNT_TARGET:
        return None
    _, args, label = best
    counts = timing.count_rounds(sandbox, original, entry_point, [args])
    if counts is None:
        return None
    # Compared already: a verified input, or the scaled speed input (``find_speed_input``).
    verified = any(args is a for a in run.inputs) or bool(run.speed and args is run.speed[0])
    return Counted([args], f"{label} ({min(counts) / 1e6:.2f}M instructions per call)", counts,
                   None if verified else args)


def _counted_prefix(run: OriginalRun, original: str, entry_point: str, sandbox) -> Counted | None:
    """The shortest doubling prefix of the verified inputs whose count reaches COUNT_TARGET
    (all of them when none does; the longest that could be counted when a round ran past
    COUNT_RUNG_S per call). Not bounded by the inputs' wall-clock times: the prefix moved from
    run to run (HumanEval/25: 101 verified inputs counted in one run, 46 in the next;
    HumanEval/36: 7 and 8, 23M and 195M instructions)."""
    inputs = list(run.inputs)
    if not inputs:
        return None
    prefixes = [inputs[:1 << j] for j in range(max(1, len(inputs)).bit_length())]
    if len(prefixes[-1]) < len(inputs):
        prefixes.append(inputs)
    counts = _counts_up_to_target(prefixes, sandbox, original, entry_point)
    inputs = prefixes[len(counts) - 1] if counts else inputs
    counts = timing.count_rounds(sandbox, original, entry_point, inputs)
    if counts is None:
        return None
    return Counted(inputs, f"{len(inputs)} verified inputs ({min(counts) / 1e6:.2f}M "
                   f"instructions per round)", counts)


def _counts_up_to_target(candidates: list[list[list]], sandbox, original: str,
                         entry_point: str) -> list[int]:
    """The original's count on each candidate round (a list of calls), counted in order in one
    session, up to and including the first that reaches COUNT_TARGET; it stops early where a
    round could not be counted (a call past COUNT_RUNG_S under Valgrind, a crash)."""
    if not candidates:
        return []
    session = sandbox.open(*runnable(original, entry_point))
    out: list[int] = []
    try:
        if session.load.get("kind") != "return":
            return []
        for calls in candidates:
            counts = session.count_calls(calls, 2, timeout_s=COUNT_RUNG_S)
            if len(counts) < 2:
                break
            out.append(counts[1])
            if counts[1] >= COUNT_TARGET:
                break
    finally:
        session.close()
    return out
