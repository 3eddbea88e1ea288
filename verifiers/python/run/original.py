"""The original's side of a differential test, done once per original: inputs generated and
run (half of them guided by the rarest outcomes of the first half), the scale ladders climbed,
the run repeated under a second hash seed, inputs with no comparable behaviour dropped, and the
behaviour probes planned. The result, an ``OriginalRun``, is what every variant is judged on."""

from __future__ import annotations

import json

from ..compare.describe import describe, short
from ..compare.diff import Tolerance, diff_outcomes, norm_stderr
from ..compare.weigh import out_of_memory, raises_memory_error, weigh
from ..config import HASH_SEEDS, VerifyConfig
from ..inputs import LATE, generate_inputs, input_key, inputs_hold_strings, ladders, named, show
from ..probes import Probe
from ..probes.harness import ENTRY as PROBE_ENTRY, harness
from ..probes.plan import plan_probes
from ..program.signature import entry_params, keyword_only_defaults
from ..verdicts import counterexample_json, new_verdict
from .address import address_dependent, holds_nan
from .climb import RUNG_CAP_NS, SCALE_BUDGET_NS, climb
from .program import MAX_TIMEOUTS, ProgramRun, run_inputs
from .outside import split_keyword_calls, split_probes
from .reference import OriginalRun

SEEDS, SCALE = named("seeds"), named("scale")

# Inputs with the rarest outcomes that seed the second half of the generated inputs.
FOCUS_SEEDS = 8
# Fewer returning inputs than this and a pass proves little.
MIN_RETURNING = 5


def _smallest_first(inputs: list[list], n_fixed: int,
                    origin: list[str]) -> tuple[list[list], list[str]]:
    """Inputs after the first ``n_fixed`` sorted by size, with their classes alongside."""
    order = list(range(n_fixed)) + sorted(range(n_fixed, len(inputs)),
                                          key=lambda i: len(input_key(inputs[i])))
    return [inputs[i] for i in order], [origin[i] if i < len(origin) else SEEDS for i in order]


def rare_inputs(inputs: list[list], outcomes: list[dict], k: int) -> list[list]:
    """Up to ``k`` inputs whose outcome is the rarest among ``outcomes`` (smallest first)."""
    def signature(o: dict) -> str:
        return json.dumps([o.get("kind"), o.get("exc_type"), o.get("value")], default=repr)[:300]

    sigs = [signature(o) for o in outcomes]
    counts: dict[str, int] = {}
    for sig in sigs:
        counts[sig] = counts.get(sig, 0) + 1
    ranked = sorted(
        (i for i, o in enumerate(outcomes) if o.get("kind") in ("return", "raise")
         and not _huge_int(inputs[i])),
        key=lambda i: (counts[sigs[i]], len(input_key(inputs[i]))))
    return [inputs[i] for i in ranked[:k]]


def _huge_int(value, depth: int = 0) -> bool:
    """An int past float range (10**4300, the str() limit's) somewhere in ``value``: not a seed
    to mutate from (the generators turn ints into floats and strings)."""
    if type(value) is int:
        return value.bit_length() > 1000
    if depth < 4 and isinstance(value, (list, tuple)):
        return any(_huge_int(x, depth + 1) for x in value)
    return False


def has_cut(outcome: dict) -> bool:
    """Whether an outcome's value or arguments hold a cut (see ``compare/weigh.py``)."""
    return weigh(outcome, max_nodes=None)[0]


def _load_failure(load: dict, config: VerifyConfig, t0: float) -> OriginalRun:
    msg = load.get("exc_msg") or load.get("reason") or ""
    return OriginalRun(failure=new_verdict(
        "error", f"original {describe(load)}: {short(msg, 120)}".rstrip(": "), config, t0))


def run_original(original: str, entry_point: str, seed_inputs: list[list], config: VerifyConfig,
                 sandbox, origin: list[str] | None = None,
                 rungs: dict | None = None,
                 scale_ladders: list | None = None,
                 domain=None) -> tuple[dict, list[list], list[dict]]:
    """Generate the inputs and run the original on them in one session: (load, inputs, outcomes).

    Half the budget is generated from the seeds and run; the inputs whose outcome was rarest (a
    valid date among invalid ones, a prime, an unusual exception) then join the seeds for the
    other half, run in the same session: behaviour-guided, as fuzzers use coverage. Seeds go
    first, generated inputs smallest first within each half (see MAX_TIMEOUTS).

    ``domain`` (the ``typed`` policy): the inputs are the strict policy's, those outside the
    domain included (they decide the strict level), and where fewer than the budget less an
    ``OUTSIDE_SHARE`` lie inside it, more are generated inside it (``top_up``)."""
    n = config.examples
    policy = "strict" if domain is not None else config.policy
    n_seeds = min(len(seed_inputs), n)
    origin = origin if origin is not None else []
    first_origin: list[str] = []
    first = generate_inputs(original, entry_point, seed_inputs, max(n // 2, n_seeds), config.seed,
                            policy, first_origin)
    first, first_origin = _smallest_first(first, n_seeds, first_origin)
    first, first_origin, late = _late(first, first_origin)
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
                                   config.seed + 1, policy, more_origin)
            fresh = [i for i, a in enumerate(more) if input_key(a) not in seen]
            more, more_origin = _smallest_first([more[i] for i in fresh], 0,
                                                [more_origin[i] for i in fresh])
            more, more_origin = more[: n - len(inputs)], more_origin[: n - len(inputs)]
            more, more_origin, more_late = _late(more, more_origin)
            late += more_late
            more_outcomes = program.run(more, MAX_TIMEOUTS)
            inputs += more[: len(more_outcomes)]
            outcomes += more_outcomes
            origin += ["guided-" + c if c != SEEDS else "guided" for c in more_origin[: len(more_outcomes)]]
        if domain is not None and program.timeouts < MAX_TIMEOUTS:
            top_up(program, original, entry_point, seed_inputs, config, domain, inputs,
                   outcomes, origin)
        if config.scale and program.timeouts < MAX_TIMEOUTS and seed_inputs:
            # Scale: grown far past the seeds, as far as the original's time budget allows.
            seen = {input_key(a) for a in inputs}
            if scale_ladders is None:
                scale_ladders = ladders([list(s) for s in seed_inputs], config.seed)
            for rung in climb(program, scale_ladders,
                              int(config.scale_budget_ms * 1e6)):
                if input_key(rung.args) not in seen:
                    if rungs is not None:
                        rungs[len(inputs)] = (rung.ladder, rung.rung)
                    inputs.append(rung.args)
                    outcomes.append(rung.outcome)
                    origin.append(f"{SCALE}: {rung.label}")
        # The late classes (magnitudes) last, with timeouts of their own: a loop up to a huge n
        # times out on them, and had they run first, their timeouts would have ended the run
        # before the guided half and the scale ladders.
        seen = {input_key(a) for a in inputs}
        late = [(a, c) for k, (a, c) in dict((input_key(a), (a, c)) for a, c in late).items()
                if k not in seen]
        late_outcomes = program.run([a for a, _ in late], program.timeouts + LATE_TIMEOUTS)
        for i in affordable(late_outcomes):
            inputs.append(late[i][0])
            outcomes.append(late_outcomes[i])
            origin.append(late[i][1])
        return program.load, inputs, outcomes
    finally:
        program.close()


def top_up(program, original: str, entry_point: str, seed_inputs: list[list],
           config: VerifyConfig, domain, inputs: list[list], outcomes: list[dict],
           origin: list[str]) -> None:
    """Under the typed policy: more inputs inside the domain (generated with the domain as a
    filter, seed + 2), run in the same session and appended, until the budget less an
    ``OUTSIDE_SHARE`` lies inside it (the strict policy's inputs often hold fewer)."""
    want = config.examples - config.examples // OUTSIDE_SHARE
    inside = sum(domain.contains(a) for a in inputs)
    if inside >= want - config.examples // TOP_UP_SLACK:
        return  # a few short: not worth a generation pass
    more_origin: list[str] = []
    more = generate_inputs(original, entry_point, seed_inputs, want - inside, config.seed + 2,
                           "strict", more_origin, domain=domain,
                           exclude={input_key(a) for a in inputs})
    more, more_origin = _smallest_first(more, 0, more_origin)
    more, more_origin, _ = _late(more, more_origin)
    more_outcomes = program.run(more, MAX_TIMEOUTS)
    inputs += more[: len(more_outcomes)]
    outcomes += more_outcomes
    origin += more_origin[: len(more_outcomes)]


LATE_TIMEOUTS = 2  # timeouts allowed on the late inputs (magnitudes), run after all others
# Under the typed policy the inputs are the strict policy's, topped up inside the domain to the
# budget less 1/OUTSIDE_SHARE (the strict policy's inputs hold about an eighth outside the domain
# on HumanEval+, at most two fifths): a pair judged inside the domain and then at the strict
# level runs about as many inputs as under the strict policy.
OUTSIDE_SHARE = 8
TOP_UP_SLACK = 16  # topped up only when more than 1/TOP_UP_SLACK of the budget short


def affordable(outcomes: list[dict], budget_ns: int = SCALE_BUDGET_NS) -> list[int]:
    """Which late inputs (by the original's ``outcomes`` there) every variant can afford to
    repeat, as on the scale ladders: the
    original's call and its reply within a few per-call caps, and within ``budget_ns`` summed.
    A loop up to n = 1373653 that returns after 0.3 s is dropped: each variant would repeat it
    on both hash seeds (HumanEval/15 took 20x longer per variant with such inputs kept).
    Timeouts and crashes are kept: they are dropped, and counted, with the others."""
    kept, total = [], 0
    for i, o in enumerate(outcomes):
        if o.get("kind") in ("return", "raise"):
            cost = int(o.get("time_ns") or 0) + weigh(o)[1]
            cap = (10 if o.get("kind") == "raise" else 3) * RUNG_CAP_NS
            if cost > cap or total + cost > budget_ns:
                continue
            total += cost
        kept.append(i)
    return kept


def _late(inputs: list[list],
          origin: list[str]) -> tuple[list[list], list[str], list[tuple[list, str]]]:
    """The inputs and classes without the classes run last (``inputs.LATE``), and those apart,
    each with its class."""
    keep = [i for i, c in enumerate(origin) if c not in LATE]
    late = [(inputs[i], c) for i, c in enumerate(origin) if c in LATE]
    return [inputs[i] for i in keep], [origin[i] for i in keep], late


def prepare_original(original: str, entry_point: str, seed_inputs: list[list],
                     config: VerifyConfig, sandboxes: list, t0: float,
                     history: bool = True, domain=None) -> OriginalRun:
    """``history``: plan the long ``history`` probes (where the original or a variant may keep
    state across calls: ``program/state.py``). ``domain``: the seed's input domain, which the
    ``typed`` policy judges on (``run.domain``; what lies outside it goes to ``run.outside``)."""
    origin: list[str] = []
    rungs: dict[int, tuple[int, int]] = {}
    typed = domain if config.policy == "typed" else None
    outside: list[tuple[list, str, dict]] = []  # the strict level's inputs, with outcomes
    # Built once: the climb here, and the speed input's further climb, use the same ladders.
    scale_ladders = ladders([list(s) for s in seed_inputs], config.seed) if config.scale else []
    load, inputs, outcomes = run_original(original, entry_point, seed_inputs, config, sandboxes[0],
                                          origin, rungs, scale_ladders, typed)
    if load.get("kind") != "return":
        return _load_failure(load, config, t0)
    load_output = load_streams(load)
    if not inputs:
        return OriginalRun(failure=new_verdict(
            "error", "no inputs: no seed inputs and no usable signature for the entry point",
            config, t0))
    # The rerun (another hash seed) only needs the inputs that finished.
    keep = [i for i, o in enumerate(outcomes) if o.get("kind") != "timeout"]
    dropped_timeouts = len(outcomes) - len(keep)
    inputs = [inputs[i] for i in keep]
    origin = [origin[i] if i < len(origin) else SEEDS for i in keep]
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
    memory_is_limit = not raises_memory_error(original)
    dropped = {"timeout": dropped_timeouts, "crash": 0, "out of memory": 0, "raise": 0,
               "too large": 0, "address-dependent": 0}
    shaky = _address_dependent(original, entry_point, inputs, runs, sandboxes[0])
    for i, args in enumerate(inputs):
        first = runs[0][i]
        if i in shaky:
            # Its outcome depends on where a NaN lies in memory (run/address.py): no behaviour
            # to compare, inside the domain or outside it.
            dropped["address-dependent"] += not (typed is not None and not typed.contains(args))
            continue
        if typed is not None and not typed.contains(args):
            # Outside the domain: the strict level's, where the original's behaviour is a
            # function of the input (a difference between hash seeds there drops the input; it
            # does not make the original nondeterministic inside the domain).
            if all(r[i].get("kind") in ("return", "raise") for r in runs) and not (
                    memory_is_limit and out_of_memory(first)) and not any(
                    diff_outcomes(first, r[i], tol) for r in runs[1:]):
                outside.append((args, origin[i], first))
            continue
        if any(r[i].get("kind") in ("timeout", "crash") for r in runs):
            dropped["timeout" if first.get("kind") == "timeout" else "crash"] += 1
            continue
        if memory_is_limit and any(out_of_memory(r[i]) for r in runs):
            # The sandbox's memory limit, not the original's behaviour: a variant that needs
            # less memory there is not wrong, and one that "agrees" by failing is not right.
            dropped["out of memory"] += 1
            continue
        too_large = False
        for h, other in zip(HASH_SEEDS[1:], runs[1:]):
            found = diff_outcomes(first, other[i], tol)
            if found and has_cut(first) and has_cut(other[i]):
                # Output past the encoding's bounds (depth, size) is cut with a fresh nonce and
                # never equals anything, itself included: no behaviour to compare, like a
                # timeout, rather than a sign that the original is nondeterministic.
                too_large = True
                break
            if found:
                return OriginalRun(failure=new_verdict(
                    "undecided",
                    f"original is nondeterministic (differs between two runs, PYTHONHASHSEED "
                    f"{HASH_SEEDS[0]} vs {h}) on input {short(show(args), 60)}: {found}",
                    config, t0, counterexample=counterexample_json(args, first, other[i], h, "original_rerun")))
        if too_large:
            dropped["too large"] += 1
            continue
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
        return OriginalRun(failure=new_verdict(
            kind, f"no input could be compared ({note or 'none generated'})", config, t0))
    if returning < min(MIN_RETURNING, len(inputs)):
        return OriginalRun(failure=new_verdict(
            "undecided", f"original returns on only {returning} of {len(inputs)} inputs "
            f"({note or 'the rest raise'}): too little evidence", config, t0, len(kept)))
    rung_label = f"{SCALE}: "
    scale = {i: c[len(rung_label):] for i, c in enumerate(kept_origin) if c.startswith(rung_label)}
    classes = [(SCALE if c.startswith(rung_label) else c) for c in kept_origin]
    n_seeds = sum(c == SEEDS for c in kept_origin)
    probes, probe_outcomes = prepare_probes(original, entry_point, kept, kept_outcomes[0],
                                            config, sandboxes, n_seeds, history)
    rungs = {k: v for k, v in kept_rungs.items() if k in scale}
    run = OriginalRun(kept, kept_outcomes, None, note, classes, scale, rungs,
                      scale_ladders,
                      None, probes, probe_outcomes, inputs_hold_strings(kept), load_output)
    if typed is not None:
        run.domain = typed
        run.outside = [a for a, _, _ in outside]
        run.outside_outcomes = [o for _, _, o in outside]
        run.probes, run.probe_outcomes, run.outside_probes, run.outside_probe_outcomes = \
            split_probes(probes, probe_outcomes, typed)
    return run


def _address_dependent(original: str, entry_point: str, inputs: list[list], runs: list,
                       sandbox) -> set[int]:
    """The inputs holding a NaN whose outcome differs between the hash seeds' runs or moves when
    the heap is shifted (``run/address.py``)."""
    tol = Tolerance(0.0, 0.0)
    nan = [i for i, args in enumerate(inputs)
           if all(r[i].get("kind") in ("return", "raise") for r in runs) and holds_nan(args)]
    shaky = {i for i in nan if any(diff_outcomes(runs[0][i], r[i], tol) for r in runs[1:])}
    rest = [i for i in nan if i not in shaky]
    moved = address_dependent(sandbox, original, entry_point, [inputs[i] for i in rest],
                              [runs[0][i] for i in rest])
    return shaky | {rest[j] for j in moved}


def load_streams(load: dict) -> tuple:
    """What a program printed while loading: stdout as is, stderr without line numbers."""
    return (load.get("stdout") or "", norm_stderr(str(load.get("stderr") or "")))


def prepare_probes(original: str, entry_point: str, inputs: list[list], outcomes: list[dict],
                   config: VerifyConfig, sandboxes: list,
                   n_seeds: int = 0, history: bool = True) -> tuple[list[Probe], list[dict]]:
    """The behaviour probes (``probes/``) and the original's outcomes on them. A probe the
    original does not answer the same way under both hash seeds, or that times out or crashes,
    is dropped; so, under the ``domain`` policy, is one where a call of the original raised."""
    if config.probes <= 0:
        return [], []
    # Inputs where the original returned: the seeds first (typical values), then the others
    # smallest first (readable counterexamples, cheap probes).
    returned = sorted((i for i, o in enumerate(outcomes) if o.get("kind") == "return"),
                      key=lambda i: (i >= n_seeds, len(input_key(inputs[i]))))
    probes = plan_probes(entry_params(original, entry_point), inputs, returned, config.probes,
                         twins=config.policy in ("strict", "typed"),
                         outcomes=outcomes if history else None,
                         keyword_only=keyword_only_defaults(original, entry_point))
    if config.policy == "typed":
        probes = split_keyword_calls(probes)
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
    nan = [i for i, p in enumerate(probes) if runs[0][i].get("kind") == "return"
           and holds_nan(p.plan)]
    moved = address_dependent(sandboxes[0], code, PROBE_ENTRY, [[probes[i].plan] for i in nan],
                              [runs[0][i] for i in nan])
    shaky = {nan[j] for j in moved}
    for i, p in enumerate(probes):
        first = runs[0][i]
        if first.get("kind") != "return" or any(diff_outcomes(first, r[i], exact) for r in runs[1:]):
            continue
        if i in shaky:  # its outcome depends on where a NaN lies (run/address.py)
            continue
        if config.policy == "domain" and '["str", "raise"]' in json.dumps(first.get("value")):
            continue
        kept.append(p)
        kept_outcomes.append(first)
    return kept, kept_outcomes
