"""The variant on inputs outside the shared set: the constants it brings (``inputs``'
``directed_inputs``) and CrossHair's proposals (``crosshair.py``). The original runs on them
first, under every hash seed, once per original."""

from __future__ import annotations

from ..compare.describe import short
from ..compare.diff import Tolerance, diff_outcomes
from ..compare.weigh import out_of_memory, raises_memory_error
from ..config import VerifyConfig
from ..inputs import input_key, show
from ..run.address import ADDRESS_PADS, CONFIRM_PADS, address_dependent, holds_nan, reaches
from ..run.program import MAX_TIMEOUTS, run_inputs
from ..run.reference import OriginalRun
from ...verdict import Verdict
from ..verdicts import counterexample_json, new_verdict


def crosshair_opinion(run: OriginalRun, original: str, variant: str, entry_point: str,
                      config: VerifyConfig, sandboxes: list, tol: Tolerance,
                      t0: float) -> tuple[Verdict | None, str, bool]:
    """CrossHair's second opinion on a pair that passed testing: (verdict or None, note, ran).

    CrossHair only proposes inputs (``crosshair.py``, in its own confined process); they are
    re-run here exactly like generated inputs, and only that concrete run can end in
    ``different`` (or ``timeout``). A claim that does not reproduce, or a CrossHair timeout or
    failure, leaves the verdict as it was and is only noted."""
    from .crosshair import propose_inputs

    proposal = propose_inputs(original, variant, entry_point, config.crosshair_budget_s,
                              config.memory_mb)
    ran = proposal.status not in ("skipped", "unavailable")
    if not proposal.inputs:
        return None, proposal.note, ran
    found = judge_extra_inputs(run, original, variant, entry_point, proposal.inputs,
                               "an input CrossHair proposed",
                               "CrossHair found {args}, reproduced concretely: {found}", config,
                               sandboxes, tol, t0)
    if found is not None:
        return found, proposal.note, ran
    return None, f"{proposal.note}, none reproduced concretely (ignored)", ran


def judge_extra_inputs(run: OriginalRun, original: str, variant: str, entry_point: str,
                       inputs: list[list], what: str, template: str, config: VerifyConfig,
                       sandboxes: list, tol: Tolerance, t0: float) -> Verdict | None:
    """The variant on inputs outside the shared set (CrossHair's, the variant's own constants):
    the original runs on them under every hash seed first (remembered in ``run.extra``, since
    several variants may bring the same constant), and an input is compared only where the
    original's behaviour is a function of it (the same under both seeds, no timeout or crash;
    under ``domain`` only where it returns). A ``different`` or ``timeout`` Verdict (``template``
    formats its reason from ``args`` and ``found``), else None."""
    exact = Tolerance(0.0, 0.0)

    def usable(want: list[dict]) -> bool:
        return not (any(w.get("kind") in ("timeout", "crash") for w in want)  # nothing to compare
                    or (out_of_memory(want[0]) and not raises_memory_error(original))  # the limit's
                    or any(diff_outcomes(want[0], w, exact) for w in want[1:])  # not a function of args
                    or (config.policy == "domain" and want[0].get("kind") != "return"))

    if run.domain is not None:  # typed: CrossHair's proposals and the like, inside the domain
        inputs = [a for a in inputs if run.domain.contains(a)]
    keys = [input_key(a) for a in inputs]
    todo = [(k, a) for k, a in zip(keys, inputs) if k not in run.extra]
    if todo:
        # Each hash seed runs only what the one before could use: an input the original times
        # out on costs a whole time limit, once.
        wants: list[list[dict]] = [[] for _ in todo]
        live = list(range(len(todo)))
        for sb in sandboxes:
            outs = run_inputs(sb, original, entry_point, [todo[j][1] for j in live], MAX_TIMEOUTS)[1]
            for pos, j in enumerate(live):
                wants[j].append(outs[pos] if pos < len(outs) else {"kind": "timeout"})
            live = [j for j in live if wants[j][-1].get("kind") not in ("timeout", "crash")]
        for j, (k, _) in enumerate(todo):
            run.extra[k] = wants[j] if len(wants[j]) == len(sandboxes) else [{"kind": "timeout"}]
        # Not where the original's outcome depends on where a NaN lies (run/address.py).
        nan = [(k, a) for k, a in todo if holds_nan(a) and usable(run.extra[k])]
        moved = address_dependent(sandboxes[0], original, entry_point, [a for _, a in nan],
                                  [run.extra[k][0] for k, _ in nan], ADDRESS_PADS + CONFIRM_PADS)
        for j in moved:
            run.extra[nan[j][0]] = [{"kind": "crash", "reason": "address-dependent"}]
    chosen = [(k, a) for k, a in zip(keys, inputs) if usable(run.extra[k])]
    if not chosen:
        return None
    _, got = run_inputs(sandboxes[0], variant, entry_point, [a for _, a in chosen], MAX_TIMEOUTS)
    n = len(run.inputs) + len(inputs)
    for i, (key, args) in enumerate(chosen):
        want = run.extra[key]
        if i >= len(got):
            continue
        if got[i].get("kind") == "timeout":
            return new_verdict("timeout", f"variant timed out on {what} where the original "
                               f"finished: {short(show(args), 60)}", config, t0, n,
                               counterexample_json(args, want[0], got[i]))
        found = diff_outcomes(want[0], got[i], tol)
        if found and holds_nan(args) and reaches(sandboxes[0], variant, entry_point, [args],
                                                 [want[0]]):
            continue  # the difference follows where a NaN lies (run/address.py)
        if found:
            return new_verdict("different", template.format(args=short(show(args), 60), found=found),
                               config, t0, n, counterexample_json(args, want[0], got[i]))
    return None
