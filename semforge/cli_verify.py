"""`semforge verify PAIRS.jsonl -o RESULTS.jsonl`: judge pairs made elsewhere.

One output line per input line, in input order, whatever happens to the pair (a malformed line
gets an ``error`` line with the reason). Pairs that share an original (same code, entry point and
seed inputs) are judged together so that inputs and the original's outcomes are computed once.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import Any

import click

# Variants of one original judged per task: large enough to amortise the original's run, small
# enough that --workers spreads a file with few originals over every worker.
GROUP_SIZE = 16
_ID = re.compile(r'"id"\s*:\s*"((?:[^"\\]|\\.)*)"')


def _result(pair_id: Any, verdict: str, reason: str, **extra: Any) -> dict:
    out = {"id": pair_id, "verdict": verdict, "reason": reason, "counterexample": None,
           "examples": 0, "seconds": 0.0}
    out.update(extra)
    return out


def parse_line(line: str, lineno: int) -> tuple[dict | None, dict | None]:
    """(pair, None) for a judgeable python pair, else (None, finished result line)."""
    try:
        pair = json.loads(line)
    except json.JSONDecodeError as exc:
        found = _ID.search(line)  # recover the id of a truncated or hand-edited line if we can
        return None, _result(found.group(1) if found else None, "error",
                             f"line {lineno}: malformed JSON ({exc.msg}, column {exc.colno})")
    if not isinstance(pair, dict):
        return None, _result(None, "error", f"line {lineno}: expected a JSON object")
    pair_id = pair.get("id")
    language = pair.get("language", "python")
    if language not in ("python", "pytorch"):
        return None, _result(pair_id, "error", f"language {language!r} is not verifiable here")
    missing = [k for k in ("original", "variant", "entry_point") if not isinstance(pair.get(k), str)]
    if missing:
        return None, _result(pair_id, "error", f"line {lineno}: missing or non-string {', '.join(missing)}")
    if language == "pytorch":
        return pair, None  # judged by semforge.verifiers.cuda (KernelBench-format programs)
    seeds = pair.get("seed_inputs") or []
    if not isinstance(seeds, list) or not all(isinstance(s, list) for s in seeds):
        return None, _result(pair_id, "error", f"line {lineno}: seed_inputs must be a list of argument lists")
    domain = pair.get("domain")
    if domain is not None:
        from semforge.domain import Domain, NotationError

        try:
            Domain.parse(domain if isinstance(domain, str) else "", pair["entry_point"])
        except NotationError as exc:
            return None, _result(pair_id, "error", f"line {lineno}: bad domain ({exc}); write "
                                 "it as a signature: \"(xs: list[int], k: int)\"")
    return pair, None


def attach_modules(pairs: dict[int, dict], roots: list[str]) -> dict[int, dict]:
    """Each pair with a ``context`` gets its module (``_module``, a ``ModuleContext`` rebuilt
    from a copy of its code under ``roots``) and, without seed inputs, the seed's; the result
    lines of those that cannot be rebuilt."""
    from semforge.pipeline.seeds.rebuild import method_inputs, rebuild_seed

    failed: dict[int, dict] = {}
    rebuilt: dict[str, Any] = {}
    for i, pair in pairs.items():
        if pair.get("context") is None or pair.get("language", "python") != "python":
            continue
        key = json.dumps([pair["context"], pair["original"], pair["entry_point"]],
                         sort_keys=True, default=repr)
        if key not in rebuilt:
            rebuilt[key] = rebuild_seed(pair["context"], pair["original"], pair["entry_point"],
                                        roots)
        seed = rebuilt[key]
        if isinstance(seed, str):
            failed[i] = _result(pair.get("id"), "error", seed)
            continue
        pair["_module"] = seed.context
        given = pair.get("seed_inputs")
        pair["seed_inputs"] = method_inputs(seed.context.kind, given) if given else seed.inputs
    return failed


def judge_group(task: tuple) -> list[dict]:
    """Worker entry point: verdicts for several variants of one original, as output dicts."""
    from semforge.verifiers import VerifyConfig, verify_variants

    original, entry_point, seeds, variants, domain, context, config = task
    verdicts = verify_variants(original, entry_point, variants, seeds, VerifyConfig(**config),
                               domain=domain, context=context)
    out = []
    for v in verdicts:
        line = {"verdict": v.verdict, "reason": v.reason, "counterexample": v.counterexample,
                "examples": v.examples, "seconds": v.seconds, "method": v.method,
                "seed": v.seed, "policy": v.policy, "input_classes": v.input_classes,
                "tolerance": v.tolerance, "domain": v.domain, "equivalence": v.equivalence}
        if v.speedup is not None:
            line.update(speedup=v.speedup, speedup_ci=v.speedup_ci, perf_label=v.perf_label,
                        timing=v.timing, speed_input=v.speed_input)
        out.append(line)
    return out


def plan(pairs: dict[int, dict]) -> list[tuple[list[int], tuple]]:
    """Group line numbers by original; each task is (line numbers, judge_group argument)."""
    by_original: dict[str, list[int]] = {}
    for i, pair in pairs.items():
        key = json.dumps([pair["original"], pair["entry_point"], pair.get("seed_inputs") or [],
                          pair.get("domain"), pair.get("context")], sort_keys=True, default=repr)
        by_original.setdefault(key, []).append(i)
    tasks = []
    for lines in by_original.values():
        for start in range(0, len(lines), GROUP_SIZE):
            chunk = lines[start: start + GROUP_SIZE]
            first = pairs[chunk[0]]
            tasks.append((chunk, (first["original"], first["entry_point"],
                                  first.get("seed_inputs") or [],
                                  [pairs[i]["variant"] for i in chunk], first.get("domain"),
                                  first.get("_module"))))
    return tasks


@click.command()
@click.argument("pairs_path", metavar="PAIRS.jsonl", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False),
              help="Where to write one result line per input line (JSONL).")
@click.option("--examples", default=200, show_default=True, type=click.IntRange(min=1),
              help="Inputs run per pair (seed inputs first, then generated ones).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=1),
              help="Worker processes, each with its own sandbox.")
@click.option("--seed", default=0, show_default=True, help="Hypothesis seed for input generation.")
@click.option("--policy", type=click.Choice(["typed", "strict", "domain"]), default="typed",
              show_default=True,
              help="typed: every input of the original's domain (a line's domain, or inferred "
                   "from its seed inputs, annotations, defaults and docstring), exception types "
                   "matched, and each pair's level reported (equivalence: strict or typed); "
                   "strict: inputs of any type; domain: only the domain's inputs where the "
                   "original returns.")
@click.option("--timeout", "timeout_s", default=2.0, show_default=True, help="Seconds per call.")
@click.option("--no-speed", is_flag=True, help="Skip timing equivalent pairs.")
@click.option("--timing", type=click.Choice(["auto", "wall", "instructions"]), default="auto",
              show_default=True,
              help="How speed is measured: instructions counted under Valgrind (labels that "
                   "repeat from run to run; needs valgrind, slower to measure), wall-clock "
                   "rounds, or auto: instructions where valgrind is installed, else wall.")
@click.option("--crosshair/--no-crosshair", default=False, show_default=True,
              help="Ask CrossHair (sandboxed) for inputs on which a passing pair differs; "
                   "annotated entry points only; re-run concretely before they count.")
@click.option("--crosshair-budget", "crosshair_budget_s", default=5.0, show_default=True,
              type=click.FloatRange(min=0.5, max=600), help="Seconds of CrossHair per pair.")
@click.option("--context-root", "context_roots", multiple=True,
              type=click.Path(exists=True), metavar="DIR",
              help="Where lines with a context (functions and methods of real code) find their "
                   "module: the folder their context.path is relative to (the files corpus's "
                   "path, e.g. the package fetched again). Repeatable.")
def verify(pairs_path: str, output: str, examples: int, workers: int, seed: int, policy: str,
           timeout_s: float, no_speed: bool, timing: str, crosshair: bool,
           crosshair_budget_s: float, context_roots: tuple[str, ...]) -> None:
    """Judge (original, variant) pairs by sandboxed differential testing.

    Each line of PAIRS.jsonl is an object with id, language (python or pytorch), original,
    variant, entry_point and optionally seed_inputs (a list of positional-argument lists) and
    domain (the input domain as a signature, "(xs: list[int], k: int)"; inferred otherwise).

    A line with a context (a row's context column: a function or method of real code) runs in
    its module, found under --context-root: the def is read there again (it must be the line's
    original), each side loaded in its module; without seed_inputs, the doctest examples found
    there are its seeds.

    language pytorch: original is a KernelBench program (Model, get_inputs, get_init_inputs) and
    variant defines ModelNew (or Model); both run in their own processes, on the GPU when there
    is one. Without CUDA, plain-PyTorch variants run on the CPU and CUDA variants are undecided.
    """
    from tqdm import tqdm

    from semforge.sandbox.counting import UNAVAILABLE, valgrind

    if timing == "auto":
        timing = "instructions" if valgrind() else "wall"
    if timing == "instructions" and not no_speed and valgrind() is None:
        raise click.UsageError(UNAVAILABLE)
    config = {"examples": examples, "seed": seed, "policy": policy, "timeout_s": timeout_s,
              "measure_speed": not no_speed, "timing": timing, "crosshair": crosshair,
              "crosshair_budget_s": crosshair_budget_s}
    t0 = time.perf_counter()
    results: dict[int, dict] = {}
    pairs: dict[int, dict] = {}
    with open(pairs_path, encoding="utf-8") as fh:
        lines = [line for line in fh.read().splitlines()]
    lines = [(n + 1, line) for n, line in enumerate(lines) if line.strip()]
    for i, (lineno, line) in enumerate(lines):
        pair, done = parse_line(line, lineno)
        if done is not None:
            results[i] = done
        else:
            pairs[i] = pair
    results.update(attach_modules(pairs, list(context_roots)))
    pairs = {i: p for i, p in pairs.items() if i not in results}
    torch_pairs = {i: p for i, p in pairs.items() if p.get("language") == "pytorch"}
    pairs = {i: p for i, p in pairs.items() if i not in torch_pairs}
    tasks = plan(pairs)
    bar = tqdm(total=len(lines), desc="verify", unit="pair", file=sys.stderr, dynamic_ncols=True)
    bar.update(len(results))
    if torch_pairs:
        from semforge.verifiers.cuda import TorchVerifyConfig
        from semforge.verifiers.cuda.batch import judge_pairs

        results.update(judge_pairs(torch_pairs, TorchVerifyConfig(
            seed=seed, measure_speed=not no_speed, parallel=workers), bar.update))

    def finish(chunk: list[int], outs: list[dict] | None, failure: str | None = None) -> None:
        for k, i in enumerate(chunk):
            if outs is not None:
                results[i] = {"id": pairs[i].get("id"), **outs[k]}
            else:
                results[i] = _result(pairs[i].get("id"), "error", failure or "verifier failed")
        bar.update(len(chunk))

    def task_arg(arg: tuple) -> tuple:
        return (*arg, config)

    if workers == 1:
        for chunk, arg in tasks:
            try:
                finish(chunk, judge_group(task_arg(arg)))
            except Exception as exc:  # the verifier should not raise; keep one line per pair anyway
                finish(chunk, None, f"verifier failed: {type(exc).__name__}: {exc}"[:300])
    else:
        with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
            futures = {pool.submit(judge_group, task_arg(arg)): chunk for chunk, arg in tasks}
            for fut in as_completed(futures):
                try:
                    finish(futures[fut], fut.result())
                except Exception as exc:  # a worker died: its pairs still get a line
                    finish(futures[fut], None, f"verifier worker failed: {type(exc).__name__}: {exc}"[:300])
    bar.close()
    with open(output, "w", encoding="utf-8") as out:
        for i in range(len(lines)):
            out.write(json.dumps(results[i], default=repr) + "\n")
    counts = Counter(r["verdict"] for r in results.values())
    parts = ", ".join(f"{k} {counts[k]}" for k in
                      ("equivalent", "different", "timeout", "undecided", "error") if counts[k])
    click.echo(f"verified {len(lines)} pairs in {time.perf_counter() - t0:.1f}s: {parts or 'none'}"
               f" -> {output}", err=True)
