"""Realistic non-equivalent rewrites (and tricky equivalent ones) through the verifier.

The cases (``semforge.verifiers.realistic``) are the kind of change an LLM or a refactoring makes:
a string method swapped for a near-synonym, integer arithmetic routed through floats, sign
handling rewritten, the caller's object returned instead of a copy, a default argument that
keeps state, a fast path above some size, and more. Every non-equivalent case's label is first
checked in plain Python by running its witness on both programs (a case whose witness shows no
difference is a broken case, reported and left out); then each pair is verified with
``verify_variants`` from the case's seed inputs only.

    python benchmarks/realistic_rewrites.py [--examples 200] [--policy strict] [--fast] [--json OUT]

Prints the rejection rate of the non-equivalent cases (goal >= 95%) per class, the acceptance
rate of the equivalent ones (goal 100%), and every miss with the verifier's reason.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from pathlib import Path

from semforge.verifiers.realistic import CASES, FAST, Case, witness_shows


def run(cases: list[Case], examples: int, policy: str, seed: int) -> list[dict]:
    from semforge.verifiers import VerifyConfig, verify_variants

    config = VerifyConfig(examples=examples, seed=seed, policy=policy, measure_speed=False)
    rows = []
    for case in cases:
        t0 = time.perf_counter()
        v = verify_variants(case.original, case.entry, [case.variant], case.seeds, config)[0]
        rows.append({"name": case.name, "cls": case.cls, "expected": "equivalent" if case.equivalent
                     else "different", "verdict": v.verdict, "reason": v.reason,
                     "seconds": round(time.perf_counter() - t0, 2)})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--examples", type=int, default=200)
    ap.add_argument("--policy", default="strict", choices=["strict", "domain"])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--fast", action="store_true", help="only the subset the tests run")
    ap.add_argument("--only", help="comma-separated case names")
    ap.add_argument("--json", help="write every row here")
    args = ap.parse_args()

    cases = [c for c in CASES if (not args.fast or c.name in FAST)
             and (not args.only or c.name in args.only.split(","))]
    broken = []
    for c in cases:
        if not c.equivalent:
            shows, detail = witness_shows(c)
            if not shows:
                broken.append((c.name, detail))
    print(f"{len(cases)} cases ({sum(not c.equivalent for c in cases)} non-equivalent, "
          f"{sum(c.equivalent for c in cases)} equivalent); witnesses checked in plain Python: "
          f"{len(broken)} broken")
    for name, detail in broken:
        print(f"  BROKEN witness {name}: {detail}")
    cases = [c for c in cases if c.name not in {n for n, _ in broken}]
    t0 = time.perf_counter()
    rows = run(cases, args.examples, args.policy, args.seed)
    secs = time.perf_counter() - t0
    per_cls: dict[str, Counter] = defaultdict(Counter)
    for r in rows:
        ok = (r["verdict"] == "equivalent") if r["expected"] == "equivalent" else (r["verdict"] != "equivalent")
        per_cls[r["cls"]]["ok" if ok else "miss"] += 1
    for cls, c in sorted(per_cls.items()):
        print(f"  {cls:14s} {c['ok']}/{c['ok'] + c['miss']}")
    bad = [r for r in rows if r["expected"] == "different"]
    rejected = sum(r["verdict"] != "equivalent" for r in bad)
    eq = [r for r in rows if r["expected"] == "equivalent"]
    accepted = sum(r["verdict"] == "equivalent" for r in eq)
    print(f"non-equivalent rejected: {rejected}/{len(bad)} = {100 * rejected / max(len(bad), 1):.1f}% "
          f"(goal >= 95%); verdicts {dict(Counter(r['verdict'] for r in bad))}")
    print(f"equivalent accepted: {accepted}/{len(eq)} = {100 * accepted / max(len(eq), 1):.1f}% (goal 100%)")
    print(f"{len(rows)} pairs in {secs:.1f}s (policy={args.policy}, examples={args.examples})")
    for r in rows:
        wrong = (r["verdict"] != "equivalent") if r["expected"] == "equivalent" else r["verdict"] == "equivalent"
        if wrong:
            print(f"  MISS {r['name']} ({r['cls']}): expected {r['expected']}, got {r['verdict']}: "
                  f"{r['reason'][:160]}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
