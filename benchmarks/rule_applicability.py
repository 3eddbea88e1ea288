"""Which rules fire on a corpus, by speed intent: the ceiling on speed-labelled pairs.

A seed can only get a measured-faster variant if some rewrite changes its hot path; the rules
meant to speed code up (intent ``faster``) and to slow it down (``slower``) are the likeliest
to. This tries every rule the pipeline uses by default (``generate.rules: all`` without the
renaming and dead-code rules; ``--all-rules`` for every registered one) once on every seed of
HumanEval+ (or ``--corpus``), each seen with the seed's input domain as the pipeline does
(``--no-domain``: without it), and prints, per intent, how many seeds at least one rule of that
intent fires on, how many get both, and each rule's count. ``--seeds`` also lists, per seed,
the faster and slower rules that fire (``-`` where none does). No verification, no timing: it
shows where rules are missing (or their preconditions too strict), not what the labels will be.

    python benchmarks/rule_applicability.py [--corpus HumanEvalPlus.jsonl.gz] [--limit N]
                                            [--all-rules] [--no-domain] [--seeds]
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
    parser.add_argument("--all-rules", action="store_true",
                        help="every registered rule, the renaming and dead-code ones too")
    parser.add_argument("--no-domain", action="store_true", help="rules see no input domain")
    parser.add_argument("--seeds", action="store_true",
                        help="list each seed's faster and slower rules")
    args = parser.parse_args()

    import libcst as cst

    from semforge.domain_infer import seed_domain
    from semforge.pipeline.config import GenerateSettings
    from semforge.pipeline.corpora import seed_from_evalplus
    from semforge.pipeline.steps.generate import select_rules
    from semforge.record import Seed
    from semforge.transforms import all_rules

    rules = ([cls() for cls in all_rules().values()] if args.all_rules
             else select_rules(GenerateSettings()))
    fires: Counter = Counter()
    by_intent: Counter = Counter()
    both = seeds = 0
    per_seed = []
    with gzip.open(args.corpus, "rt", encoding="utf-8") as fh:
        for n, line in enumerate(fh):
            if args.limit is not None and seeds >= args.limit:
                break
            seed = seed_from_evalplus(json.loads(line), source="corpus", source_id=str(n),
                                      license=None, max_inputs=30)
            if not isinstance(seed, Seed):
                continue
            seeds += 1
            domain = None if args.no_domain else seed_domain(
                seed.code, seed.entry_point, seed.inputs, seed.domain)
            module = cst.parse_module(seed.code)
            fired: dict[str, list[str]] = {"faster": [], "slower": [], "neutral": []}
            for rule in rules:
                try:
                    _, sites = rule.transform(module, seed=0, protected={seed.entry_point},
                                              domain=domain)
                except Exception:  # noqa: BLE001 - a crash is the rule harness's business
                    continue
                if sites:
                    fires[(rule.intent, rule.id)] += 1
                    fired[rule.intent].append(rule.id)
            intents = {k for k, v in fired.items() if v}
            for intent in intents:
                by_intent[intent] += 1
            both += {"faster", "slower"} <= intents
            per_seed.append((n, seed.entry_point, fired))
    print(f"{seeds} seeds; a rule fires on: " + ", ".join(
        f"{k} {by_intent[k]}" for k in ("faster", "slower", "neutral")) +
        f"; both a faster and a slower rule: {both} ({both / max(seeds, 1):.0%})")
    print(f"\n{'intent':8} {'rule':36} seeds")
    for (intent, rule_id), k in sorted(fires.items(), key=lambda kv: (kv[0][0], -kv[1])):
        print(f"{intent:8} {rule_id:36} {k}")
    if args.seeds:
        print(f"\n{'seed':>4} {'entry point':28} faster | slower")
        for n, entry, fired in per_seed:
            print(f"{n:4} {entry:28} {','.join(fired['faster']) or '-'} | "
                  f"{','.join(fired['slower']) or '-'}")


if __name__ == "__main__":
    main()
