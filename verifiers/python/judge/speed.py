"""The variant's speed, once it is ``equivalent``: it must first agree with the original on the
input speed is measured on (a scaled input the verification may not have compared), then it is
timed by wall clock (``measure/timing.py``) or its instructions counted (``measure/counts.py``).
"""

from __future__ import annotations

import time

from ...speed import from_counts
from ..compare.diff import Tolerance, diff_outcomes
from ..config import HASH_SEEDS, VerifyConfig
from ..measure import timing
from ..measure.counts import counted_inputs
from ..measure.speed_input import find_speed_input, speed_inputs
from ..run.program import run_inputs
from ..run.reference import OriginalRun
from ..run.sandboxes import counting_sandbox
from ...verdict import Verdict
from ..verdicts import counterexample_json, new_verdict
from .slow import allowed_s


def with_speed(verdict: Verdict, run: OriginalRun, original: str, variant: str, entry_point: str,
               config: VerifyConfig, sandboxes: list, tol: Tolerance, t0: float, n: int,
               slow_bound: float | None = None) -> Verdict:
    """``verdict`` (``equivalent`` on ``n`` inputs) with the pair's speed, or a ``different`` or
    ``timeout`` Verdict when the variant disagrees on the input the speed is measured on.
    ``slow_bound``: the speedup the variant cannot exceed (it ran out of time on scale inputs,
    ``slow.py``): the label where no measurement gives one."""
    found = find_speed_input(run, original, entry_point, config, sandboxes[0])
    if found:
        # The speed input is also a test input: the variant must agree there too.
        differs = disagrees_on(found[0], found[1], "scaled speed input", found[2], variant,
                               entry_point, config, sandboxes, tol, t0, n + 1)
        if differs is not None and differs.verdict == "timeout":
            # A scaled input: slower is not different (slow.py). More time where the
            # original's own allows it; out of time even then, the label is a bound.
            limit = allowed_s(int(found[1].get("time_ns") or 0), config)
            bound = int(found[1].get("time_ns") or 0) / 1e9 / limit
            differs = None
            if limit > config.timeout_s:
                from .slow import _sandbox

                _, got = run_inputs(_sandbox(config, limit, HASH_SEEDS[0]), variant, entry_point,
                                    [found[0]], 1)
                if got and got[0].get("kind") != "timeout":
                    diff = diff_outcomes(found[1], got[0], tol)
                    if diff:
                        return new_verdict("different", f"scaled speed input ({found[2]}): {diff}",
                                           config, t0, n + 1,
                                           counterexample_json(found[0], found[1], got[0]))
                    bound = None
            if bound is not None:
                return slower_than(verdict, min(bound, slow_bound or bound), found[2], limit, t0)
        if differs is not None:
            return differs
    if config.timing == "instructions":
        speed, verdict.speed_input, differs = count_speed(run, original, variant,
                                                          entry_point, config, sandboxes, tol)
        if differs is not None:
            differs.seconds = round(time.perf_counter() - t0, 4)
            return differs
    else:
        chosen, verdict.speed_input = speed_inputs(run)
        speed = timing.measure(sandboxes[0], original, variant, entry_point, chosen,
                               config.speed_rounds, config.speed_band, config.seed)
    if speed is not None:
        verdict.speedup = round(speed.speedup, 4)
        verdict.speedup_ci = [round(x, 4) for x in speed.ci]
        verdict.perf_label = speed.label
        verdict.timing = speed.timing
    elif slow_bound is not None:
        return slower_than(verdict, slow_bound, "the scale inputs dropped", None, t0)
    else:
        verdict.speed_input = None
    verdict.seconds = round(time.perf_counter() - t0, 4)
    return verdict


def slower_than(verdict: Verdict, bound: float, where: str, limit: float | None,
                t0: float) -> Verdict:
    """``verdict`` labelled ``slower`` with an upper bound on the speedup: the variant ran out of
    its time allowance where the original finished (``speedup`` the bound, ``speedup_ci``
    [0, bound], ``timing`` "bound")."""
    verdict.speedup = round(bound, 6)
    verdict.speedup_ci = [0.0, round(bound, 6)]
    verdict.perf_label = "slower"
    verdict.timing = "bound"
    allowed = f" in {limit:g} s" if limit else ""
    verdict.speed_input = f"{where}: the variant did not finish{allowed} (speedup at most {bound:.3g})"
    verdict.seconds = round(time.perf_counter() - t0, 4)
    return verdict


def disagrees_on(args: list, want: dict, what: str, shown: str, variant: str, entry_point: str,
                 config: VerifyConfig, sandboxes: list, tol: Tolerance, t0: float,
                 n: int) -> Verdict | None:
    """A ``timeout`` or ``different`` Verdict when the variant does not behave as the original
    (``want``) on one more input the verification did not compare (a speed input), else None."""
    _, got = run_inputs(sandboxes[0], variant, entry_point, [args], 1)
    if got and got[0].get("kind") == "timeout" and want.get("kind") != "timeout":
        return new_verdict("timeout", f"variant timed out on the {what} {shown} where the "
                           f"original finished", config, t0, n)
    diff = diff_outcomes(want, got[0], tol) if got else "no outcome"
    if diff:
        return new_verdict("different", f"{what} ({shown}): {diff}",
                           config, t0, n, counterexample_json(args, want, got[0] if got else {}))
    return None


def count_speed(run: OriginalRun, original: str, variant: str, entry_point: str,
                config: VerifyConfig, sandboxes: list, tol: Tolerance) -> tuple:
    """(Speed or None, what was measured, a Verdict when the variant differs on the counted
    input) for timing="instructions": the original is counted once, the variant per pair. A
    variant that cannot be counted within its budget (Valgrind's slowdown on a variant far
    slower than the original) is timed by wall clock instead, as ``timing`` then says."""
    sandbox = counting_sandbox(config)
    counted = counted_inputs(run, original, entry_point, sandbox)
    if counted is None:
        return None, None, None
    if counted.unverified is not None:
        # A rung the verification did not run: the variant must agree there before it counts.
        if counted.want is None:
            _, want = run_inputs(sandboxes[0], original, entry_point, [counted.unverified], 1)
            counted.want = want[0] if want else {}
        differs = disagrees_on(counted.unverified, counted.want, "counted speed input",
                               counted.label.rsplit(" (", 1)[0], variant, entry_point, config,
                               sandboxes, tol, time.perf_counter(), len(run.inputs) + 1)
        if differs is not None:
            return None, None, differs
    # The variant may take this many times the original's instructions before it is timed
    # by wall clock instead: counting it would take minutes under Valgrind.
    var_counts = timing.count_rounds(sandbox, variant, entry_point, counted.inputs,
                                     len(counted.counts), timeout_s=COUNT_VARIANT_S)
    if var_counts is None:
        chosen, what = speed_inputs(run)
        return (timing.measure(sandboxes[0], original, variant, entry_point, chosen,
                               config.speed_rounds, config.speed_band, config.seed),
                what + "; not countable within budget, timed by wall clock", None)
    return (from_counts(counted.counts, var_counts, config.speed_band,
                        len(counted.inputs)), counted.label, None)


COUNT_VARIANT_S = 30.0  # wall clock under Valgrind for one counted call of a variant
