"""What CrossHair's second opinion costs and finds, on HumanEval+ tasks with annotated signatures.

For each of the first N tasks whose entry point CrossHair can analyse (every parameter annotated
with a builtin type), variants are made with every registered rule (the pipeline's pairs, nearly
all equivalent) plus first-order mutants (``mutants.py``: most are wrong, some only on rare
inputs). Every pair is judged twice in the same run, task by task and alternating which goes
first: differential testing alone, then with ``crosshair=True``. Seed inputs are the task's base
inputs (as for a corpus without EvalPlus's plus inputs). It prints the time of each, their
ratio, what CrossHair did (proposed / stopped at the budget / failed), and every pair whose
verdict it changed (a change is always a concrete, reproduced counterexample).

    python benchmarks/crosshair_cost.py --tasks 40 --rule-variants 3 --mutants 5 --budget 5
    python benchmarks/crosshair_cost.py --tasks 40 --rule-variants 0 --mutants 0 --needles

``--needles`` adds, per task, a variant that returns None early on one planted input of its
first int, str or list parameter (``x == 73918211``): what testing should miss and symbolic
search is for.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutants import DATA, apply, mutation_sites  # noqa: E402

from semforge.verifiers import VerifyConfig, verify_variants  # noqa: E402
from semforge.verifiers.python.judge.crosshair import unsupported_reason  # noqa: E402


def load_tasks(n: int) -> list[dict]:
    tasks = []
    for line in gzip.open(DATA, "rt", encoding="utf-8"):
        task = json.loads(line)
        if unsupported_reason(task["prompt"] + task["canonical_solution"], task["entry_point"]) is None:
            tasks.append(task)
        if len(tasks) >= n:
            break
    return tasks


def variants_of(code: str, entry: str, n_rules: int, n_mutants: int, rng: random.Random) -> list[str]:
    from semforge.transforms import all_rules
    from semforge.transforms.compose import generate_variants

    rules = [cls() for cls in all_rules().values()]
    out = [v.code for v in generate_variants(code, rules, count=n_rules, seed=0,
                                             protected={entry}).variants]
    tree = ast.parse(code)
    sites = mutation_sites(tree)
    rng.shuffle(sites)
    mutants = []
    for site in sites:
        if len(mutants) >= n_mutants:
            break
        m = apply(tree, site)
        if m and m not in mutants and m not in out:
            mutants.append(m)
    return out + mutants


# A difference planted on one input, by the type of the first parameter it fits: what testing is
# bound to miss and symbolic search is for.
NEEDLES = {"int": "if {p} == 73918211:\n    return None",
           "str": "if {p} == 'xq#7Z':\n    return None",
           "list": "if len({p}) == 3 and {p}[0] == 73918211:\n    return None"}


def needle_variant(code: str, entry: str) -> str | None:
    """``code`` with an early ``return None`` on one planted input of ``entry`` (None if no
    parameter has an int, str or list annotation)."""
    tree = ast.parse(code)
    fn = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == entry][-1]
    for arg in fn.args.args:
        ann = ast.unparse(arg.annotation) if arg.annotation else ""
        kind = "list" if ann.lower().startswith("list") else ann
        if kind in NEEDLES:
            body = 1 if ast.get_docstring(fn) is not None else 0
            fn.body[body:body] = ast.parse(NEEDLES[kind].format(p=arg.arg)).body
            return ast.unparse(tree)
    return None


def crosshair_status(reason: str) -> str:
    if "CrossHair found" in reason:
        return "found (reproduced)"
    for key, label in (("none reproduced", "claims not reproduced"), ("stopped at", "budget spent"),
                       ("proposed 0", "nothing found"), ("skipped", "skipped"),
                       ("CrossHair", "other")):
        if key in reason:
            return label
    return "not run (testing decided)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=40)
    parser.add_argument("--rule-variants", type=int, default=3)
    parser.add_argument("--mutants", type=int, default=3)
    parser.add_argument("--examples", type=int, default=200)
    parser.add_argument("--budget", type=float, default=5.0, help="CrossHair seconds per pair")
    parser.add_argument("--max-seeds", type=int, default=30, help="base inputs kept per task")
    parser.add_argument("--needles", action="store_true",
                        help="also one variant per task that differs on a single planted input")
    args = parser.parse_args()

    rng = random.Random(0)
    off_cfg = VerifyConfig(examples=args.examples, measure_speed=False)
    on_cfg = VerifyConfig(examples=args.examples, measure_speed=False, crosshair=True,
                          crosshair_budget_s=args.budget)
    totals = {"off": 0.0, "on": 0.0}
    statuses: Counter = Counter()
    verdicts: dict[str, Counter] = {"off": Counter(), "on": Counter()}
    changed = []
    needles: list[tuple[str, str]] = []
    odd = []  # CrossHair claims that did not reproduce, CrossHair failures
    n_pairs = 0
    tasks = load_tasks(args.tasks)
    for k, task in enumerate(tasks):
        code, entry = task["prompt"] + task["canonical_solution"], task["entry_point"]
        seeds = [list(a) for a in task["base_input"][: args.max_seeds]]
        variants = variants_of(code, entry, args.rule_variants, args.mutants, rng)
        needle = needle_variant(code, entry) if args.needles else None
        if needle is not None:
            variants.append(needle)
        if not variants:
            continue
        n_pairs += len(variants)
        results = {}
        for mode in (("off", "on") if k % 2 == 0 else ("on", "off")):
            cfg = off_cfg if mode == "off" else on_cfg
            t0 = time.perf_counter()
            results[mode] = verify_variants(code, entry, variants, seeds, cfg,
                                            atol=task.get("atol") or 0.0)
            totals[mode] += time.perf_counter() - t0
        if needle is not None:
            needles.append((results["off"][-1].verdict, results["on"][-1].verdict))
        for off, on in zip(results["off"], results["on"]):
            verdicts["off"][off.verdict] += 1
            verdicts["on"][on.verdict] += 1
            status = crosshair_status(on.reason)
            statuses[status] += 1
            if status in ("claims not reproduced", "other"):
                odd.append((task["task_id"], on.verdict, on.reason[-200:]))
            if off.verdict != on.verdict:
                changed.append((task["task_id"], off.verdict, on.verdict, on.reason[:160]))
        print(f"{task['task_id']}: {len(variants)} pairs, off {totals['off']:.1f}s on "
              f"{totals['on']:.1f}s so far", file=sys.stderr)

    print(f"{len(tasks)} annotated tasks, {n_pairs} pairs, {args.examples} inputs, "
          f"CrossHair budget {args.budget:g} s per pair")
    print(f"testing only:        {totals['off']:.1f} s  {dict(verdicts['off'])}")
    print(f"testing + CrossHair: {totals['on']:.1f} s  {dict(verdicts['on'])}")
    print(f"ratio (with / without): {totals['on'] / max(totals['off'], 1e-9):.2f}x")
    print(f"CrossHair per pair: {dict(statuses)}")
    if args.needles:
        print(f"planted needles: {len(needles)}; rejected by testing only "
              f"{sum(off != 'equivalent' for off, _ in needles)}, with CrossHair "
              f"{sum(on != 'equivalent' for _, on in needles)}")
    print(f"verdicts changed by CrossHair: {len(changed)}")
    for row in changed:
        print("  ", *row)
    print(f"CrossHair claims not reproduced or failures: {len(odd)}")
    for row in odd:
        print("  ", *row)


if __name__ == "__main__":
    main()
