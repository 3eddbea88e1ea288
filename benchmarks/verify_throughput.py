"""Verifier throughput: pairs per second on one core with ``verify_variants``, against a baseline.

Pairs: for each of the first N HumanEval+ tasks, K variants of the canonical solution (the
solution re-printed by ``ast.unparse``, which is equivalent, plus first-order mutants from
``mutants.py``, most of which are not). Every pair is judged on 200 inputs.

Baseline, measured in the same run on the same pairs: one fresh ``python`` process per pair doing
the same work: generate the inputs (the same generator, seeds and budget), load both programs,
run both once per input, compare ``repr`` of results and exception types. It does less than the
verifier (no sandbox, no isolation, no behaviour-guided exploration run, no second hash seed, no
argument/stdout comparison), so the ratio understates the gap at equal work.

    python benchmarks/verify_throughput.py --tasks 20 --variants 5
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutants import DATA, apply, mutation_sites  # noqa: E402

from semforge.verifiers import VerifyConfig, verify_variants  # noqa: E402

BASELINE_CHILD = r"""
import copy, json, sys
from semforge.verifiers.inputs import generate_inputs
job = json.loads(sys.stdin.read())
inputs = generate_inputs(job["original"], job["entry"], job["seeds"], job["examples"], job["seed"])
def load(code):
    ns = {"__name__": "__main__"}
    exec(compile(code, "<prog>", "exec"), ns)
    return ns[job["entry"]]
def run(fn, args):
    try:
        return ("ok", repr(fn(*copy.deepcopy(args))))
    except Exception as e:
        return ("raise", type(e).__name__)
try:
    f, g = load(job["original"]), load(job["variant"])
    same = all(run(f, a) == run(g, a) for a in inputs)
except Exception:
    same = False
print("equivalent" if same else "different")
"""


def make_pairs(n_tasks: int, k: int, seed: int) -> list[tuple[dict, list[str]]]:
    rng = random.Random(seed)
    tasks = [json.loads(line) for line in gzip.open(DATA, "rt")][:n_tasks]
    out = []
    for task in tasks:
        code = task["prompt"] + task["canonical_solution"]
        tree = ast.parse(code)
        variants = [ast.unparse(tree)]
        sites = mutation_sites(tree)
        rng.shuffle(sites)
        for site in sites:
            if len(variants) >= k:
                break
            mutant = apply(tree, site)
            if mutant and mutant not in variants:
                variants.append(mutant)
        out.append((task, variants))
    return out


def run_verifier(pairs, examples: int, seed: int, measure_speed: bool) -> tuple[int, float, dict]:
    config = VerifyConfig(examples=examples, seed=seed, measure_speed=measure_speed)
    counts: dict[str, int] = {}
    n = 0
    t0 = time.perf_counter()
    for task, variants in pairs:
        code = task["prompt"] + task["canonical_solution"]
        for v in verify_variants(code, task["entry_point"], variants, task["base_input"], config,
                                 atol=float(task.get("atol") or 0.0)):
            counts[v.verdict] = counts.get(v.verdict, 0) + 1
            n += 1
    return n, time.perf_counter() - t0, counts


def run_baseline(pairs, examples: int, seed: int, limit: int) -> tuple[int, float]:
    jobs = []
    for task, variants in pairs:
        code = task["prompt"] + task["canonical_solution"]
        jobs += [{"original": code, "variant": v, "entry": task["entry_point"],
                  "seeds": task["base_input"], "examples": examples, "seed": seed}
                 for v in variants]
    jobs = jobs[:limit]
    t0 = time.perf_counter()
    for job in jobs:
        try:
            subprocess.run([sys.executable, "-c", BASELINE_CHILD], input=json.dumps(job),
                           capture_output=True, text=True, timeout=120)
        except subprocess.TimeoutExpired:
            pass
    return len(jobs), time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tasks", type=int, default=20)
    ap.add_argument("--variants", type=int, default=5, help="variants per original")
    ap.add_argument("--examples", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--baseline-pairs", type=int, default=40, help="pairs timed for the baseline")
    ap.add_argument("--speed", action="store_true", help="also time equivalent pairs (speed labels)")
    args = ap.parse_args()

    pairs = make_pairs(args.tasks, args.variants, args.seed)
    # Warm-up: start the sandboxes outside the measured window (a one-off per process).
    run_verifier(pairs[:1], 5, args.seed, False)
    n, secs, counts = run_verifier(pairs, args.examples, args.seed, args.speed)
    bn, bsecs = run_baseline(pairs, args.examples, args.seed, args.baseline_pairs)
    ours, base = n / secs, bn / bsecs
    print(f"verifier: {n} pairs in {secs:.1f}s = {ours:.1f} pairs/s on one worker "
          f"(examples={args.examples}, speed={'on' if args.speed else 'off'}) verdicts {counts}")
    print(f"baseline (fresh python process per pair): {bn} pairs in {bsecs:.1f}s = {base:.1f} pairs/s")
    print(f"ratio verifier/baseline: {ours / base:.1f}x  (goals: >= 5x and >= 20 pairs/s/core)")


if __name__ == "__main__":
    main()
