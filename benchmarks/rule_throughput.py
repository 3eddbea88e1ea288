"""Rule applications per second per core on HumanEval+ functions, with a baseline.

Three measurements in the same process, so machine noise hits all of them (CPU time of this
process, i.e. per core; wall time is printed too):

  * baseline: ``libcst.parse_module(code).code`` round trip, the floor of any libcst rewrite;
  * apply: ``rule.apply(code)`` (parse, metadata, transform, code generation) - what
    ``semforge rewrite`` and ``rules check`` do per file;
  * compose: ``generate_variants`` per seed (one parse, every rule tried, chains, dedup) - what the
    pipeline does; reported as rule applications per second (singles plus chain steps).

    python benchmarks/rule_throughput.py [--limit N] [--repeat N] [--rule ID ...]

An application is one rule run over one function, whether or not it finds a site (what
``semforge rewrite`` does for every rule and file); the table shows on how many functions each
rule fired. Rules compute libcst metadata (scopes, parents) only when they read it, so a rule
that finds no candidate costs about a parse and one traversal, and one that fires pays for
the scope analysis. The goal is >= 500 applications per second per core for ``apply``; compare
ratios to the baseline rather than absolute numbers on shared machines.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from pathlib import Path

from _data import humaneval_path

import libcst as cst

from semforge.transforms import all_rules
from semforge.transforms.compose import generate_variants

CORPUS = humaneval_path()


def load_corpus(path: Path, limit: int | None) -> list[tuple[str, str]]:
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    return [(r["prompt"] + r["canonical_solution"], r["entry_point"]) for r in records[:limit]]


def timed(fn) -> tuple[float, float]:
    """(cpu seconds, wall seconds) of fn()."""
    c0, w0 = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - c0, time.perf_counter() - w0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--limit", type=int, default=None, help="first N tasks only")
    parser.add_argument("--repeat", type=int, default=1, help="passes over the corpus")
    parser.add_argument("--rule", action="append", default=None, help="only these rule ids")
    args = parser.parse_args()

    codes = load_corpus(args.corpus, args.limit)
    registry = all_rules()
    rules = [registry[r]() for r in (args.rule or registry)]

    def baseline():
        for _ in range(args.repeat):
            for code, _ep in codes:
                cst.parse_module(code).code

    base_cpu, base_wall = timed(baseline)
    n_base = len(codes) * args.repeat

    per_rule = {}
    fired = {}

    def apply_all():
        for rule in rules:
            c0 = time.process_time()
            hits = 0
            for _ in range(args.repeat):
                for code, _ep in codes:
                    hits += bool(rule.apply(code).sites)
            per_rule[rule.id] = time.process_time() - c0
            fired[rule.id] = hits // args.repeat

    apply_cpu, apply_wall = timed(apply_all)
    n_apply = len(codes) * len(rules) * args.repeat

    steps = 0

    def compose():
        nonlocal steps
        for _ in range(args.repeat):
            for code, ep in codes:
                result = generate_variants(code, rules, count=8, max_chain=3, protected={ep})
                steps += len(rules) + sum(len(v.transforms) - 1 for v in result.variants)

    comp_cpu, comp_wall = timed(compose)

    print(f"{len(codes)} HumanEval+ programs x {len(rules)} rules x {args.repeat} pass(es)")
    print(f"{'rule':32} {'apps/s/core':>12} {'fires on':>9}")
    for rule_id, cpu in sorted(per_rule.items(), key=lambda kv: kv[1]):
        rate = len(codes) * args.repeat / cpu if cpu else float("inf")
        print(f"{rule_id:32} {rate:12.0f} {fired[rule_id]:>5}/{len(codes)}")
    base_rate = n_base / base_cpu
    apply_rate = n_apply / apply_cpu
    comp_rate = steps / comp_cpu
    print()
    print(f"baseline parse+codegen : {base_rate:8.0f} programs/s/core  (wall {base_wall:.2f}s)")
    print(f"rule.apply             : {apply_rate:8.0f} applications/s/core  (wall {apply_wall:.2f}s)"
          f"  ratio to baseline {apply_rate / base_rate:.2f}")
    print(f"generate_variants      : {comp_rate:8.0f} applications/s/core  (wall {comp_wall:.2f}s)"
          f"  ratio to baseline {comp_rate / base_rate:.2f}; "
          f"{len(codes) * args.repeat / comp_cpu:.1f} seeds/s/core")
    print(f"goal >= 500 applications/s/core: {'met' if apply_rate >= 500 else 'NOT met'} (apply)")


if __name__ == "__main__":
    main()
