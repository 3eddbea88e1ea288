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

import os

from ...speed import Speed, block_ratio, interval, perf_label
from ..program.in_module import runnable


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
    s_orig = sandbox.open(*runnable(original, entry_point))
    s_var = sandbox.open(*runnable(variant, entry_point))
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
# memory; the child collects garbage before each round, else where the collector ran inside
# the calls moved a round's count by several percent), so the range over these rounds is
# the interval.
COUNT_ROUNDS = 3


def count_rounds(sandbox, program: str, entry_point: str, inputs: list[list],
                 rounds: int = COUNT_ROUNDS, timeout_s: float | None = None) -> list[int] | None:
    """Per-round instructions of ``program`` on ``inputs`` in a fresh session of a counting
    sandbox (``Limits(count_instructions=True)``), after one uncounted round; None when it
    cannot load or a round could not be counted (``timeout_s``: per call, under Valgrind)."""
    session = sandbox.open(*runnable(program, entry_point))
    try:
        if session.load.get("kind") != "return":
            return None
        counts = session.count_calls(inputs, rounds + 1, timeout_s)
        return counts[1:] if len(counts) == rounds + 1 else None
    finally:
        session.close()
