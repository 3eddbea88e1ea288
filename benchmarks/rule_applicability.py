"""Which rules fire on a corpus, by speed intent: the ceiling on speed-labelled pairs.

A seed can only get a measured-faster variant if some rewrite changes its hot path; the rules
meant to speed code up (intent ``faster``) and to slow it down (``slower``) are the likeliest
to. This tries every registered rule once on every seed of HumanEval+ (or ``--corpus``) and
prints, per intent, how many seeds at least one rule of that intent fires on, how many get
both, and each rule's count. No verification, no timing: it shows where rules are missing (or
their preconditions too strict), not what the labels will be.

    python benchmarks/rule_applicability.py [--corpus HumanEvalPlus.jsonl.gz] [--limit N]
"""

from __future__ import annotations

import argparse
import gzip
import json
from collections import Counter
from pathlib import Path

from _data import humaneval_path

CORPUS = humaneval_path()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args()

    import libcst as cst

    from semforge.pipeline.corpora import seed_from_evalplus
    from semforge.record import Seed
    from semforge.transforms import all_rules

    rules = [cls() for cls in all_rules().values()]
    fires: Counter = Counter()
    by_intent: Counter = Counter()
    both = seeds = 0
    with gzip.open(args.corpus, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if args.limit is not None and seeds >= args.limit:
                break
            seed = seed_from_evalplus(json.loads(line), source="corpus", source_id=str(n),
                                      license=None, max_inputs=1)
            if not isinstance(seed, Seed):
                continue
            seeds += 1
            module = cst.parse_module(seed.code)
            intents = set()
            for rule in rules:
                try:
                    _, sites = rule.transform(module, seed=0, protected={seed.entry_point})
                except Exception:  # noqa: BLE001 - a crash is the rule harness's business
                    continue
                if sites:
                    fires[(rule.intent, rule.id)] += 1
                    intents.add(rule.intent)
            for intent in intents:
                by_intent[intent] += 1
            both += {"faster", "slower"} <= intents
    print(f"{seeds} seeds; a rule fires on: " + ", ".join(
        f"{k} {by_intent[k]}" for k in ("faster", "slower", "neutral")) +
        f"; both a faster and a slower rule: {both} ({both / max(seeds, 1):.0%})")
    print(f"\n{'intent':8} {'rule':36} seeds")
    for (intent, rule_id), k in sorted(fires.items(), key=lambda kv: (kv[0][0], -kv[1])):
        print(f"{intent:8} {rule_id:36} {k}")


if __name__ == "__main__":
    main()
