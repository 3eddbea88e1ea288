"""Slower variants kept: a time limit is not a behaviour.

A correct variant that is slower than the original (a quadratic rewrite of a linear loop, a
list scanned where a set was) may run past the per-call limit (``timeout_s``) on the inputs the
scale ladders grew far past the seeds, where the original finished in milliseconds. Losing such
pairs as ``timeout`` loses the ``slower`` examples a model learns from. So, on each input where
the variant timed out and the original did not:

1. it gets ``SLOW_FACTOR`` times the original's own time there, when that is more than
   ``timeout_s`` (at most ``MAX_ALLOWED_S``), and is run again: an outcome then is compared
   like any other. Off a scale rung it is run again at ``timeout_s`` otherwise (a stall of a
   loaded machine is no behaviour), until one such run times out again;
2. where even that runs out, the input is dropped for the comparison, as the original's own
   timeouts are, but only on a scale rung (an input grown far past the seeds, where slowness
   is what a timeout means): elsewhere (the seeds' neighbourhood, a magnitude, a value the
   variant's own constants call for) a variant that does not return where the original does is
   ``timeout``, as a hang there is behaviour. The pair's speed label then says ``slower``, with
   the bound the drop gives (the original's time over the time allowed), where no measurement
   gives a better one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..config import VerifyConfig
from ..run.program import MAX_TIMEOUTS, run_inputs
from ..run.reference import OriginalRun

SLOW_FACTOR = 50       # a variant may take this many times the original's time on an input
MAX_ALLOWED_S = 30.0   # ... and no more than this per call


@dataclass
class SlowDrops:
    """Inputs dropped because the variant ran out of time there: their indices, and the largest
    speedup they allow (the original's time over the time the variant was given)."""

    indices: list[int]
    bound: float | None = None

    def note(self) -> str:
        return (f"; {len(self.indices)} scale input(s) dropped where the variant ran past "
                f"its time allowance (speedup at most {self.bound:.3g})") if self.indices else ""


def allowed_s(original_ns: int, config: VerifyConfig) -> float:
    return min(MAX_ALLOWED_S, max(config.timeout_s, SLOW_FACTOR * original_ns / 1e9))


def _sandbox(config: VerifyConfig, timeout_s: float, hash_seed: int):
    from semforge.sandbox import Limits, shared_sandbox

    return shared_sandbox(Limits(timeout_s=timeout_s, memory_mb=config.memory_mb,
                                 hash_seed=hash_seed))


def retry_slow(run: OriginalRun, variant: str, entry_point: str, config: VerifyConfig,
               hash_seed: int, inputs: list[list], expected: list[dict],
               timeouts: list[int]) -> tuple[dict[int, dict], list[int], SlowDrops]:
    """For the inputs (indices into ``inputs``) where the variant timed out: (the outcomes it
    gave when allowed longer, by index; the indices where it still ran out and that cannot be
    dropped; the dropped ones with their bound)."""
    rerun: dict[int, dict] = {}
    hard: list[int] = []
    drops = SlowDrops([])
    hangs = False  # a run at the plain limit timed out again
    for i in timeouts:
        want = expected[i]
        limit = allowed_s(int(want.get("time_ns") or 0), config)
        # Off a rung, once at the plain limit too: a wall-clock limit can be hit by a stall of
        # a loaded machine, and a correct pair lost to it is data lost. A variant that hangs
        # costs one more ``timeout_s``, and only its first such input is tried again.
        plain = limit <= config.timeout_s and i not in run.rungs and not hangs
        if limit > config.timeout_s or plain:
            _, got = run_inputs(_sandbox(config, limit, hash_seed), variant, entry_point,
                                [inputs[i]], 1)
            if got and got[0].get("kind") != "timeout":
                rerun[i] = got[0]
                continue
            hangs = hangs or plain
        if i in run.rungs:  # a scale rung: slowness, dropped as the original's timeouts are
            drops.indices.append(i)
            bound = int(want.get("time_ns") or 0) / 1e9 / limit
            drops.bound = bound if drops.bound is None else max(drops.bound, bound)
        else:
            hard.append(i)
    return rerun, hard, drops


def run_all(sandbox, variant: str, entry_point: str, inputs: list[list],
            droppable: set[int], blobs: list[bytes] | None = None) -> tuple[dict, list[dict]]:
    """(load outcome, outcomes): where a session stops after ``MAX_TIMEOUTS`` timeouts, all of
    them on ``droppable`` inputs (scale rungs, by index), the inputs after the last one run in
    a fresh session: a slower variant may time out on several rungs and must still be compared
    on what comes after them. Any other timeout ends the run, as before."""
    load, outcomes = run_inputs(sandbox, variant, entry_point, inputs, MAX_TIMEOUTS, blobs)
    while (load.get("kind") == "return" and 0 < len(outcomes) < len(inputs)
           and all(i in droppable for i, o in enumerate(outcomes) if o.get("kind") == "timeout")):
        _, more = run_inputs(sandbox, variant, entry_point, inputs[len(outcomes):], MAX_TIMEOUTS,
                             None if blobs is None else blobs[len(outcomes):])
        if not more:
            break
        outcomes += more
    return load, outcomes
