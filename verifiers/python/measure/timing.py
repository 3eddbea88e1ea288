"""Speed labels from measurement: interleaved rounds in blocks of fresh sessions, the median
per-round ratio, an interval that counts both the rounds' and the blocks' spread.

Original and variant each run in their own warm session; rounds alternate between them (and
alternate which goes first) so that drift in machine load hits both alike, and both sessions are
pinned to one CPU, so that they share its load too: unpinned, the scheduler can keep one session
on a busy core and the other on an idle one for the whole measurement, a bias no interleaving or
bootstrap sees (a program timed against itself came out 10 of 30 times `faster` or `slower`
with a second core kept busy, 0 of 30 pinned). The rounds are split into blocks, each in a
fresh pair of sessions: where a process's objects and code landed in memory can move a ratio
from one pair of sessions to the next, so the blocks, not the rounds, are what a second run
samples anew. A round is one pass over the same inputs.

``speedup`` is the median over rounds of time(original) / time(variant) in that round (> 1
means the variant is faster). Its 90% interval (``LEVEL``) is the wider of two: a bootstrap
over the rounds, and a t-interval over the blocks' log-ratios (``measure``). The label is a
claim about that interval: ``faster`` or ``slower`` when it lies wholly beyond ``1 ± band``,
``same`` when it lies wholly inside, and none (the speed is reported, undecided) when it still
crosses an edge of the band after the most rounds allowed.
"""

from __future__ import annotations

import math
import os
import random
import statistics
from dataclasses import dataclass


# Labels are decided on 90% intervals: each label is then a one-sided test at the 5% level, and
# `same` is the two one-sided tests (TOST) of equivalence within the band. On the first 40
# HumanEval+ seeds, 95% intervals left 101 of 433 pairs undecided and 86% of directions agreed
# between two runs; 90% intervals, 70 and 91%, with every label decided in both runs agreeing.
LEVEL = 0.90


@dataclass(frozen=True)
class Speed:
    speedup: float
    ci: list[float]
    label: str | None  # None: the interval crosses an edge of the band (undecided)
    rounds: int
    inputs: int
    timing: str = "wall"
    blocks: tuple[float, ...] = ()  # each block's median per-round ratio


def bootstrap_ratio(orig_ns: list[int], var_ns: list[int], resamples: int = 1000,
                    seed: int = 0, level: float = 0.95) -> tuple[float, float, float]:
    """Point estimate and percentile CI of median(orig) / median(var), resampling both sides."""
    point = statistics.median(orig_ns) / max(statistics.median(var_ns), 1)
    rng = random.Random(seed)
    ratios = []
    for _ in range(resamples):
        o = statistics.median(rng.choices(orig_ns, k=len(orig_ns)))
        v = statistics.median(rng.choices(var_ns, k=len(var_ns)))
        ratios.append(o / max(v, 1))
    ratios.sort()
    tail = (1 - level) / 2
    lo = ratios[int(tail * (resamples - 1))]
    hi = ratios[int((1 - tail) * (resamples - 1))]
    return point, lo, hi


def _log_ratios(orig_ns: list[int], var_ns: list[int]) -> list[float]:
    return [math.log(max(o, 1)) - math.log(max(v, 1)) for o, v in zip(orig_ns, var_ns)]


def paired_ratio(orig_ns: list[int], var_ns: list[int], resamples: int = 1000,
                 seed: int = 0, level: float = LEVEL) -> tuple[float, float, float]:
    """Point estimate and percentile CI of the median of per-round ratios orig[r] / var[r].

    Round r of each program runs back to back with the other's, so the two share whatever the
    machine was doing then (another tenant, the clock speed): between blocks a program's own
    time moved by 16% where the ratio moved by 5% (rule variants of ten HumanEval+ seeds).
    Pairing the rounds cancels that; resampling each side on its own, as ``bootstrap_ratio``
    does, counts it as noise."""
    logs = _log_ratios(orig_ns, var_ns)
    rng = random.Random(seed)
    meds = sorted(statistics.median(rng.choices(logs, k=len(logs))) for _ in range(resamples))
    tail = (1 - level) / 2
    return (math.exp(statistics.median(logs)), math.exp(meds[int(tail * (resamples - 1))]),
            math.exp(meds[int((1 - tail) * (resamples - 1))]))


def perf_label(lo: float, hi: float, band: float) -> str | None:
    """``faster``/``slower`` when the whole interval clears the band, ``same`` when it lies
    wholly inside it, None when it crosses an edge: the measurement supports no claim."""
    if lo > 1 + band:
        return "faster"
    if hi < 1 - band:
        return "slower"
    if 1 - band <= lo and hi <= 1 + band:
        return "same"
    return None


# One-sided 95% quantiles of Student's t (two-sided 90%) by degrees of freedom (past 30: 1.7).
_T95 = (6.314, 2.920, 2.353, 2.132, 2.015, 1.943, 1.895, 1.860, 1.833, 1.812, 1.796, 1.782,
        1.771, 1.761, 1.753, 1.746, 1.740, 1.734, 1.729, 1.725, 1.721, 1.717, 1.714, 1.711,
        1.708, 1.706, 1.703, 1.701, 1.699, 1.697)


def block_interval(ratios: list[float]) -> tuple[float, float]:
    """90% t-interval of the geometric mean of per-block ratios: the blocks (fresh pairs of
    sessions) are the independent units, so this is the spread a second run would see, which
    a bootstrap over the rounds of all blocks understates."""
    if len(ratios) < 2:
        return 0.0, math.inf
    logs = [math.log(max(r, 1e-12)) for r in ratios]
    mean = statistics.fmean(logs)
    half = _T95[min(len(logs) - 2, len(_T95) - 1)] * statistics.stdev(logs) / math.sqrt(len(logs))
    return math.exp(mean - half), math.exp(mean + half)


def block_ratio(block: tuple[list[int], list[int]]) -> float:
    """A block's median per-round ratio time(original) / time(variant)."""
    return math.exp(statistics.median(_log_ratios(*block)))


def interval(t_orig: list[int], t_var: list[int], ratios: list[float],
             seed: int = 0) -> tuple[float, float, float]:
    """The speedup and its interval from all rounds so far and the blocks' ratios: the wider
    of the rounds' paired bootstrap and the blocks' t-interval."""
    point, lo, hi = paired_ratio(t_orig, t_var, seed=seed)
    b_lo, b_hi = block_interval(ratios)
    return point, min(lo, b_lo), max(hi, b_hi)


def pick_timing_inputs(inputs: list[list], times_ns: list[int | None],
                       budget_ns: int = 20_000_000) -> list[list]:
    """A prefix of the inputs whose original run time fits in ``budget_ns`` per round (>= 1)."""
    chosen, total = [], 0
    for args, t in zip(inputs, times_ns):
        t = t or 0
        if chosen and total + t > budget_ns:
            break
        chosen.append(args)
        total += t
    return chosen


def pin_together(sessions) -> bool:
    """Pin the sessions' processes to one CPU of this process's set; False where the platform
    or the permissions do not allow it (the measurement then goes on unpinned)."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
        # One CPU per verifier process (by pid): parallel workers do not all crowd onto one.
        cpu = cpus[os.getpid() % len(cpus)]
        for session in sessions:
            # The pid is the child's own report: pin it only if it is a process this one
            # started (a zygote's child), never another process of the machine.
            if session.pid is None or _ppid(_ppid(session.pid)) != os.getpid():
                return False
            os.sched_setaffinity(session.pid, {cpu})
    except (AttributeError, OSError, ValueError):
        return False
    return True


def _ppid(pid: int) -> int:
    with open(f"/proc/{pid}/stat", "rb") as fh:
        # "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after it.
        return int(fh.read().rsplit(b")", 1)[1].split()[1])


# Rounds are timed in blocks, each in a fresh pair of sessions: some of what makes one
# program faster than another in one process (where its objects and code landed in memory) does
# not carry over to the next, and rounds inside one pair of sessions cannot show it. Five blocks
# of three rounds: a median of three shrugs off one disturbed round, and five blocks keep the
# t-interval's quantile (2.13) from swallowing every effect.
BLOCKS = 5


def measure(sandbox, original: str, variant: str, entry_point: str, inputs: list[list],
            rounds: int, band: float, seed: int = 0, max_rounds: int | None = None,
            blocks: int = BLOCKS) -> Speed | None:
    """Time both programs on ``inputs``: ``rounds`` interleaved rounds in ``blocks`` blocks of
    fresh sessions, and as many again (up to ``max_rounds`` rounds, default 3x) while the
    interval crosses an edge of the band. The interval is the wider of the rounds' bootstrap
    interval and the blocks' t-interval, so blocks that disagree widen it. None when either
    program cannot be timed."""
    if not inputs or rounds < 2:
        return None
    max_rounds = max(rounds, max_rounds if max_rounds is not None else 3 * rounds)
    per_block = max(2, -(-rounds // blocks))
    t_orig: list[int] = []
    t_var: list[int] = []
    ratios: list[float] = []
    done, target = 0, rounds
    try:
        while True:
            while done < target:
                n = min(per_block, max(2, target - done))
                block = time_block(sandbox, original, variant, entry_point, inputs, n, done)
                if block is None:
                    return None
                t_orig += block[0]
                t_var += block[1]
                ratios.append(block_ratio(block))
                done += n
            point, lo, hi = interval(t_orig, t_var, ratios, seed)
            label = perf_label(lo, hi, band)
            if label is not None or done >= max_rounds:
                return Speed(point, [lo, hi], label, done, len(inputs), blocks=tuple(ratios))
            target = min(max_rounds, done + rounds)
    except Exception:  # a session that died while timing: no label rather than a wrong one
        return None


def time_block(sandbox, original: str, variant: str, entry_point: str, inputs: list[list],
               rounds: int, first: int = 0, pin: bool = True) -> tuple[list[int], list[int]] | None:
    """``rounds`` interleaved rounds in a fresh pair of sessions, pinned unless ``pin`` is False
    (after one untimed round each: first-call costs, caches, imports inside the function);
    round ``first + r`` lets the original go first when even. None if a program cannot load
    or a session ends while timing."""
    s_orig = sandbox.open(original, entry_point)
    s_var = sandbox.open(variant, entry_point)
    try:
        if s_orig.load.get("kind") != "return" or s_var.load.get("kind") != "return":
            return None
        if pin:
            pin_together((s_orig, s_var))
        s_orig.time_calls(inputs, 1)
        s_var.time_calls(inputs, 1)
        t_orig: list[int] = []
        t_var: list[int] = []
        for r in range(first, first + rounds):
            pair = (s_orig, t_orig), (s_var, t_var)
            for session, out in pair if r % 2 == 0 else pair[::-1]:
                out.extend(session.time_calls(inputs, 1))
        if len(t_orig) < rounds or len(t_var) < rounds:
            return None  # a session ended (timeout, crash) while timing
        return t_orig, t_var
    finally:
        s_orig.close()
        s_var.close()


# Counted rounds per program, after one uncounted round (first-call costs, as when timing).
# Counts mostly repeat from one session to the next (on HumanEval+, two thirds of pairs to the
# instruction), but not exactly from one round to the next (where the allocator finds free
# memory moves a few percent of a round's instructions), so the range over these rounds is
# the interval.
COUNT_ROUNDS = 3


def count_rounds(sandbox, program: str, entry_point: str, inputs: list[list],
                 rounds: int = COUNT_ROUNDS, timeout_s: float | None = None) -> list[int] | None:
    """Per-round instructions of ``program`` on ``inputs`` in a fresh session of a counting
    sandbox (``Limits(count_instructions=True)``), after one uncounted round; None when it
    cannot load or a round could not be counted (``timeout_s``: per call, under Valgrind)."""
    session = sandbox.open(program, entry_point)
    try:
        if session.load.get("kind") != "return":
            return None
        counts = session.count_calls(inputs, rounds + 1, timeout_s)
        return counts[1:] if len(counts) == rounds + 1 else None
    finally:
        session.close()


def from_counts(orig: list[int], var: list[int], band: float, inputs: int) -> Speed | None:
    """The speed of a pair from per-round instruction counts: the median per-round ratio
    count(original) / count(variant), its range over the rounds as the interval, and the
    label that range supports (``perf_label``)."""
    if not orig or len(orig) != len(var) or min(var) <= 0:
        return None
    ratios = sorted(o / v for o, v in zip(orig, var))
    lo, hi = ratios[0], ratios[-1]
    return Speed(statistics.median(ratios), [lo, hi], perf_label(lo, hi, band), len(ratios),
                 inputs, timing="instructions")
