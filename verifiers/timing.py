"""Speed labels from measurement: interleaved rounds, ratio of medians, bootstrap CI.

Original and variant each run in their own warm session; rounds alternate between them (and
alternate which goes first) so that drift in machine load hits both alike, and both sessions are
pinned to one CPU, so that they share its load too: unpinned, the scheduler can keep one session
on a busy core and the other on an idle one for the whole measurement, a bias no interleaving or
bootstrap sees (a program timed against itself came out 10 of 30 times `faster` or `slower`
with a second core kept busy, 0 of 30 pinned). The rounds are split into blocks, each in a
fresh pair of sessions, and a direction must hold in every block (``measure``). A round is one
pass over the same inputs. ``speedup = median(original) / median(variant)`` (> 1 means the
variant is faster). A label other than ``same`` needs the *whole* 95% bootstrap interval outside
``1 ± band``: a noisy measurement says ``same`` rather than guess.
"""

from __future__ import annotations

import os
import random
import statistics
from dataclasses import dataclass


@dataclass(frozen=True)
class Speed:
    speedup: float
    ci: list[float]
    label: str
    rounds: int
    inputs: int
    timing: str = "wall"


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


def perf_label(lo: float, hi: float, band: float) -> str:
    """``faster``/``slower`` only when the whole interval clears the band, else ``same``."""
    if lo > 1 + band:
        return "faster"
    if hi < 1 - band:
        return "slower"
    return "same"


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
# not carry over to the next, and rounds inside one pair of sessions cannot show it.
BLOCKS = 3


def measure(sandbox, original: str, variant: str, entry_point: str, inputs: list[list],
            rounds: int, band: float, seed: int = 0, max_rounds: int | None = None) -> Speed | None:
    """Time both programs on ``inputs``: ``rounds`` interleaved rounds in ``BLOCKS`` blocks of
    fresh sessions, and more blocks (up to ``max_rounds`` rounds, default 3x) while the label
    is undecided: the interval crosses an edge of the band, or the blocks disagree about the
    direction. A label other than ``same`` needs the pooled interval clear of the band *and*
    every block's ratio on that side of 1. None when either program cannot be timed."""
    if not inputs or rounds < 2:
        return None
    max_rounds = max(rounds, max_rounds if max_rounds is not None else 3 * rounds)
    per_block = max(2, -(-rounds // BLOCKS))
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
                ratios.append(statistics.median(block[0]) / max(statistics.median(block[1]), 1))
                done += n
            point, lo, hi = bootstrap_ratio(t_orig, t_var, seed=seed)
            label = perf_label(lo, hi, band)
            split = ((label == "faster" and min(ratios) <= 1)
                     or (label == "slower" and max(ratios) >= 1))
            if split:
                label = "same"
            # An interval across an edge of the band, or blocks that disagree, say neither
            # "same" nor a direction: measure more rather than let one noisy stretch decide.
            straddles = lo < 1 - band < hi or lo < 1 + band < hi
            if label != "same" or not (straddles or split) or done >= max_rounds:
                return Speed(point, [lo, hi], label, done, len(inputs))
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
