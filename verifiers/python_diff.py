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
5. with ``crosshair`` on, CrossHair proposes inputs for a variant that passed, in its own confined
   process; they are re-run concretely, and only that run can make the pair ``different``;
6. a variant that passes but adds escape hatches (``inspect``, ``gc``, ``globals()``, ...) the
   original does not use is ``undecided``; otherwise ``equivalent``, then timed (``timing.py``) on a scaled input where the original
   takes about a millisecond per call (which the variant must also agree on).

Nothing here raises for a bad program: every failure is a Verdict with a one-line reason.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace

from . import timing
from .compare import Tolerance, describe, diff_outcomes, short, summary
from .input_keys import show
from .inputs import entry_params, generate_inputs, input_key
from .program_run import CHUNK, MAX_TIMEOUTS, ProgramRun, run_inputs  # noqa: F401
from .probes import ENTRY as PROBE_ENTRY
from .probes import Probe, harness, plan_probes
from .scale_inputs import ladders
from .scale_run import climb
from .static_guard import (GUARDED_MODULES, GUARDED_NAMES, escape_hatches,  # noqa: F401
                           introduced_hatches, may_depend_on_hash_seed, nondeterminism_sources)

METHOD = "hypothesis-diff"
# Two hash seeds: differences between them expose reliance on set/dict order of str keys.
HASH_SEEDS = (1, 2)
HASH_CHECK_INPUTS = 64
# Inputs with the rarest outcomes that seed the second half of the generated inputs.
FOCUS_SEEDS = 8
# Fewer returning inputs than this and a pass proves little.
MIN_RETURNING = 5


@dataclass
class VerifyConfig:
    examples: int = 200          # inputs run per pair: seed inputs first, then generated ones
    seed: int = 0                # Hypothesis seed (derandomized); recorded in the verdict
    timeout_s: float = 2.0       # wall clock per call
    memory_mb: int = 512
    policy: str = "strict"       # "strict": exception types must match; "domain": returns only
    rtol: float = 1e-9
    atol: float = 0.0            # the corpus's atol (e.g. EvalPlus) is max()-ed with this
    measure_speed: bool = True
    speed_band: float = 0.05     # |speedup-1| within band -> "same"
    speed_rounds: int = 15
    crosshair: bool = False      # CrossHair proposes inputs for pairs that pass (crosshair_check.py)
    crosshair_budget_s: float = 5.0  # wall clock per pair for CrossHair, start-up included
    signed_zero: bool = True     # -0.0 != 0.0; False: compared as equal (recorded in the verdict)
    scale: bool = True           # climb the scale ladders (scale_inputs.py) on the original
    scale_budget_ms: float = 12.0  # cost of the scale inputs kept (calls + encoding), summed
    probes: int = 16             # behaviour probes per pair (probes.py); 0: none


@dataclass
class Verdict:
    verdict: str                 # equivalent | different | error | timeout | undecided
    reason: str                  # one line
    counterexample: str | None   # JSON: {"args", "original", "variant"}
    examples: int                # inputs run
    seed: int
    method: str
    policy: str
    seconds: float
    speedup: float | None = None
    speedup_ci: list[float] | None = None
    perf_label: str | None = None
    timing: str | None = None
    input_classes: list[str] | None = None  # the classes of the inputs compared (INPUT_CLASSES)
    tolerance: str | None = None            # the float comparison mode, e.g. Tolerance.describe()
    speed_input: str | None = None          # what speed was measured on (size, time per call)


@dataclass
class OriginalRun:
    """What every variant of one original is compared against."""

    inputs: list[list] = field(default_factory=list)        # kept inputs
    outcomes: list[list[dict]] = field(default_factory=list)  # per hash seed, per kept input
    failure: Verdict | None = None                           # set when no variant can be judged
    note: str = ""                                            # dropped-input counts, for reasons
    classes: list[str] = field(default_factory=list)          # input class of each kept input
    scale: dict[int, str] = field(default_factory=dict)       # kept index -> "arg 0 (list) len 4096"
    rungs: dict[int, tuple[int, int]] = field(default_factory=dict)  # kept index -> (ladder, rung)
    ladders: list = field(default_factory=list)               # the scale ladders (scale_inputs.py)
    speed: tuple | None = None                                # (args, outcome, label), once found
    probes: list[Probe] = field(default_factory=list)         # behaviour probes kept
    probe_outcomes: list[dict] = field(default_factory=list)  # the original's, one per probe


def _verdict(kind: str, reason: str, config: VerifyConfig, t0: float, examples: int = 0,
             counterexample: str | None = None) -> Verdict:
    return Verdict(kind, reason, counterexample, examples, config.seed, METHOD, config.policy,
                   round(time.perf_counter() - t0, 4), tolerance=_tolerance(config).describe())


def _tolerance(config: VerifyConfig, atol: float = 0.0) -> Tolerance:
    return Tolerance(config.rtol, max(config.atol, atol or 0.0), config.signed_zero)


def _counterexample(args: list, orig: dict, var: dict, hash_seed: int | None = None,
                    second: str = "variant") -> str:
    payload = {"args": show(args), "original": summary(orig), second: summary(var)}
    if hash_seed is not None:
        payload["hash_seed"] = hash_seed
    return json.dumps(payload, default=repr)


def _smallest_first(inputs: list[list], n_fixed: int,
                    origin: list[str]) -> tuple[list[list], list[str]]:
    """Inputs after the first ``n_fixed`` sorted by size, with their classes alongside."""
    order = list(range(n_fixed)) + sorted(range(n_fixed, len(inputs)),
                                          key=lambda i: len(input_key(inputs[i])))
    return [inputs[i] for i in order], [origin[i] if i < len(origin) else "seeds" for i in order]


def rare_inputs(inputs: list[list], outcomes: list[dict], k: int) -> list[list]:
    """Up to ``k`` inputs whose outcome is the rarest among ``outcomes`` (smallest first)."""
    def signature(o: dict) -> str:
        return json.dumps([o.get("kind"), o.get("exc_type"), o.get("value")], default=repr)[:300]

    sigs = [signature(o) for o in outcomes]
    counts: dict[str, int] = {}
    for sig in sigs:
        counts[sig] = counts.get(sig, 0) + 1
    ranked = sorted(
        (i for i, o in enumerate(outcomes) if o.get("kind") in ("return", "raise")),
        key=lambda i: (counts[sigs[i]], len(input_key(inputs[i]))))
    return [inputs[i] for i in ranked[:k]]


def _load_failure(load: dict, config: VerifyConfig, t0: float) -> OriginalRun:
    msg = load.get("exc_msg") or load.get("reason") or ""
    return OriginalRun(failure=_verdict(
        "error", f"original {describe(load)}: {short(msg, 120)}".rstrip(": "), config, t0))


def run_original(original: str, entry_point: str, seed_inputs: list[list], config: VerifyConfig,
                 sandbox, origin: list[str] | None = None,
                 rungs: dict | None = None) -> tuple[dict, list[list], list[dict]]:
    """Generate the inputs and run the original on them in one session: (load, inputs, outcomes).

    Half the budget is generated from the seeds and run; the inputs whose outcome was rarest (a
    valid date among invalid ones, a prime, an unusual exception) then join the seeds for the
    other half, run in the same session: behaviour-guided, as fuzzers use coverage. Seeds go
    first, generated inputs smallest first within each half (see MAX_TIMEOUTS)."""
    n = config.examples
    n_seeds = min(len(seed_inputs), n)
    origin = origin if origin is not None else []
    first_origin: list[str] = []
    first = generate_inputs(original, entry_point, seed_inputs, max(n // 2, n_seeds), config.seed,
                            config.policy, first_origin)
    first, first_origin = _smallest_first(first, n_seeds, first_origin)
    program = ProgramRun(sandbox, original, entry_point)
    try:
        if not program.loaded or not first:
            return program.load, first, []
        outcomes = program.run(first, MAX_TIMEOUTS)
        inputs = first[: len(outcomes)]
        origin += first_origin[: len(outcomes)]
        if len(inputs) == len(first) < n and program.timeouts < MAX_TIMEOUTS:
            focus = rare_inputs(inputs, outcomes, FOCUS_SEEDS)
            seen = {input_key(a) for a in inputs}
            more_origin: list[str] = []
            more = generate_inputs(original, entry_point, focus or list(seed_inputs), n,
                                   config.seed + 1, config.policy, more_origin)
            fresh = [i for i, a in enumerate(more) if input_key(a) not in seen]
            more, more_origin = _smallest_first([more[i] for i in fresh], 0,
                                                [more_origin[i] for i in fresh])
            more, more_origin = more[: n - len(inputs)], more_origin[: n - len(inputs)]
            more_outcomes = program.run(more, MAX_TIMEOUTS)
            inputs += more[: len(more_outcomes)]
            outcomes += more_outcomes
            origin += ["guided-" + c if c != "seeds" else "guided" for c in more_origin[: len(more_outcomes)]]
        if config.scale and program.timeouts < MAX_TIMEOUTS and seed_inputs:
            # Scale: grown far past the seeds, as far as the original's time budget allows.
            seen = {input_key(a) for a in inputs}
            for rung in climb(program, ladders([list(s) for s in seed_inputs], config.seed),
                              int(config.scale_budget_ms * 1e6)):
                if input_key(rung.args) not in seen:
                    if rungs is not None:
                        rungs[len(inputs)] = (rung.ladder, rung.rung)
                    inputs.append(rung.args)
                    outcomes.append(rung.outcome)
                    origin.append("scale: " + rung.label)
        return program.load, inputs, outcomes
    finally:
        program.close()


def prepare_original(original: str, entry_point: str, seed_inputs: list[list],
                     config: VerifyConfig, sandboxes: list, t0: float) -> OriginalRun:
    origin: list[str] = []
    rungs: dict[int, tuple[int, int]] = {}
    load, inputs, outcomes = run_original(original, entry_point, seed_inputs, config, sandboxes[0],
                                          origin, rungs)
    if load.get("kind") != "return":
        return _load_failure(load, config, t0)
    if not inputs:
        return OriginalRun(failure=_verdict(
            "error", "no inputs: no seed inputs and no usable signature for the entry point",
            config, t0))
    # The rerun (another hash seed) only needs the inputs that finished.
    keep = [i for i, o in enumerate(outcomes) if o.get("kind") != "timeout"]
    dropped_timeouts = len(outcomes) - len(keep)
    inputs = [inputs[i] for i in keep]
    origin = [origin[i] if i < len(origin) else "seeds" for i in keep]
    rungs = {k: rungs[i] for k, i in enumerate(keep) if i in rungs}
    runs = [[outcomes[i] for i in keep]]
    for sandbox in sandboxes[1:]:
        load, rerun = run_inputs(sandbox, original, entry_point, inputs, MAX_TIMEOUTS)
        if load.get("kind") != "return":
            return _load_failure(load, config, t0)
        # Timed out on the rerun: pad, those inputs are dropped below.
        runs.append(rerun + [{"kind": "timeout"}] * (len(inputs) - len(rerun)))
    tol = Tolerance(0.0, 0.0)  # the same program twice must agree exactly
    kept, kept_outcomes, kept_origin = [], [[] for _ in runs], []
    kept_rungs: dict[int, tuple[int, int]] = {}
    dropped = {"timeout": dropped_timeouts, "crash": 0, "raise": 0}
    for i, args in enumerate(inputs):
        first = runs[0][i]
        if any(r[i].get("kind") in ("timeout", "crash") for r in runs):
            dropped["timeout" if first.get("kind") == "timeout" else "crash"] += 1
            continue
        for h, other in zip(HASH_SEEDS[1:], runs[1:]):
            found = diff_outcomes(first, other[i], tol)
            if found:
                return OriginalRun(failure=_verdict(
                    "undecided",
                    f"original is nondeterministic (differs between two runs, PYTHONHASHSEED "
                    f"{HASH_SEEDS[0]} vs {h}) on input {short(repr(args), 60)}: {found}",
                    config, t0, counterexample=_counterexample(args, first, other[i], h, "original_rerun")))
        if config.policy == "domain" and first.get("kind") != "return":
            dropped["raise"] += 1
            continue
        if i in rungs:
            kept_rungs[len(kept)] = rungs[i]
        kept.append(args)
        kept_origin.append(origin[i])
        for j, r in enumerate(runs):
            kept_outcomes[j].append(r[i])
    returning = sum(o.get("kind") == "return" for o in kept_outcomes[0]) if kept else 0
    note = ", ".join(f"{v} dropped ({k} in original)" for k, v in dropped.items() if v)
    if not kept:
        kind = "undecided" if dropped["raise"] else "error"
        return OriginalRun(failure=_verdict(
            kind, f"no input could be compared ({note or 'none generated'})", config, t0))
    if returning < min(MIN_RETURNING, len(inputs)):
        return OriginalRun(failure=_verdict(
            "undecided", f"original returns on only {returning} of {len(inputs)} inputs "
            f"({note or 'the rest raise'}): too little evidence", config, t0, len(kept)))
    scale = {i: c[len("scale: "):] for i, c in enumerate(kept_origin) if c.startswith("scale: ")}
    classes = [("scale" if c.startswith("scale: ") else c) for c in kept_origin]
    n_seeds = sum(c == "seeds" for c in kept_origin)
    probes, probe_outcomes = prepare_probes(original, entry_point, kept, kept_outcomes[0],
                                            config, sandboxes, n_seeds)
    rungs = {k: v for k, v in kept_rungs.items() if k in scale}
    return OriginalRun(kept, kept_outcomes, None, note, classes, scale, rungs,
                       ladders([list(s) for s in seed_inputs], config.seed) if config.scale else [],
                       None, probes, probe_outcomes)


def prepare_probes(original: str, entry_point: str, inputs: list[list], outcomes: list[dict],
                   config: VerifyConfig, sandboxes: list,
                   n_seeds: int = 0) -> tuple[list[Probe], list[dict]]:
    """The behaviour probes (``probes.py``) and the original's outcomes on them. A probe the
    original does not answer the same way under both hash seeds, or that times out or crashes,
    is dropped; so, under the ``domain`` policy, is one where a call of the original raised."""
    if config.probes <= 0:
        return [], []
    # Inputs where the original returned: the seeds first (typical values), then the others
    # smallest first (readable counterexamples, cheap probes).
    returned = sorted((i for i, o in enumerate(outcomes) if o.get("kind") == "return"),
                      key=lambda i: (i >= n_seeds, len(input_key(inputs[i]))))
    probes = plan_probes(entry_params(original, entry_point), inputs, returned, config.probes,
                         twins=config.policy == "strict")
    if not probes:
        return [], []
    code = harness(original, entry_point)
    runs = []
    for sandbox in sandboxes:
        load, outs = run_inputs(sandbox, code, PROBE_ENTRY, [[p.plan] for p in probes], 1)
        if load.get("kind") != "return":
            return [], []
        runs.append(outs + [{"kind": "timeout"}] * (len(probes) - len(outs)))
    kept, kept_outcomes = [], []
    exact = Tolerance(0.0, 0.0)
    for i, p in enumerate(probes):
        first = runs[0][i]
        if first.get("kind") != "return" or any(diff_outcomes(first, r[i], exact) for r in runs[1:]):
            continue
        if config.policy == "domain" and '["str", "raise"]' in json.dumps(first.get("value")):
            continue
        kept.append(p)
        kept_outcomes.append(first)
    return kept, kept_outcomes


def judge_variant(run: OriginalRun, original: str, variant: str, entry_point: str,
                  config: VerifyConfig, sandboxes: list, tol: Tolerance, t0: float) -> Verdict:
    n = len(run.inputs)
    for h, sandbox, expected in zip(HASH_SEEDS, sandboxes, run.outcomes):
        # Under the second hash seed a prefix suffices: order-dependence on str hashes shows on
        # almost every input that holds a few strings, and this pass doubles a variant's cost.
        if h == HASH_SEEDS[0]:
            inputs = run.inputs
        elif may_depend_on_hash_seed(variant, run.inputs):
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
                f"original finished, e.g. {short(repr(run.inputs[i]), 60)}", config, t0, n,
                _counterexample(run.inputs[i], expected[i], outcomes[i]))
    found = judge_probes(run, variant, entry_point, config, sandboxes, tol, t0)
    if found is not None:
        return found
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
    probes = f" and {len(run.probes)} behaviour probes" if run.probes else ""
    verdict = _verdict("equivalent", f"same behaviour on {n} inputs{probes} ({config.policy} "
                       f"policy){note}{opinion}", config, t0, n)
    verdict.method = method
    verdict.input_classes = input_classes(run)
    if config.measure_speed:
        found = find_speed_input(run, original, entry_point, config, sandboxes[0])
        if found:
            # The speed input is also a test input: the variant must agree there too.
            args, want, _ = found
            _, got = run_inputs(sandboxes[0], variant, entry_point, [args], 1)
            if got and got[0].get("kind") == "timeout":
                return _verdict("timeout", f"variant timed out on the scaled speed input "
                                f"{found[2]} where the original finished", config, t0, n + 1)
            diff = diff_outcomes(want, got[0], tol) if got else "no outcome"
            if diff:
                return _verdict("different", f"scaled speed input ({found[2]}): {diff}", config,
                                t0, n + 1, _counterexample(args, want, got[0] if got else {}))
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


# Speed is measured on one scaled input where the original takes at least this long per call
# (as EvalPerf does): on the seeds' tiny inputs the call overhead drowns most rewrites.
SPEED_MIN_NS = 1_000_000
SPEED_CAP_NS = 20_000_000


def find_speed_input(run: OriginalRun, original: str, entry_point: str, config: VerifyConfig,
                     sandbox) -> tuple | None:
    """(args, outcome, label): the input speed is measured on, found once per original. The
    ladder on which the original's time grew most is climbed further (past the verification
    climb's cap) until the original takes SPEED_MIN_NS per call, as EvalPerf scales its inputs;
    None when no ladder gets there within SPEED_CAP_NS."""
    if run.speed is not None or not run.rungs:
        return run.speed or None
    times = [o.get("time_ns") or 0 for o in run.outcomes[0]]
    returning = [i for i in run.rungs if run.outcomes[0][i].get("kind") == "return"]
    if not returning:
        run.speed = ()
        return None
    best = max(returning, key=lambda i: times[i])
    if times[best] >= SPEED_MIN_NS:
        run.speed = (run.inputs[best], run.outcomes[0][best], run.scale[best])
        return run.speed
    ladder, rung = run.rungs[best]
    program = ProgramRun(sandbox, original, entry_point)
    try:
        higher = climb(program, [run.ladders[ladder]], SPEED_CAP_NS * 3, SPEED_CAP_NS,
                       [rung + 1], SPEED_MIN_NS) if program.loaded else []
    finally:
        program.close()
    # A ladder that never gets near the target (the original does constant work however long
    # the input) says nothing about speed at scale: the verified inputs are timed instead.
    top = [r for r in higher if r.outcome.get("kind") == "return" and r.time_ns >= SPEED_MIN_NS // 4]
    run.speed = (top[-1].args, top[-1].outcome, top[-1].label) if top else ()
    return run.speed or None


def speed_inputs(run: OriginalRun) -> tuple[list[list], str]:
    """The inputs to time, and what they are: the scaled input of ``find_speed_input``, else
    a prefix of the verified inputs (at most 20 ms of the original per round)."""
    times = [o.get("time_ns") or 0 for o in run.outcomes[0]]
    if run.speed:
        args, outcome, label = run.speed
        return [args], f"{label} ({(outcome.get('time_ns') or 0) / 1e6:.2f} ms per call)"
    chosen = timing.pick_timing_inputs(run.inputs, times)
    total = sum(times[: len(chosen)])
    return chosen, f"{len(chosen)} verified inputs ({total / 1e6:.3f} ms per round)"


def input_classes(run: OriginalRun) -> list[str]:
    """The classes of inputs compared, and the kinds of behaviour probes, sorted."""
    names = {c.removeprefix("guided-") for c in run.classes}
    names |= {"probe:" + p.kind for p in run.probes}
    return sorted(names)


def judge_probes(run: OriginalRun, variant: str, entry_point: str, config: VerifyConfig,
                 sandboxes: list, tol: Tolerance, t0: float) -> Verdict | None:
    """The variant on the original's behaviour probes: a Verdict when it differs, else None."""
    if not run.probes:
        return None
    n = len(run.inputs) + len(run.probes)
    load, outs = run_inputs(sandboxes[0], harness(variant, entry_point), PROBE_ENTRY,
                            [[p.plan] for p in run.probes], 1)
    if load.get("kind") != "return":
        return _verdict("undecided", f"variant could not load with the probe harness "
                        f"({describe(load)})", config, t0, len(run.inputs))
    for p, want, got in zip(run.probes, run.probe_outcomes, outs):
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
    "defaults": "optional parameters left out, repeatedly, and keyword calls",
    "order": "several inputs called in two orders in one process",
    "lazy": "a returned iterator stepped with the argument changed between steps",
    "nest": "an argument nested past the recursion limit",
    "twins": "equal arguments of another type called in sequence (1 then True, 2 then 2.0)",
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
    inputs, n = proposal.inputs, len(run.inputs) + len(proposal.inputs)
    expected = [run_inputs(sb, original, entry_point, inputs, MAX_TIMEOUTS)[1] for sb in sandboxes]
    _, got = run_inputs(sandboxes[0], variant, entry_point, inputs, MAX_TIMEOUTS)
    exact = Tolerance(0.0, 0.0)
    for i, args in enumerate(inputs):
        want = [e[i] if i < len(e) else {"kind": "timeout"} for e in expected]
        if (any(w.get("kind") in ("timeout", "crash") for w in want)  # no behaviour to compare
                or any(diff_outcomes(want[0], w, exact) for w in want[1:])  # not a function of args
                or (config.policy == "domain" and want[0].get("kind") != "return")
                or i >= len(got)):
            continue
        if got[i].get("kind") == "timeout":
            return _verdict("timeout", f"variant timed out on an input CrossHair proposed where the "
                            f"original finished: {short(repr(args), 60)}", config, t0, n,
                            _counterexample(args, want[0], got[i])), proposal.note, ran
        found = diff_outcomes(want[0], got[i], tol)
        if found:
            return _verdict("different", f"CrossHair found {short(repr(args), 60)}, reproduced "
                            f"concretely: {found}", config, t0, n,
                            _counterexample(args, want[0], got[i])), proposal.note, ran
    return None, f"{proposal.note}, none reproduced concretely (ignored)", ran


def _sandboxes(config: VerifyConfig) -> list:
    from .sandbox import Limits, shared_sandbox

    return [shared_sandbox(Limits(timeout_s=config.timeout_s, memory_mb=config.memory_mb,
                                  hash_seed=h)) for h in HASH_SEEDS]


def verify_variants(original: str, entry_point: str, variants: list[str], seed_inputs: list[list],
                    config: VerifyConfig = VerifyConfig(), atol: float = 0.0) -> list[Verdict]:
    """One Verdict per variant, in order. Never raises for a bad program."""
    t0 = time.perf_counter()
    if config.policy not in ("strict", "domain"):
        bad = _verdict("error", f"unknown policy {config.policy!r}: use 'strict' or 'domain'", config, t0)
        return [bad for _ in variants]
    tol = _tolerance(config, atol)
    sources = nondeterminism_sources(original)
    if sources:  # decided statically: two sandbox runs would agree (random is seeded alike)
        reason = (f"original is nondeterministic: it uses {', '.join(sorted(sources))}, so its "
                  f"behaviour is not a function of its inputs")
        return [_verdict("undecided", reason, config, t0) for _ in variants]
    try:
        sandboxes = _sandboxes(config)
        run = prepare_original(original, entry_point, seed_inputs or [], config, sandboxes, t0)
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
