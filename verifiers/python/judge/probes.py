"""The variant on the original's behaviour probes (``probes/``): the same plans, run in the
harness, compared like any other outcome."""

from __future__ import annotations

from ..compare.describe import describe
from ..compare.diff import Tolerance, diff_outcomes
from ..config import VerifyConfig
from ..probes.harness import ENTRY as PROBE_ENTRY, harness
from ..run.address import CONFIRM_PADS, address_dependent, holds_nan, reaches
from ..run.program import run_inputs
from ..run.reference import OriginalRun
from ...verdict import Verdict
from ..verdicts import counterexample_json, new_verdict


def judge_probes(run: OriginalRun, original: str, variant: str, entry_point: str,
                 config: VerifyConfig, sandboxes: list, tol: Tolerance, t0: float,
                 history: bool = True) -> tuple[Verdict | None, list[dict]]:
    """The variant on the original's behaviour probes: (a Verdict when it differs, else None;
    its outcomes on the typed policy's probes outside the domain, run in the same harness call
    after the others, for ``level.py``). ``history``: the ``history`` plans too (they come last:
    leaving them out changes nothing the others run after)."""
    probes = [(p, o) for p, o in zip(run.probes, run.probe_outcomes)
              if history or p.kind != "history"]
    outside = run.outside_probes
    if not probes and not outside:
        return None, []
    n = len(run.inputs) + len(probes)
    load, outs = run_inputs(sandboxes[0], harness(variant, entry_point), PROBE_ENTRY,
                            [[p.plan] for p, _ in probes] + [[p.plan] for p in outside], 1)
    if load.get("kind") != "return":
        return new_verdict("undecided", f"variant could not load with the probe harness "
                           f"({describe(load)})", config, t0, len(run.inputs)), []
    for (p, want), got in zip(probes, outs):
        if got.get("kind") == "timeout":
            return new_verdict("timeout", f"variant timed out on a {p.kind} probe where the original "
                               f"finished", config, t0, n,
                               counterexample_json(p.plan, want, got)), []
        found = diff_outcomes(want, got, tol)
        if found and holds_nan(p.plan) and (address_dependent(
                sandboxes[0], harness(original, entry_point), PROBE_ENTRY, [[p.plan]], [want],
                CONFIRM_PADS) or reaches(sandboxes[0], harness(variant, entry_point), PROBE_ENTRY,
                                         [[p.plan]], [want])):
            continue  # the outcome there follows where a NaN lies (run/address.py)
        if found:
            return new_verdict("different", f"{p.kind} probe ({PROBE_WHAT[p.kind]}): {found}", config,
                               t0, n, counterexample_json(p.plan, want, got)), []
    if len(outs) < len(probes):  # the session ended on a probe: the rest cannot vouch
        return new_verdict("timeout", "variant timed out on a behaviour probe where the original "
                           "finished", config, t0, n), []
    return None, outs[len(probes):]


PROBE_WHAT = {
    "alias": "the result mutated after each call, then the call repeated",
    "defaults": "optional parameters left out, repeatedly, keyword calls, keyword-only parameters set",
    "order": "several inputs called in two orders in one process",
    "lazy": "a returned iterator stepped with the argument changed between steps",
    "nest": "an argument nested past the recursion limit",
    "twins": "equal arguments of another type called in sequence (1 then True, 2 then 2.0)",
    "history": "hundreds of distinct inputs, then repeated at long distance, in one process",
}
