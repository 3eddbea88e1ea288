"""Differential verification of Python (original, variant) pairs.

``verify_variants`` is the hot path: the inputs are generated once per original, the original is
run once per hash seed, and those outcomes are reused for every variant. The steps:

0. an original that uses ``random``/``time``/``id()``... is ``undecided`` without running it;
1. inputs: seeds, boundary cases, Unicode / coordinated / neighbouring-type edges, Hypothesis
   mutants (``inputs.py``), half of them generated after a first run of the original, from the
   inputs whose outcomes were rarest; then the scale ladders (``scale_inputs.py``), climbed on
   the original as far as its time budget allows (``scale_run.py``);
2. the original runs in two sessions with different ``PYTHONHASHSEED``s; any disagreement means
   its behaviour is not a function of its inputs -> every variant ``undecided``;
3. inputs where the original times out or crashes are dropped (no behaviour to compare); under
   the ``domain`` policy so are inputs where it raises;
4. each variant runs on the kept inputs (and, if it can make seed-dependent hashes, on a prefix
   under the second hash seed); outcomes are compared with ``compare.diff_outcomes`` (types
   exact, floats within tolerance, signed zero, mutation of arguments, stdout); then on the
   behaviour probes (``probes.py``: aliasing, state across calls, defaults and keywords,
   laziness, nesting), planned and run on the original once;
5. inputs built from the constants the variant has and the original lacks
   (``variant_constants.py``: ``if n == 7919``, ``len(xs) > 20000``), run on both;
   then, with ``crosshair`` on, CrossHair proposes inputs for a variant that passed, in its own confined
   process; they are re-run concretely, and only that run can make the pair ``different``;
6. a variant that passes but adds escape hatches (``inspect``, ``gc``, ``globals()``, ...) the
   original does not use is ``undecided``; otherwise ``equivalent``, then timed (``timing.py``) on a scaled input where the original
   takes about a millisecond per call (which the variant must also agree on).

Steps 1-3 are ``original_run.py`` (once per original); 4-6 are here (once per variant);
the speed input is ``speed_input.py``; settings and results are ``verdict.py``.

Nothing here raises for a bad program: every failure is a Verdict with a one-line reason.
"""

from __future__ import annotations

import gc
import json
import time
from contextlib import contextmanager
from dataclasses import replace

from . import timing
from .compare import Tolerance, describe, diff_outcomes, short, summary  # noqa: F401
from .input_keys import show
from .inputs import input_key
from .original_run import (FOCUS_SEEDS, MIN_RETURNING, load_streams, prepare_original,  # noqa: F401
                           prepare_probes, rare_inputs, run_original)
from .probes import ENTRY as PROBE_ENTRY
from .probes import harness, may_keep_state
from .program_run import CHUNK, MAX_TIMEOUTS, ProgramRun, run_inputs  # noqa: F401
from .scale_run import out_of_memory, raises_memory_error
from .speed_input import (SPEED_CAP_NS, SPEED_MIN_NS, counted_inputs, find_speed_input,  # noqa: F401
                          speed_inputs)
from .static_guard import (GUARDED_MODULES, GUARDED_NAMES, escape_hatches,  # noqa: F401
                           code_may_hash_strings, introduced_hatches,
                           may_depend_on_hash_seed, nondeterminism_sources,
                           signature_difference)
from .variant_constants import directed_inputs
from .verdict import (HASH_CHECK_INPUTS, HASH_SEEDS, METHOD, OriginalRun, Verdict,  # noqa: F401
                      VerifyConfig, _counterexample, _tolerance, _verdict)


def judge_variant(run: OriginalRun, original: str, variant: str, entry_point: str,
                  config: VerifyConfig, sandboxes: list, tol: Tolerance, t0: float) -> Verdict:
    n = len(run.inputs)
    changed = signature_difference(original, variant, entry_point)
    if changed:
        return _verdict("different", f"the signature differs: {changed}", config, t0,
                        counterexample=json.dumps({"args": None, "original": {"kind": "return"},
                                                   "variant": {"kind": "signature", "value": changed}}))
    for h, sandbox, expected in zip(HASH_SEEDS, sandboxes, run.outcomes):
        # Under the second hash seed a prefix suffices: order-dependence on str hashes shows on
        # almost every input that holds a few strings, and this pass doubles a variant's cost.
        if h == HASH_SEEDS[0]:
            inputs = run.inputs
        elif run.hashy_inputs or code_may_hash_strings(variant):
            inputs = run.inputs[:HASH_CHECK_INPUTS]
        else:
            continue
        load, outcomes = run_inputs(sandbox, variant, entry_point, inputs, MAX_TIMEOUTS)
        kind = load.get("kind")
        if kind == "timeout":
            return _verdict("timeout", "variant timed out while loading", config, t0)
        if kind != "return":
            # A variant that cannot even be imported behaves differently from one that can.
            msg = load.get("exc_msg") or load.get("reason") or ""
            return _verdict("different", f"variant {describe(load)}: {short(msg, 100)}".rstrip(": "),
                            config, t0, counterexample=json.dumps(
                                {"args": None, "original": {"kind": "return"},
                                 "variant": summary(load)}, default=repr))
        printed = load_streams(load)
        if h == HASH_SEEDS[0] and printed != run.load_output:
            # Output at import is behaviour too: a stray print, a warning the original lacks.
            which = "stdout" if printed[0] != run.load_output[0] else "stderr"
            return _verdict("different", f"variant prints to {which} while loading: "
                            f"{short(repr(printed), 60)} != {short(repr(run.load_output), 60)}",
                            config, t0, counterexample=json.dumps(
                                {"args": None, "original": {"kind": "return", "load": run.load_output},
                                 "variant": {"kind": "return", "load": printed}}, default=repr))
        diffs, timeouts = [], []
        for i, (args, want, got) in enumerate(zip(inputs, expected, outcomes)):
            if got.get("kind") == "timeout":
                timeouts.append(i)
                continue
            found = diff_outcomes(want, got, tol)
            if found:
                diffs.append((i, found))
        hash_note = "" if h == HASH_SEEDS[0] else f" under PYTHONHASHSEED={h}"
        if diffs:
            # The smallest differing input makes the most readable counterexample.
            i, found = min(diffs, key=lambda d: (len(input_key(run.inputs[d[0]])), d[0]))
            return _verdict(
                "different",
                f"{len(diffs)} of {n} inputs differ{hash_note}; e.g. {short(show(run.inputs[i]), 60)}: {found}",
                config, t0, n,
                _counterexample(run.inputs[i], expected[i], outcomes[i], None if not hash_note else h))
        if timeouts:
            i = timeouts[0]
            return _verdict(
                "timeout", f"variant timed out on {len(timeouts)} of {n} inputs{hash_note} where the "
                f"original finished, e.g. {short(show(run.inputs[i]), 60)}", config, t0, n,
                _counterexample(run.inputs[i], expected[i], outcomes[i]))
    # The long plans only where a call can leave state behind for the next (else they are the
    # inputs again, at a cost of a few milliseconds per variant).
    history = may_keep_state(original) or may_keep_state(variant)
    found = judge_probes(run, variant, entry_point, config, sandboxes, tol, t0, history)
    if found is not None:
        return found
    seeds = [a for a, c in zip(run.inputs, run.classes) if c == "seeds"] or run.inputs[:2]
    directed = directed_inputs(original, variant, seeds, run.input_keys())
    if directed:
        found = judge_extra_inputs(run, original, variant, entry_point, directed,
                                   "an input built from the variant's own constants",
                                   "an input built from the variant's own constants ({args}): "
                                   "{found}", config, sandboxes, tol, t0)
        if found is not None:
            return found
        n += len(directed)
    method, opinion = METHOD, ""
    if config.crosshair:
        found, opinion, ran = crosshair_opinion(run, original, variant, entry_point, config,
                                                sandboxes, tol, t0)
        method = METHOD + "+crosshair" if ran else METHOD
        if found is not None:
            return replace(found, method=method)
        opinion = f"; {opinion}"
    hatches = introduced_hatches(original, variant)
    if hatches:
        return replace(_verdict("undecided", f"agrees on {n} inputs but introduces "
                                f"{', '.join(sorted(hatches))}, which testing cannot vouch "
                                f"for{opinion}", config, t0, n), method=method)
    note = f"; {run.note}" if run.note else ""
    ran = sum(history or p.kind != "history" for p in run.probes)
    probes = f" and {ran} behaviour probes" if ran else ""
    verdict = _verdict("equivalent", f"same behaviour on {n} inputs{probes} ({config.policy} "
                       f"policy){note}{opinion}", config, t0, n)
    verdict.method = method
    verdict.input_classes = input_classes(run, history)
    if directed:
        verdict.input_classes = sorted(set(verdict.input_classes) | {"variant-constants"})
    if config.measure_speed:
        found = find_speed_input(run, original, entry_point, config, sandboxes[0])
        if found:
            # The speed input is also a test input: the variant must agree there too.
            differs = _disagrees_on(found[0], found[1], "scaled speed input", found[2], variant,
                                    entry_point, config, sandboxes, tol, t0, n + 1)
            if differs is not None:
                return differs
        if config.timing == "instructions":
            speed, verdict.speed_input, differs = _count_speed(run, original, variant,
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
        else:
            verdict.speed_input = None
        verdict.seconds = round(time.perf_counter() - t0, 4)
    return verdict


def input_classes(run: OriginalRun, history: bool = True) -> list[str]:
    """The classes of inputs compared, and the kinds of behaviour probes run, sorted."""
    names = {c.removeprefix("guided-") for c in run.classes}
    names |= {"probe:" + p.kind for p in run.probes if history or p.kind != "history"}
    return sorted(names)


def judge_probes(run: OriginalRun, variant: str, entry_point: str, config: VerifyConfig,
                 sandboxes: list, tol: Tolerance, t0: float,
                 history: bool = True) -> Verdict | None:
    """The variant on the original's behaviour probes: a Verdict when it differs, else None.
    ``history``: the ``history`` plans too (they come last: leaving them out changes nothing
    the others run after)."""
    probes = [(p, o) for p, o in zip(run.probes, run.probe_outcomes)
              if history or p.kind != "history"]
    if not probes:
        return None
    n = len(run.inputs) + len(probes)
    load, outs = run_inputs(sandboxes[0], harness(variant, entry_point), PROBE_ENTRY,
                            [[p.plan] for p, _ in probes], 1)
    if load.get("kind") != "return":
        return _verdict("undecided", f"variant could not load with the probe harness "
                        f"({describe(load)})", config, t0, len(run.inputs))
    for (p, want), got in zip(probes, outs):
        if got.get("kind") == "timeout":
            return _verdict("timeout", f"variant timed out on a {p.kind} probe where the original "
                            f"finished", config, t0, n,
                            _counterexample(p.plan, want, got))
        found = diff_outcomes(want, got, tol)
        if found:
            return _verdict("different", f"{p.kind} probe ({PROBE_WHAT[p.kind]}): {found}", config,
                            t0, n, _counterexample(p.plan, want, got))
    return None


PROBE_WHAT = {
    "alias": "the result mutated after each call, then the call repeated",
    "defaults": "optional parameters left out, repeatedly, keyword calls, keyword-only parameters set",
    "order": "several inputs called in two orders in one process",
    "lazy": "a returned iterator stepped with the argument changed between steps",
    "nest": "an argument nested past the recursion limit",
    "twins": "equal arguments of another type called in sequence (1 then True, 2 then 2.0)",
    "history": "hundreds of distinct inputs, then repeated at long distance, in one process",
}


def crosshair_opinion(run: OriginalRun, original: str, variant: str, entry_point: str,
                      config: VerifyConfig, sandboxes: list, tol: Tolerance,
                      t0: float) -> tuple[Verdict | None, str, bool]:
    """CrossHair's second opinion on a pair that passed testing: (verdict or None, note, ran).

    CrossHair only proposes inputs (``crosshair_check``, in its own confined process); they are
    re-run here exactly like generated inputs, and only that concrete run can end in
    ``different`` (or ``timeout``). A claim that does not reproduce, or a CrossHair timeout or
    failure, leaves the verdict as it was and is only noted."""
    from .crosshair_check import propose_inputs

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
            return _verdict("timeout", f"variant timed out on {what} where the original "
                            f"finished: {short(show(args), 60)}", config, t0, n,
                            _counterexample(args, want[0], got[i]))
        found = diff_outcomes(want[0], got[i], tol)
        if found:
            return _verdict("different", template.format(args=short(show(args), 60), found=found),
                            config, t0, n, _counterexample(args, want[0], got[i]))
    return None


def _disagrees_on(args: list, want: dict, what: str, shown: str, variant: str, entry_point: str,
                  config: VerifyConfig, sandboxes: list, tol: Tolerance, t0: float,
                  n: int) -> Verdict | None:
    """A ``timeout`` or ``different`` Verdict when the variant does not behave as the original
    (``want``) on one more input the verification did not compare (a speed input), else None."""
    _, got = run_inputs(sandboxes[0], variant, entry_point, [args], 1)
    if got and got[0].get("kind") == "timeout" and want.get("kind") != "timeout":
        return _verdict("timeout", f"variant timed out on the {what} {shown} where the "
                        f"original finished", config, t0, n)
    diff = diff_outcomes(want, got[0], tol) if got else "no outcome"
    if diff:
        return _verdict("different", f"{what} ({shown}): {diff}",
                        config, t0, n, _counterexample(args, want, got[0] if got else {}))
    return None


def _count_speed(run: OriginalRun, original: str, variant: str, entry_point: str,
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
        differs = _disagrees_on(counted.unverified, counted.want, "counted speed input",
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
    return (timing.from_counts(counted.counts, var_counts, config.speed_band,
                               len(counted.inputs)), counted.label, None)


COUNT_VARIANT_S = 30.0  # wall clock under Valgrind for one counted call of a variant


def counting_sandbox(config: VerifyConfig):
    """The sandbox that counts instructions (under callgrind): one fixed hash seed, so that
    two runs count the same work, and per-call limits stretched by Valgrind's slowdown."""
    from semforge.sandbox import Limits, shared_sandbox
    from semforge.sandbox.counting import SLOWDOWN

    return shared_sandbox(Limits(timeout_s=config.timeout_s * SLOWDOWN,
                                 cpu_s=int(30 * SLOWDOWN), memory_mb=config.memory_mb,
                                 hash_seed=0, count_instructions=True))


def _sandboxes(config: VerifyConfig) -> list:
    from semforge.sandbox import Limits, shared_sandbox

    return [shared_sandbox(Limits(timeout_s=config.timeout_s, memory_mb=config.memory_mb,
                                  hash_seed=h)) for h in HASH_SEEDS]


def verify_variants(original: str, entry_point: str, variants: list[str], seed_inputs: list[list],
                    config: VerifyConfig = VerifyConfig(), atol: float = 0.0) -> list[Verdict]:
    """One Verdict per variant, in order. Never raises for a bad program."""
    with _older_objects_frozen():
        return _verify_variants(original, entry_point, variants, seed_inputs, config, atol)


@contextmanager
def _older_objects_frozen():
    """Keep the objects that exist before the call (imported modules, the caller's data) out of
    the cyclic collector's full passes while it runs. Decoding the sandbox's replies allocates
    containers fast enough to start a full collection every few hundred milliseconds, and each
    one walked the whole process (libcst, Hypothesis, Dask): 10% of the verifier's time on
    HumanEval+, spikes of 50 ms per call. ``unfreeze`` hands them back afterwards, so nothing is
    kept alive that would otherwise be freed."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _verify_variants(original: str, entry_point: str, variants: list[str],
                     seed_inputs: list[list] | None, config: VerifyConfig,
                     atol: float) -> list[Verdict]:
    t0 = time.perf_counter()
    if config.policy not in ("strict", "domain"):
        bad = _verdict("error", f"unknown policy {config.policy!r}: use 'strict' or 'domain'", config, t0)
        return [bad for _ in variants]
    if config.measure_speed and config.timing not in ("wall", "instructions"):
        bad = _verdict("error", f"unknown timing {config.timing!r}: use 'wall' or 'instructions'",
                       config, t0)
        return [bad for _ in variants]
    if config.measure_speed and config.timing == "instructions":
        from semforge.sandbox.counting import UNAVAILABLE, valgrind

        if valgrind() is None:
            return [_verdict("error", UNAVAILABLE, config, t0) for _ in variants]
    tol = _tolerance(config, atol)
    sources = nondeterminism_sources(original)
    if sources:  # decided statically: two sandbox runs would agree (random is seeded alike)
        reason = (f"original is nondeterministic: it uses {', '.join(sorted(sources))}, so its "
                  f"behaviour is not a function of its inputs")
        return [_verdict("undecided", reason, config, t0) for _ in variants]
    try:
        sandboxes = _sandboxes(config)
        # The history probes cost the original a few milliseconds under each hash seed: only
        # where some call can leave state behind (judge_variant decides per variant).
        history = may_keep_state(original) or any(may_keep_state(v) for v in variants)
        run = prepare_original(original, entry_point, seed_inputs or [], config, sandboxes, t0,
                               history)
    except Exception as exc:  # infrastructure failure: say so on every variant
        reason = f"verifier failed on the original: {type(exc).__name__}: {short(str(exc), 120)}"
        return [_verdict("error", reason, config, t0) for _ in variants]
    if run.failure is not None:
        return [replace(run.failure, tolerance=tol.describe()) for _ in variants]

    verdicts = []
    for variant in variants:
        tv = time.perf_counter()
        try:
            verdicts.append(judge_variant(run, original, variant, entry_point, config, sandboxes, tol, tv))
        except Exception as exc:
            verdicts.append(_verdict(
                "error", f"verifier failed on the variant: {type(exc).__name__}: {short(str(exc), 120)}",
                config, tv))
    for v in verdicts:
        v.tolerance = tol.describe()
    return verdicts


def verify_pair(original: str, variant: str, entry_point: str, seed_inputs: list[list],
                config: VerifyConfig = VerifyConfig()) -> Verdict:
    """Judge one pair (use ``verify_variants`` for several variants of one original)."""
    return verify_variants(original, entry_point, [variant], seed_inputs, config)[0]
