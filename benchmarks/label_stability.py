"""How far a pair's measured speedup moves from one run to the next, and whether its label stays,
for timing configurations side by side: a quick way to judge a change to ``timing.measure``.

Pairs: rule variants of the first N HumanEval+ seeds that the verifier judges `equivalent`,
each on the input the verifier itself timed it on (what it handed ``timing.measure``). Each
pair is then timed ``--repeat`` times per configuration, every repeat in a new sandbox (a new
zygote, as a second run gets), the configurations interleaved so that the machine's load hits
them alike. A configuration is ``BLOCKSxROUNDS``: blocks of fresh sessions and rounds per
block, up to 3x the rounds while undecided, as the verifier does. The first configuration is
the baseline; the others are reported as ratios against it, measured in the same run:

  * spread: the median over pairs of the standard deviation of log(speedup) across repeats;
  * agreement: over every two repeats of a pair where either has a direction (`faster` or
    `slower`), the share with the same label (no label in one counts as disagreeing, as in
    ``variant_yield.py --repeat 2``);
  * cost: seconds of timing per pair.

``--near D`` keeps only the pairs whose first measurement lies within D of an edge of the 5%
band: the pairs whose label a second run can change.

    python benchmarks/label_stability.py [--limit 20] [--variants 6] [--repeat 4]
                                         [--configs 5x3,15x2,instr] [--near 0.06]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from variant_yield import CORPUS, load_seeds

BAND = 0.05


def timed_pairs(seeds, variants: int) -> list[tuple]:
    """(seed id, original, variant, entry point, inputs, first speedup) for every equivalent
    variant that the verifier timed, on the inputs it timed them on."""
    from semforge.transforms import all_rules
    from semforge.transforms.compose import generate_variants
    from semforge.verifiers import VerifyConfig, verify_variants
    from semforge.verifiers.python.measure import timing

    handed: list[tuple] = []
    measure = timing.measure

    def recording(sandbox, original, variant, entry_point, inputs, *args, **kwargs):
        handed.append((original, variant, entry_point, inputs))
        return measure(sandbox, original, variant, entry_point, inputs, *args, **kwargs)

    rules = [cls() for cls in all_rules().values()]
    pairs = []
    timing.measure = recording  # the verifier looks it up on the module at each call
    try:
        for seed in seeds:
            gen = generate_variants(seed.code, rules, count=variants, max_chain=3, seed=0,
                                    protected={seed.entry_point})
            handed.clear()
            verdicts = verify_variants(seed.code, seed.entry_point, [v.code for v in gen.variants],
                                       seed.inputs, VerifyConfig(measure_speed=True), atol=seed.atol)
            # measure is called once for every equivalent variant, in order; speed_input is
            # None where it could not time the pair
            timed = iter(handed)
            for d in verdicts:
                if d.verdict == "equivalent":
                    handed_args = next(timed)
                    if d.speed_input is not None:
                        pairs.append((seed.source_id, *handed_args, d.speedup))
    finally:
        timing.measure = measure
    return pairs


def near_edge(speedup: float, near: float) -> bool:
    return min(abs(speedup - (1 - BAND)), abs(speedup - (1 + BAND))) <= near


def summarize(results: list[list]) -> dict:
    spreads, agree, directed, undecided, total = [], 0, 0, 0, 0
    for runs in results:
        logs = [math.log(s.speedup) for s in runs if s is not None]
        if len(logs) > 1:
            spreads.append(statistics.stdev(logs))
        labels = [s.label if s is not None else "untimed" for s in runs]
        undecided += labels.count(None)
        total += len(labels)
        for a in range(len(labels)):
            for b in range(a + 1, len(labels)):
                if {"faster", "slower"} & {labels[a], labels[b]}:
                    directed += 1
                    agree += labels[a] == labels[b]
    return {"spread": statistics.median(spreads) if spreads else math.nan,
            "agree": agree, "directed": directed, "undecided": undecided, "total": total}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=20, help="first N HumanEval+ seeds")
    parser.add_argument("--variants", type=int, default=6, help="variants generated per seed")
    parser.add_argument("--repeat", type=int, default=4, help="timings per pair and configuration")
    parser.add_argument("--configs", default="5x3,15x2",
                        help="BLOCKSxROUNDS, comma-separated; the first is the baseline")
    parser.add_argument("--near", type=float, default=None,
                        help="only pairs whose first speedup lies within this of a band edge")
    args = parser.parse_args()

    from semforge.sandbox import Limits, Sandbox
    from semforge.verifiers import VerifyConfig
    from semforge.verifiers.python.config import HASH_SEEDS
    from semforge.verifiers.python.measure import timing
    from semforge.verifiers.speed import from_counts

    configs = [c if c == "instr" else tuple(int(x) for x in c.split("x"))
               for c in args.configs.split(",")]
    pairs = timed_pairs(load_seeds(CORPUS, args.limit, 30), args.variants)
    if args.near is not None:
        pairs = [p for p in pairs if near_edge(p[-1], args.near)]
    print(f"{len(pairs)} timed pairs from {args.limit} seeds, {args.repeat} repeats each")
    if not pairs:
        return
    config = VerifyConfig()
    results = {c: [[] for _ in pairs] for c in configs}
    spent = dict.fromkeys(configs, 0.0)
    for r in range(args.repeat):
        sandbox = Sandbox(Limits(timeout_s=config.timeout_s, memory_mb=config.memory_mb,
                                 hash_seed=HASH_SEEDS[0]))
        counter = Sandbox(Limits(timeout_s=config.timeout_s, memory_mb=config.memory_mb,
                                 hash_seed=HASH_SEEDS[0], count_instructions=True)) \
            if "instr" in configs else None
        try:
            for i, (_, original, variant, entry, inputs, _) in enumerate(pairs):
                for c in configs:
                    t0 = time.perf_counter()
                    if c == "instr":
                        o = timing.count_rounds(counter, original, entry, inputs)
                        v = timing.count_rounds(counter, variant, entry, inputs)
                        speed = from_counts(o, v, BAND, len(inputs)) if o and v else None
                    else:
                        speed = timing.measure(sandbox, original, variant, entry, inputs,
                                               c[0] * c[1], BAND, blocks=c[0])
                    results[c][i].append(speed)
                    spent[c] += time.perf_counter() - t0
        finally:
            sandbox.close()
            if counter is not None:
                counter.close()
        print(f"  repeat {r + 1}/{args.repeat} done", flush=True)

    cost = {c: spent[c] / len(pairs) / args.repeat for c in configs}
    base = configs[0]
    base_spread = summarize(results[base])["spread"] or math.nan  # no spread: no ratio
    print(f"\n{'config':>8} {'spread':>7} {'x base':>6} {'agreement':>16} {'undecided':>10} "
          f"{'s/pair':>7} {'x base':>6}")
    for c in configs:
        s = summarize(results[c])
        share = f"{s['agree'] / s['directed']:.0%}" if s["directed"] else "-"
        name = c if c == "instr" else f"{c[0]}x{c[1]}"
        print(f"{name:>8} {s['spread']:7.4f} {s['spread'] / base_spread:6.2f} "
              f"{s['agree']:>5}/{s['directed']:<4} = {share:>4} "
              f"{s['undecided']:>4}/{s['total']:<5} {cost[c]:7.3f} {cost[c] / cost[base]:6.2f}")


if __name__ == "__main__":
    main()
