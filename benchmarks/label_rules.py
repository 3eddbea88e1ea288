"""Speed-label rules compared on the same timings: is agreement between runs a matter of how the
interval is built, or of where the pairs' effects lie?

Pairs: as in ``label_stability.py``, the equivalent rule variants of the first N HumanEval+
seeds, each on the input the verifier timed it on. Every pair is timed in all the blocks the
verifier may use (15 blocks of 3 rounds, each block a fresh pair of pinned sessions), in
``--passes`` passes, each pass in a new sandbox (a new zygote, as a second run gets). Each rule
then labels every pass from the recorded rounds, so the rules differ only in the statistics,
never in the machine's mood. The first rule is the verifier's own (``speed.interval`` on 5
blocks, then 10, then 15 while undecided); the others are reported against it:

  * agreement: pairs with a direction (`faster`/`slower`) in some pass whose label is the same
    in every pass, as ``variant_yield.py --repeat`` counts it (no label counts as disagreeing);
  * conflicts: pairs decided in every pass with different labels (the costly kind);
  * undecided: timings left without a label;
  * blocks: blocks a rule looked at per timing, against the verifier's (its timing cost).

``--save FILE`` keeps the recorded rounds; ``--load FILE`` scores the rules again without timing.

    python benchmarks/label_rules.py [--limit 20] [--variants 6] [--passes 2]
                                     [--save rounds.json | --load rounds.json]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

from label_stability import BAND, timed_pairs
from variant_yield import CORPUS, load_seeds

BLOCKS, PER_BLOCK, STEP = 15, 3, 5  # the verifier's most blocks, rounds per block, blocks per step


def record(pairs: list[tuple], passes: int) -> list[list]:
    """rounds[pair][pass]: the pass's blocks, each (original's times, variant's times), or None
    where a block could not be timed."""
    from semforge.sandbox import Limits, Sandbox
    from semforge.verifiers import VerifyConfig
    from semforge.verifiers.python.config import HASH_SEEDS
    from semforge.verifiers.python.measure import timing

    config = VerifyConfig()
    rounds: list[list] = [[] for _ in pairs]
    for p in range(passes):
        started = time.perf_counter()
        sandbox = Sandbox(Limits(timeout_s=config.timeout_s, memory_mb=config.memory_mb,
                                 hash_seed=HASH_SEEDS[0]))
        try:
            for i, (_, original, variant, entry, inputs, _) in enumerate(pairs):
                blocks = []
                for b in range(BLOCKS):
                    block = timing.time_block(sandbox, original, variant, entry, inputs,
                                              PER_BLOCK, b * PER_BLOCK)
                    if block is None:
                        blocks = None
                        break
                    blocks.append(block)
                rounds[i].append(blocks)
        finally:
            sandbox.close()
        print(f"  pass {p + 1}/{passes} timed in {time.perf_counter() - started:.0f}s", flush=True)
    return rounds


def _sequential(interval):
    """A rule that decides as ``timing.measure`` does: on 5 blocks, 5 more while undecided, at
    most 15; ``interval(blocks)`` gives (point, lo, hi)."""
    def rule(blocks):
        for n in range(STEP, BLOCKS + 1, STEP):
            label = _label(interval(blocks[:n]))
            if label is not None:
                return label, n
        return None, BLOCKS
    return rule


def _all_blocks(interval):
    """A rule that decides once, on all 15 blocks."""
    return lambda blocks: (_label(interval(blocks)), BLOCKS)


def _verifiers(blocks):
    """The verifier's interval (``speed.interval``)."""
    from semforge.verifiers import speed

    return speed.interval(*_pooled(blocks), _ratios(blocks))


def _widened(block_interval):
    """The rounds' paired bootstrap widened by ``block_interval`` of the blocks' ratios."""
    def interval(blocks):
        from semforge.verifiers import speed

        point, lo, hi = speed.paired_ratio(*_pooled(blocks))
        b_lo, b_hi = block_interval(_ratios(blocks))
        return point, min(lo, b_lo), max(hi, b_hi)
    return interval


def _rounds_only(blocks):
    """The rounds' paired bootstrap alone: blind to blocks that disagree."""
    from semforge.verifiers import speed

    return speed.paired_ratio(*_pooled(blocks))


def _trimmed_t(ratios):
    """The blocks' t-interval without the highest and lowest block."""
    from semforge.verifiers import speed

    return speed.block_interval(sorted(ratios)[1:-1])


def _pooled(blocks):
    return [t for b in blocks for t in b[0]], [t for b in blocks for t in b[1]]


def _ratios(blocks):
    from semforge.verifiers import speed

    return [speed.block_ratio(b) for b in blocks]


def _label(point_lo_hi):
    from semforge.verifiers import speed

    return speed.perf_label(point_lo_hi[1], point_lo_hi[2], BAND)


def _order_interval(values: list[float], level: float = 0.90) -> tuple[float, float]:
    """The narrowest symmetric pair of order statistics covering the median at ``level``."""
    v, n = sorted(values), len(values)
    best = (v[0], v[-1])
    for k in range(1, n // 2 + 1):
        if 1 - 2 * sum(math.comb(n, i) for i in range(k)) / 2 ** n < level:
            break
        best = (v[k - 1], v[n - k])
    return best


# The first is the verifier's own; "median of blocks" uses order statistics, so one disturbed
# block cannot stretch the interval.
RULES = {
    "verifier": _sequential(_verifiers),
    "all 15 blocks": _all_blocks(_verifiers),
    "median of blocks": _sequential(_widened(_order_interval)),
    "trimmed blocks": _sequential(_widened(_trimmed_t)),
    "rounds only": _sequential(_rounds_only),
}


def score(rounds: list[list], rule) -> dict:
    directed = agree = conflicts = undecided = timings = used = 0
    for passes in rounds:
        if len(passes) < 2 or any(b is None for b in passes):
            continue
        labels = []
        for blocks in passes:
            label, n = rule(blocks)
            labels.append(label)
            used += n
        timings += len(labels)
        undecided += labels.count(None)
        if {"faster", "slower"} & set(labels):
            directed += 1
            agree += len(set(labels)) == 1
            conflicts += None not in labels and len(set(labels)) > 1
    return {"directed": directed, "agree": agree, "conflicts": conflicts,
            "undecided": undecided, "timings": timings, "blocks": used / max(timings, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=20, help="first N HumanEval+ seeds")
    parser.add_argument("--variants", type=int, default=6, help="variants generated per seed")
    parser.add_argument("--passes", type=int, default=2, help="passes, each in a new sandbox")
    parser.add_argument("--save", type=Path, default=None, help="write the recorded rounds here")
    parser.add_argument("--load", type=Path, default=None,
                        help="score the rounds recorded in this file instead of timing")
    args = parser.parse_args()

    if args.load:
        rounds = json.loads(args.load.read_text())
    else:
        pairs = timed_pairs(load_seeds(CORPUS, args.limit, 30), args.variants)
        print(f"{len(pairs)} timed pairs from {args.limit} seeds, {args.passes} passes of "
              f"{BLOCKS} blocks x {PER_BLOCK} rounds")
        rounds = record(pairs, args.passes)
        if args.save:
            args.save.write_text(json.dumps(rounds))
    results = {name: score(rounds, rule) for name, rule in RULES.items()}
    base = results["verifier"]
    base_share = base["agree"] / base["directed"] if base["directed"] else math.nan
    print(f"\n{'rule':18} {'agreement':>16} {'x base':>6} {'conflicts':>9} {'undecided':>11} "
          f"{'blocks':>6} {'x base':>6}")
    for name, r in results.items():
        share = r["agree"] / r["directed"] if r["directed"] else math.nan
        print(f"{name:18} {r['agree']:>5}/{r['directed']:<4} = {share:4.0%} "
              f"{share / base_share:6.2f} {r['conflicts']:9} {r['undecided']:>5}/{r['timings']:<5} "
              f"{r['blocks']:6.1f} {r['blocks'] / base['blocks']:6.2f}")


if __name__ == "__main__":
    main()
