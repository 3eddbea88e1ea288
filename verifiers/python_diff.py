"""Differential verification of Python (original, variant) pairs.

``verify_variants`` is the hot path: the inputs are generated once per original, the original is
run once per hash seed, and those outcomes are reused for every variant. The steps:

0. an original that uses ``random``/``time``/``id()``... is ``undecided`` without running it;
1. inputs: seeds, boundary cases, Hypothesis mutants (``inputs.py``), half of them generated
   after a first run of the original, from the inputs whose outcomes were rarest;
2. the original runs in two sessions with different ``PYTHONHASHSEED``s; any disagreement means
   its behaviour is not a function of its inputs -> every variant ``undecided``;
3. inputs where the original times out or crashes are dropped (no behaviour to compare); under
   the ``domain`` policy so are inputs where it raises;
4. each variant runs on the kept inputs (and, if it can make seed-dependent hashes, on a prefix
   under the second hash seed); outcomes are compared with ``compare.diff_outcomes`` (types
   exact, floats within tolerance, mutation of arguments, stdout);
5. with ``crosshair`` on, CrossHair proposes inputs for a variant that passed, in its own confined
   process; they are re-run concretely, and only that run can make the pair ``different``;
6. a variant that passes but adds escape hatches (``inspect``, ``gc``, ``globals()``, ...) the
   original does not use is ``undecided``; otherwise ``equivalent``, then timed (``timing.py``).

Nothing here raises for a bad program: every failure is a Verdict with a one-line reason.
"""

from __future__ import annotations

import ast
import json
import time
from dataclasses import dataclass, field, replace

from . import timing
from .compare import Tolerance, describe, diff_outcomes, short, summary
from .inputs import generate_inputs, input_key

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


# --------------------------------------------------------------------------------------------
# Static guard: escape hatches a rewrite has no business introducing

GUARDED_MODULES = {
    "gc", "inspect", "ctypes", "builtins", "os", "subprocess", "signal", "atexit", "threading",
    "multiprocessing", "sys", "importlib", "random", "time", "datetime", "socket", "shutil",
    "pickle", "marshal", "types", "faulthandler", "resource", "tracemalloc", "weakref", "secrets",
    "uuid", "asyncio", "concurrent", "io", "pathlib", "tempfile",
}
GUARDED_NAMES = {
    "__builtins__", "__import__", "globals", "locals", "vars", "eval", "exec", "compile",
    "setattr", "delattr", "open", "input", "breakpoint", "exit", "quit", "id", "hash",
    "__code__", "__globals__", "__closure__", "__dict__", "__class__", "__subclasses__",
    "_getframe", "f_back", "f_locals", "f_globals", "__defaults__", "__kwdefaults__",
}


def escape_hatches(code: str) -> set[str]:
    """Guarded modules imported and guarded names/attributes used by ``code``."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names} & GUARDED_MODULES
        elif isinstance(node, ast.ImportFrom) and node.module:
            root = node.module.split(".")[0]
            if root in GUARDED_MODULES:
                found.add(root)
        elif isinstance(node, ast.Name) and node.id in GUARDED_NAMES:
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and node.attr in GUARDED_NAMES:
            found.add("." + node.attr)
    return found


def introduced_hatches(original: str, variant: str) -> set[str]:
    return escape_hatches(variant) - escape_hatches(original)


# Sources of nondeterminism that two sandbox runs may not expose: every sandbox child seeds
# ``random`` identically, and forked children can share clocks' coarse values and addresses.
NONDETERMINISTIC_MODULES = {"random", "time", "datetime", "uuid", "secrets", "os"}
NONDETERMINISTIC_NAMES = {"id", "urandom", "random", "shuffle", "randint", "choice", "perf_counter",
                          "monotonic", "time_ns", "now", "today", "uuid4", "getrandbits"}


def nondeterminism_sources(code: str) -> set[str]:
    """Modules and names in ``code`` whose results are not a function of the inputs."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return set()
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names} & NONDETERMINISTIC_MODULES
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in NONDETERMINISTIC_MODULES:
                found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Attribute) and node.attr in NONDETERMINISTIC_NAMES:
            found.add("." + node.attr)
        elif isinstance(node, ast.Name) and node.id == "id":
            found.add("id")
    return found


# Only str/bytes (and datetime) hashes change with PYTHONHASHSEED, and object hashes with
# addresses. A program that never makes such a value cannot depend on the hash seed.
_HASHY_NAMES = {"str", "repr", "chr", "format", "ascii", "bytes", "bytearray", "hash", "id",
                "object", "vars", "dir", "globals", "locals", "__import__", "eval", "exec",
                "getattr", "open", "input"}


def may_depend_on_hash_seed(code: str, inputs: list[list]) -> bool:
    """False only when neither the code nor the inputs can produce a str, bytes or object whose
    hash varies between processes (then a second hash seed cannot change anything)."""
    if any("str" in key or "bytes" in key for key in map(input_key, inputs)):
        return True
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return True
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and n.body and isinstance(n.body[0], ast.Expr)
                  and isinstance(n.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            if id(node) not in docstrings:
                return True
        elif isinstance(node, (ast.JoinedStr, ast.ClassDef, ast.Import, ast.ImportFrom, ast.Lambda)):
            return True
        elif isinstance(node, ast.Name) and node.id in _HASHY_NAMES:
            return True
        elif isinstance(node, ast.Attribute) and node.attr.startswith("__"):
            return True
    return False


# --------------------------------------------------------------------------------------------
# Running a program on many inputs


CHUNK = 64
# Every timeout costs a whole ``timeout_s`` and a restarted session. Inputs run smallest-first,
# so once a program has timed out this often the remaining (larger) inputs are not tried.
MAX_TIMEOUTS = 3


class ProgramRun:
    """One program fed inputs in order, in one session for as long as it lives: a session that
    dies (timeout, crash) is replaced and work resumes after the input that killed it."""

    def __init__(self, sandbox, code: str, entry_point: str):
        self.sandbox, self.code, self.entry_point = sandbox, code, entry_point
        self.session = sandbox.open(code, entry_point)
        self.load: dict = self.session.load
        self.timeouts = 0

    @property
    def loaded(self) -> bool:
        return self.load.get("kind") == "return"

    def run(self, inputs: list[list], max_timeouts: int | None = None) -> list[dict]:
        """Outcomes of a prefix of ``inputs``: all of them, unless this program's timeouts (all
        runs counted) reach ``max_timeouts``. If it cannot be reloaded the rest are crashes."""
        outcomes: list[dict] = []
        while len(outcomes) < len(inputs):
            if max_timeouts is not None and self.timeouts >= max_timeouts:
                break
            if not self.session.alive:
                self.session.close()
                self.session = self.sandbox.open(self.code, self.entry_point)
                if self.session.load.get("kind") != "return":
                    lost = {"kind": "crash", "reason": f"could not reload: {describe(self.session.load)}"}
                    outcomes.extend([lost] * (len(inputs) - len(outcomes)))
                    break
            start = len(outcomes)
            batch = self.session.call_many(inputs[start: start + CHUNK])
            if not batch:  # the sandbox gave nothing back for this input: count it lost
                batch = [{"kind": "crash", "reason": "no outcome returned"}]
            # The first timeout or crash ends the session; the calls after it did not run and
            # go again in a fresh session.
            for k, o in enumerate(batch):
                if o.get("kind") in ("timeout", "crash"):
                    batch = batch[: k + 1]
                    break
            outcomes.extend(batch)
            self.timeouts += sum(o.get("kind") == "timeout" for o in batch)
        return outcomes[: len(inputs)]

    def close(self) -> None:
        self.session.close()


def run_inputs(sandbox, code: str, entry_point: str, inputs: list[list],
               max_timeouts: int | None = None) -> tuple[dict, list[dict]]:
    """(load outcome, outcomes of a prefix of the inputs) in a fresh session (see ProgramRun)."""
    program = ProgramRun(sandbox, code, entry_point)
    try:
        return program.load, (program.run(inputs, max_timeouts) if program.loaded else [])
    finally:
        program.close()


@dataclass
class OriginalRun:
    """What every variant of one original is compared against."""

    inputs: list[list] = field(default_factory=list)        # kept inputs
    outcomes: list[list[dict]] = field(default_factory=list)  # per hash seed, per kept input
    failure: Verdict | None = None                           # set when no variant can be judged
    note: str = ""                                            # dropped-input counts, for reasons


def _verdict(kind: str, reason: str, config: VerifyConfig, t0: float, examples: int = 0,
             counterexample: str | None = None) -> Verdict:
    return Verdict(kind, reason, counterexample, examples, config.seed, METHOD, config.policy,
                   round(time.perf_counter() - t0, 4))


def _counterexample(args: list, orig: dict, var: dict, hash_seed: int | None = None,
                    second: str = "variant") -> str:
    payload = {"args": repr(args), "original": summary(orig), second: summary(var)}
    if hash_seed is not None:
        payload["hash_seed"] = hash_seed
    return json.dumps(payload, default=repr)


def _smallest_first(inputs: list[list], n_fixed: int) -> list[list]:
    return inputs[:n_fixed] + sorted(inputs[n_fixed:], key=lambda a: len(input_key(a)))


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
                 sandbox) -> tuple[dict, list[list], list[dict]]:
    """Generate the inputs and run the original on them in one session: (load, inputs, outcomes).

    Half the budget is generated from the seeds and run; the inputs whose outcome was rarest (a
    valid date among invalid ones, a prime, an unusual exception) then join the seeds for the
    other half, run in the same session: behaviour-guided, as fuzzers use coverage. Seeds go
    first, generated inputs smallest first within each half (see MAX_TIMEOUTS)."""
    n = config.examples
    n_seeds = min(len(seed_inputs), n)
    first = generate_inputs(original, entry_point, seed_inputs, max(n // 2, n_seeds), config.seed)
    first = _smallest_first(first, n_seeds)
    program = ProgramRun(sandbox, original, entry_point)
    try:
        if not program.loaded or not first:
            return program.load, first, []
        outcomes = program.run(first, MAX_TIMEOUTS)
        inputs = first[: len(outcomes)]
        if len(inputs) == len(first) < n and program.timeouts < MAX_TIMEOUTS:
            focus = rare_inputs(inputs, outcomes, FOCUS_SEEDS)
            seen = {input_key(a) for a in inputs}
            more = generate_inputs(original, entry_point, focus or list(seed_inputs), n,
                                   config.seed + 1)
            more = _smallest_first([a for a in more if input_key(a) not in seen], 0)[: n - len(inputs)]
            more_outcomes = program.run(more, MAX_TIMEOUTS)
            inputs += more[: len(more_outcomes)]
            outcomes += more_outcomes
        return program.load, inputs, outcomes
    finally:
        program.close()


def prepare_original(original: str, entry_point: str, seed_inputs: list[list],
                     config: VerifyConfig, sandboxes: list, t0: float) -> OriginalRun:
    load, inputs, outcomes = run_original(original, entry_point, seed_inputs, config, sandboxes[0])
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
    runs = [[outcomes[i] for i in keep]]
    for sandbox in sandboxes[1:]:
        load, rerun = run_inputs(sandbox, original, entry_point, inputs, MAX_TIMEOUTS)
        if load.get("kind") != "return":
            return _load_failure(load, config, t0)
        # Timed out on the rerun: pad, those inputs are dropped below.
        runs.append(rerun + [{"kind": "timeout"}] * (len(inputs) - len(rerun)))
    tol = Tolerance(0.0, 0.0)  # the same program twice must agree exactly
    kept, kept_outcomes = [], [[] for _ in runs]
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
        kept.append(args)
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
    return OriginalRun(kept, kept_outcomes, None, note)


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
                f"{len(diffs)} of {n} inputs differ{hash_note}; e.g. {short(repr(run.inputs[i]), 60)}: {found}",
                config, t0, n,
                _counterexample(run.inputs[i], expected[i], outcomes[i], None if not hash_note else h))
        if timeouts:
            i = timeouts[0]
            return _verdict(
                "timeout", f"variant timed out on {len(timeouts)} of {n} inputs{hash_note} where the "
                f"original finished, e.g. {short(repr(run.inputs[i]), 60)}", config, t0, n,
                _counterexample(run.inputs[i], expected[i], outcomes[i]))
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
    verdict = _verdict("equivalent", f"same behaviour on {n} inputs ({config.policy} policy){note}"
                       f"{opinion}", config, t0, n)
    verdict.method = method
    if config.measure_speed:
        times = [o.get("time_ns") for o in run.outcomes[0]]
        chosen = timing.pick_timing_inputs(run.inputs, times)
        speed = timing.measure(sandboxes[0], original, variant, entry_point, chosen,
                               config.speed_rounds, config.speed_band, config.seed)
        if speed is not None:
            verdict.speedup = round(speed.speedup, 4)
            verdict.speedup_ci = [round(x, 4) for x in speed.ci]
            verdict.perf_label = speed.label
            verdict.timing = speed.timing
        verdict.seconds = round(time.perf_counter() - t0, 4)
    return verdict


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
    from semforge.sandbox import Limits, shared_sandbox

    return [shared_sandbox(Limits(timeout_s=config.timeout_s, memory_mb=config.memory_mb,
                                  hash_seed=h)) for h in HASH_SEEDS]


def verify_variants(original: str, entry_point: str, variants: list[str], seed_inputs: list[list],
                    config: VerifyConfig = VerifyConfig(), atol: float = 0.0) -> list[Verdict]:
    """One Verdict per variant, in order. Never raises for a bad program."""
    t0 = time.perf_counter()
    if config.policy not in ("strict", "domain"):
        bad = _verdict("error", f"unknown policy {config.policy!r}: use 'strict' or 'domain'", config, t0)
        return [bad for _ in variants]
    tol = Tolerance(config.rtol, max(config.atol, atol or 0.0))
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
        return [replace(run.failure) for _ in variants]

    verdicts = []
    for variant in variants:
        tv = time.perf_counter()
        try:
            verdicts.append(judge_variant(run, original, variant, entry_point, config, sandboxes, tol, tv))
        except Exception as exc:
            verdicts.append(_verdict(
                "error", f"verifier failed on the variant: {type(exc).__name__}: {short(str(exc), 120)}",
                config, tv))
    return verdicts


def verify_pair(original: str, variant: str, entry_point: str, seed_inputs: list[list],
                config: VerifyConfig = VerifyConfig()) -> Verdict:
    """Judge one pair (use ``verify_variants`` for several variants of one original)."""
    return verify_variants(original, entry_point, [variant], seed_inputs, config)[0]
