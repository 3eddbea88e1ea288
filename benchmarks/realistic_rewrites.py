"""Realistic non-equivalent rewrites (and tricky equivalent ones) through the verifier.

The cases (``semforge.verifiers.realistic``) are the kind of change an LLM or a refactoring makes:
a string method swapped for a near-synonym, integer arithmetic routed through floats, sign
handling rewritten, the caller's object returned instead of a copy, a default argument that
keeps state, a fast path above some size, and more. Every non-equivalent case's label is first
checked in plain Python by running its witness on both programs (a case whose witness shows no
difference is a broken case, reported and left out); then each pair is verified with
``verify_variants`` from the case's seed inputs only.

    python benchmarks/realistic_rewrites.py [--set realistic|typed|all] [--examples 200]
        [--policy typed|strict|domain] [--fast] [--json OUT]

``--set typed`` runs the model-style rewrites of ``semforge.verifiers.realistic.typed`` instead,
whose labels depend on the seed's input domain; their labels are checked in plain Python first
(``typed.checks``: in-domain witnesses, calls outside the domain, in-domain draws).

Prints the rejection rate of the non-equivalent cases (goal >= 95%) per class, the acceptance
rate of the equivalent ones (goal 100%), the same for the wrong cases whose witness calls the
entry point only inside the seeds' domain (what the default ``typed`` policy judges), the
level each accepted pair reached, and every miss with the verifier's reason.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter, defaultdict
from pathlib import Path

from semforge.verifiers import realistic
from semforge.verifiers.realistic import Case, typed, witness_shows
from semforge.verifiers.realistic.typed.checks import check_case, witness_in_domain


def in_domain(case: Case) -> bool:
    """A wrong case whose witness calls the entry point only inside the seed's domain (as the
    typed policy judges); every correct case counts."""
    return case.witness is None or witness_in_domain(case)


def run(cases: list[Case], examples: int, policy: str | None, seed: int) -> list[dict]:
    from semforge.verifiers import VerifyConfig, verify_variants

    config = VerifyConfig(examples=examples, seed=seed, measure_speed=False)
    if policy is not None:
        config.policy = policy
    rows = []
    for case in cases:
        t0 = time.perf_counter()
        v = verify_variants(case.original, case.entry, [case.variant], case.seeds, config)[0]
        rows.append({"name": case.name, "cls": case.cls, "expected": "equivalent" if case.equivalent
                     else "different", "verdict": v.verdict, "reason": v.reason,
                     "equivalence": v.equivalence, "in_domain": in_domain(case),
                     "seconds": round(time.perf_counter() - t0, 2)})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--examples", type=int, default=200)
    ap.add_argument("--set", dest="which", default="realistic", choices=["realistic", "typed", "all"])
    ap.add_argument("--policy", default=None, choices=["typed", "strict", "domain"],
                    help="default: the verifier's (typed)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--fast", action="store_true", help="only the subset the tests run")
    ap.add_argument("--only", help="comma-separated case names")
    ap.add_argument("--json", help="write every row here")
    args = ap.parse_args()

    sets = {"realistic": [realistic], "typed": [typed], "all": [realistic, typed]}[args.which]
    cases = [c for mod in sets for c in mod.CASES if (not args.fast or c.name in mod.FAST)
             and (not args.only or c.name in args.only.split(","))]
    broken = []
    for c in cases:
        if c.prompt is not None:  # a model-style case: checked on and off its domain
            problem = check_case(c)
            if problem:
                broken.append((c.name, problem))
        elif not c.equivalent:
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
    inside = [r for r in bad if r["in_domain"]]
    caught = sum(r["verdict"] != "equivalent" for r in inside)
    outside = [r for r in bad if not r["in_domain"]]
    print(f"non-equivalent inside the domain (the witness calls the entry point inside the "
          f"seeds' domain) rejected: {caught}/{len(inside)} = "
          f"{100 * caught / max(len(inside), 1):.1f}%; outside it: "
          f"{sum(r['verdict'] != 'equivalent' for r in outside)}/{len(outside)} rejected, "
          f"{sum(r['equivalence'] == 'typed' for r in outside)} equivalent at typed only")
    levels = Counter(r["equivalence"] for r in eq if r["verdict"] == "equivalent")
    print(f"equivalent accepted, by level: {dict(levels)}")
    print(f"{len(rows)} pairs in {secs:.1f}s (policy={args.policy}, examples={args.examples})")
    for r in rows:
        wrong = (r["verdict"] != "equivalent") if r["expected"] == "equivalent" else (
            r["verdict"] == "equivalent" and (r["in_domain"] or r["equivalence"] != "typed"))
        if wrong:
            print(f"  MISS {r['name']} ({r['cls']}): expected {r['expected']}, got {r['verdict']}: "
                  f"{r['reason'][:160]}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
