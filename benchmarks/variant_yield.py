"""Variant yield on HumanEval+: how many seeds get enough verified variants, and speed labels.

For every seed (code = prompt + canonical_solution, inputs = base_input then plus_input) this
generates up to ``--variants`` variants with every registered rule (``generate_variants``),
judges them with ``verify_variants`` (differential testing, speed measured), and reports:

  * the share of seeds with at least 5 distinct *equivalent* variants;
  * the share of seeds with both a measured-faster and a measured-slower equivalent variant;
  * per rule: variants it took part in, and how many were equivalent / different / other.
    A rule with ``different`` variants is unsound (or its preconditions are too weak): the
    offending variants are listed with their counterexample.

    python benchmarks/variant_yield.py [--limit N] [--only I,J,...] [--variants N] [--examples N]
                                       [--workers N] [--repeat N] [--timing wall|instructions]
                                       [--all-rules] [--json OUT.json]

The defaults are the pipeline's: the rules ``generate.rules: all`` selects (no renaming or
dead-code rules unless ``--all-rules``), ``variants_per_seed``, ``max_chain``, the natural-code
filter, ``verify.examples``, and instruction counts for timing (``verify.timing: auto`` where
Valgrind is installed).

``--repeat 2`` makes two whole passes over the seeds, each in new processes with new sandboxes,
and reports whether the speed labels outside the band agree between them.

It may run long (every variant is verified and timed): start with ``--limit 10``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import time
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from _data import humaneval_path

from semforge.verifiers.label_agreement import agreement_by_distance, merge_passes

CORPUS = humaneval_path()


def load_seeds(path: Path, limit: int | None, max_inputs: int, only: set[int] | None = None):
    from semforge.pipeline.corpora import seed_from_evalplus
    from semforge.record import Seed

    seeds = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if limit is not None and len(seeds) >= limit:
                break
            if only is not None and n not in only:
                continue
            seed = seed_from_evalplus(json.loads(line), source=str(path), source_id=str(n),
                                      license=None, max_inputs=max_inputs)
            if isinstance(seed, Seed):
                seeds.append(seed)
    return seeds


def judge_seed(args: tuple) -> dict:
    """Generate and verify the variants of one seed (runs in a worker process)."""
    seed, variants, max_chain, examples, gen_seed, timing, every_rule = args
    from semforge.domain_infer import seed_domain
    from semforge.pipeline.config import GenerateSettings
    from semforge.pipeline.steps.generate import select_rules
    from semforge.transforms import all_rules
    from semforge.transforms.compose import generate_variants
    from semforge.verifiers import VerifyConfig, verify_variants

    rules = ([cls() for cls in all_rules().values()] if every_rule
             else select_rules(GenerateSettings()))
    t0 = time.perf_counter()
    # As the pipeline does: the seed's domain is evidence for the rules that take it, and what
    # the verifier judges on (the default typed policy).
    domain = seed_domain(seed.code, seed.entry_point, seed.inputs, seed.domain)
    gen = generate_variants(seed.code, rules, count=variants, max_chain=max_chain, seed=gen_seed,
                            protected={seed.entry_point}, domain=domain)
    t1 = time.perf_counter()
    verdicts = verify_variants(seed.code, seed.entry_point, [v.code for v in gen.variants],
                               seed.inputs, VerifyConfig(examples=examples, measure_speed=True,
                                                          timing=timing),
                               atol=seed.atol, domain=domain)
    rows = [{"transforms": v.transforms, "verdict": d.verdict, "equivalence": d.equivalence,
             "reason": d.reason,
             "perf_label": d.perf_label, "speedup": d.speedup, "speedup_ci": d.speedup_ci,
             "speed_input": d.speed_input, "code_hash": hashlib.sha256(v.code.encode()).hexdigest(),
             "counterexample": d.counterexample if d.verdict == "different" else None,
             "variant": v.code if d.verdict == "different" else None}
            for v, d in zip(gen.variants, verdicts)]
    return {"source_id": seed.source_id, "entry_point": seed.entry_point, "rows": rows,
            "rule_errors": gen.rule_errors, "generate_s": t1 - t0,
            "verify_s": time.perf_counter() - t1}


def run_pass(jobs: list, workers: int) -> list[dict]:
    """Judge every seed once. Each pass starts its own processes, hence its own sandboxes, as a
    separate run of the pipeline would: a second pass shares no zygote with the first and times
    every pair minutes later, not right after the first timing."""
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(pool.map(judge_seed, jobs))
    from semforge.sandbox import close_shared_sandboxes

    try:
        return [judge_seed(job) for job in jobs]
    finally:
        close_shared_sandboxes()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    from semforge.pipeline.config import GenerateSettings, VerifySettings

    parser.add_argument("--limit", type=int, default=None, help="first N seeds only")
    parser.add_argument("--only", default=None,
                        help="these seeds only: comma-separated line numbers of the corpus")
    parser.add_argument("--variants", type=int, default=GenerateSettings().variants_per_seed,
                        help="variants generated per seed")
    parser.add_argument("--max-chain", type=int, default=GenerateSettings().max_chain)
    parser.add_argument("--examples", type=int, default=VerifySettings().examples,
                        help="inputs run per variant")
    parser.add_argument("--all-rules", action="store_true",
                        help="every registered rule, the renaming and dead-code ones too")
    parser.add_argument("--max-inputs", type=int, default=30, help="corpus inputs kept per seed")
    parser.add_argument("--seed", type=int, default=0, help="seed of the rule chains")
    parser.add_argument("--workers", type=int, default=1, help="seeds judged in parallel")
    parser.add_argument("--repeat", type=int, default=1,
                        help="passes over all the seeds, each in new processes and sandboxes "
                             "(2: report whether the speed labels outside the band agree "
                             "between runs)")
    parser.add_argument("--json", type=Path, default=None, help="write every result here")
    parser.add_argument("--timing", choices=["wall", "instructions"], default="instructions",
                        help="wall: interleaved timed rounds; instructions: counted under "
                             "Valgrind (deterministic, about 50x slower to take)")
    args = parser.parse_args()

    only = {int(k) for k in args.only.split(",")} if args.only else None
    seeds = load_seeds(args.corpus, args.limit, args.max_inputs, only)
    jobs = [(s, args.variants, args.max_chain, args.examples, args.seed, args.timing,
             args.all_rules) for s in seeds]
    started = time.perf_counter()
    passes = []
    for k in range(args.repeat):
        passes.append(run_pass(jobs, args.workers))
        if args.repeat > 1:
            print(f"pass {k + 1}/{args.repeat} done in {time.perf_counter() - started:.0f}s",
                  flush=True)
    results = merge_passes(passes)
    wall = time.perf_counter() - started

    per_rule: dict[str, Counter] = defaultdict(Counter)
    five = both = faster = slower = 0
    unsound = []
    errors = Counter()
    for res in results:
        equivalent = [r for r in res["rows"] if r["verdict"] == "equivalent"]
        labels = {r["perf_label"] for r in equivalent}
        five += len(equivalent) >= 5
        both += {"faster", "slower"} <= labels
        faster += "faster" in labels
        slower += "slower" in labels
        for err in res["rule_errors"]:
            errors[err.split(":")[0]] += 1
        for row in res["rows"]:
            for rule_id in set(row["transforms"]):
                per_rule[rule_id][row["verdict"]] += 1
                if row["verdict"] == "equivalent" and row["perf_label"] in ("faster", "slower"):
                    per_rule[rule_id][row["perf_label"]] += 1
            if row["verdict"] == "different":
                unsound.append((res["source_id"], row))

    n = len(results) or 1
    print(f"{len(results)} seeds, {sum(len(r['rows']) for r in results)} variants, "
          f"wall {wall:.0f}s (generate {sum(r['generate_s'] for r in results):.0f}s, "
          f"verify {sum(r['verify_s'] for r in results):.0f}s)")
    print(f"seeds with >= 5 equivalent variants     : {five}/{len(results)} = {five / n:.0%}")
    print(f"seeds with a faster and a slower variant: {both}/{len(results)} = {both / n:.0%}")
    print(f"  with a faster variant: {faster}; with a slower variant: {slower}")
    labels = Counter(r["perf_label"] or ("undecided" if r["speedup"] is not None else "untimed")
                     for res in results for r in res["rows"] if r["verdict"] == "equivalent")
    print("speed labels of equivalent variants     : "
          + ", ".join(f"{k} {v}" for k, v in sorted(labels.items(), key=str)))
    timed = [r for res in results for r in res["rows"] if r["verdict"] == "equivalent"]
    scaled = sum(" len " in (r["speed_input"] or "") or "|x|" in (r["speed_input"] or "")
                 for r in timed)
    print(f"timed on a scaled input                 : {scaled}/{len(timed)}")
    if args.repeat > 1:
        # A label is a claim; None is "undecided" (the interval crossed an edge of the band).
        outside = [r for r in timed if {"faster", "slower"} & set(r["labels"])]
        agree = sum(len(set(r["labels"])) == 1 for r in outside)
        print(f"labels outside the band agreeing in {args.repeat} runs: {agree}/{len(outside)} = "
              f"{agree / max(len(outside), 1):.0%} (goal >= 95%; undecided in a run counts "
              f"as disagreeing)")
        decided = [r for r in outside if None not in r["labels"]]
        agree_d = sum(len(set(r["labels"])) == 1 for r in decided)
        print(f"  of those decided in every run       : {agree_d}/{len(decided)} = "
              f"{agree_d / max(len(decided), 1):.0%} agree; {len(outside) - len(decided)} "
              f"have a direction in one run and no label in another")
        conflicts = Counter(tuple(r["labels"]) for r in decided if len(set(r["labels"])) > 1)
        if conflicts:
            print("  conflicting labels                   : " + ", ".join(
                f"{'/'.join(k)} {v}" for k, v in conflicts.most_common()))
        print("  by how far the runs' mean speedup lies past the band's edge:")
        from semforge.verifiers import VerifyConfig

        band = VerifyConfig().speed_band  # the band the labels were decided on
        for past, agree_p, outside_p in agreement_by_distance(timed, band):
            share = f"{agree_p / outside_p:.0%}" if outside_p else "-"
            print(f"    >= {past:4.0%} past: {agree_p}/{outside_p} = {share} agree")
    print(f"\n{'rule':34} {'variants':>8} {'equiv':>6} {'diff':>5} {'other':>6} "
          f"{'faster':>6} {'slower':>6}")
    for rule_id, c in sorted(per_rule.items()):
        total = c["equivalent"] + c["different"] + sum(
            v for k, v in c.items() if k not in ("equivalent", "different", "faster", "slower"))
        other = total - c["equivalent"] - c["different"]
        print(f"{rule_id:34} {total:8} {c['equivalent']:6} {c['different']:5} {other:6} "
              f"{c['faster']:6} {c['slower']:6}")
    for rule_id, k in sorted(errors.items()):
        print(f"RULE CRASHED {rule_id}: on {k} seeds")
    for source_id, row in unsound:
        print(f"\nDIFFERENT seed {source_id} transforms {row['transforms']}: {row['reason']}")
        print(f"  counterexample: {row['counterexample']}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))


if __name__ == "__main__":
    main()
