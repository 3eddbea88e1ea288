"""Realistic non-equivalent rewrites (and tricky equivalent ones) through the verifier.

The cases (``realistic_rewrites_data.py``) are the kind of change an LLM or a refactoring makes:
a string method swapped for a near-synonym, integer arithmetic routed through floats, sign
handling rewritten, the caller's object returned instead of a copy, a default argument that
keeps state, a fast path above some size, and more. Every non-equivalent case's label is first
checked in plain Python by running its witness on both programs (a case whose witness shows no
difference is a broken case, reported and left out); then each pair is verified with
``verify_variants`` from the case's seed inputs only.

    python benchmarks/realistic_rewrites.py [--set realistic|typed|all] [--examples 200]
        [--policy strict] [--fast] [--json OUT]

``--set typed`` runs the model-style rewrites of ``typed_rewrites_data.py`` instead, whose
labels depend on the seed's input domain; their checks in plain Python are in
``typed_checks.py`` (in-domain witnesses, calls outside the domain, in-domain draws).

Prints the rejection rate of the non-equivalent cases (goal >= 95%) per class, the acceptance
rate of the equivalent ones (goal 100%), and every miss with the verifier's reason.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import realistic_rewrites_data  # noqa: E402
import typed_rewrites_data  # noqa: E402
from realistic_rewrites_data import Case  # noqa: E402


class _Timeout(Exception):
    pass


def _observe(code: str, entry: str, witness: str, seconds: float = 5.0):
    """What the witness expression gives on ``code`` in plain Python: (type name, repr) of the
    value, or ("raise", exception type). Runs in this process: the cases are ours, not untrusted."""
    ns: dict = {"__name__": "__case__"}
    exec(compile(code, "<case>", "exec"), ns)
    ns["f"] = ns[entry]

    def alarm(*_):
        raise _Timeout

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        value = eval(witness, ns)
        return (type(value).__name__, repr(value), _list_types(value))
    except _Timeout:
        return ("timeout", "")
    except BaseException as e:  # noqa: BLE001 - RecursionError, OverflowError are behaviour
        return ("raise", type(e).__name__)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _list_types(value) -> str:
    if isinstance(value, (list, tuple)):
        return ",".join(type(x).__name__ for x in value[:50])
    return ""


def witness_shows(case: Case) -> tuple[bool, str]:
    """Whether the witness tells the two programs apart in plain Python, and both results."""
    a = _observe(case.original, case.entry, case.witness)
    b = _observe(case.variant, case.entry, case.witness)
    return a != b, f"original {a[:2]}, variant {b[:2]}"


def in_domain(case: Case) -> bool:
    """A wrong case whose witness calls the entry point only inside the seed's domain (as the
    typed policy judges); every correct case counts."""
    from typed_checks import witness_in_domain

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
                    help="default: the verifier's")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--fast", action="store_true", help="only the subset the tests run")
    ap.add_argument("--only", help="comma-separated case names")
    ap.add_argument("--json", help="write every row here")
    args = ap.parse_args()

    sets = {"realistic": [realistic_rewrites_data], "typed": [typed_rewrites_data],
            "all": [realistic_rewrites_data, typed_rewrites_data]}[args.which]
    cases = [c for mod in sets for c in mod.CASES if (not args.fast or c.name in mod.FAST)
             and (not args.only or c.name in args.only.split(","))]
    broken = []
    for c in cases:
        if c.prompt is not None:  # a model-style case: checked on and off its domain
            from typed_checks import check_case

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
