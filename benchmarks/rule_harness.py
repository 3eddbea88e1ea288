"""Hostile-context harness: does every rule keep behaviour on code that meets its preconditions?

Each rule's own must-fire fixtures (``CASES`` of ``tests/rules/test_*.py``) are put in hostile
contexts, the rule is applied, and original and rewrite are run side by side in plain Python
(one subprocess per rule, an alarm per call). Contexts:

- ``plain``: ordinary ints, strs, lists, dicts... (the control);
- ``subclass``: instances of str/list/dict/tuple/set/int/float subclasses whose ``__len__``,
  ``__iter__``, ``__eq__``, ``__hash__``, ``__mul__``, ``__add__``, ``keys``, ``lower``... differ
  from the builtin ones (what an annotation ``x: str`` admits);
- ``dunders``: objects of a class defining every operator, each logging its call;
- ``stopiteration``: objects whose attributes, properties, operators, ``__bool__``, ``__len__``
  and ``__iter__`` raise ``StopIteration``, alone and inside lists;
- ``shadowed``: the fixture with a module-level rebinding of the builtins before it
  (``len = ...``, ``sum = ...``), rewritten as a whole;
- ``rebound``: the module's own functions rebound after definition (``helper = other``).

An outcome is the return value's repr (or the exception's type and message), the arguments'
reprs afterwards and the log of dunder calls; a rewrite whose outcome differs from the
original's on any input is *unsound* in that context. Prints a table rules x contexts:
``ok`` (fired, same behaviour everywhere), ``UNSOUND`` (with an example), ``-`` (the rule did
not fire there: its preconditions refused the context).

    python benchmarks/rule_harness.py [--rule ID ...] [--timeout S] [--json OUT]

The harness itself is ``semforge.transforms.harness``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from semforge.transforms.harness import CONTEXTS, fixtures_by_rule, run_rule

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "tests" / "rules"


def run(rules: list[str] | None = None, timeout: float = 1.0, child_timeout: float = 120.0):
    results = {}
    for rule_id, sources in fixtures_by_rule(FIXTURES, rules).items():
        payload = json.dumps({"rule": rule_id, "fixtures": sources, "timeout": timeout})
        try:
            proc = subprocess.run([sys.executable, __file__, "--child"], input=payload,
                                  capture_output=True, text=True, timeout=child_timeout,
                                  env={**os.environ, "PYTHONHASHSEED": "0"})
            results[rule_id] = json.loads(proc.stdout.splitlines()[-1]) if proc.returncode == 0 \
                else {c: {"fired": 0, "unsound": {"crash": proc.stderr[-400:]}} for c in CONTEXTS}
        except subprocess.TimeoutExpired:
            results[rule_id] = {c: {"fired": 0, "unsound": {"crash": "harness timeout"}}
                                for c in CONTEXTS}
    return results


def table(results: dict) -> str:
    lines = ["| rule | " + " | ".join(CONTEXTS) + " |", "|---" * (len(CONTEXTS) + 1) + "|"]
    for rule_id in sorted(results):
        cells = []
        for c in CONTEXTS:
            r = results[rule_id][c]
            cells.append("UNSOUND" if r["unsound"] else ("ok" if r["fired"] else "-"))
        lines.append(f"| {rule_id} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", action="append", help="only this rule (repeatable)")
    parser.add_argument("--timeout", type=float, default=1.0, help="seconds per call")
    parser.add_argument("--json", type=Path, help="write the full results (with examples) here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        job = json.loads(sys.stdin.read())
        print(json.dumps(run_rule(job["rule"], job["fixtures"], job["timeout"])))
        return
    results = run(args.rule, args.timeout)
    print(table(results))
    bad = sorted((r, c) for r in results for c in CONTEXTS if results[r][c]["unsound"])
    print(f"\n{len(results)} rules x {len(CONTEXTS)} contexts: {len(bad)} unsound combinations")
    for r, c in bad:
        ex = results[r][c]["unsound"]
        print(f"\n## {r} / {c}\n{json.dumps(ex, indent=1)[:1500]}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
