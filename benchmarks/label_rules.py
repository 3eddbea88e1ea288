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

from label_stability import timed_pairs
from variant_yield import CORPUS, load_seeds

from semforge.verifiers.label_agreement import BLOCKS, LABEL_RULES, PER_BLOCK, score


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
    results = {name: score(rounds, rule) for name, rule in LABEL_RULES.items()}
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
