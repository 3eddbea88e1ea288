"""Sandbox overhead against a fresh interpreter per program, measured in the same run.

    .venv/bin/python benchmarks/sandbox_overhead.py [--tasks 40] [--inputs 200]

For HumanEval+ tasks (code = prompt + canonical solution, inputs = base then plus inputs), it
times: opening a session (fork from the zygote + loading the program), calling the entry point on
every input in one ``call_many`` round trip, and the same work done by spawning one
``python -c`` process per program (the naive alternative: the process imports, runs all inputs
and prints JSON). A *pair* is two programs (original and variant), so pairs/s = 1 / (2 * time per
program). Wall-clock figures on a shared machine are noisy: compare ratios, not absolutes.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from semforge.verifiers.sandbox import Limits, Sandbox

DATA = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "HumanEvalPlus.jsonl.gz"
_DRIVER = """
import json, sys
{code}
_args = json.loads(sys.stdin.read())
_out = []
for a in _args:
    try:
        _out.append(repr({entry}(*a))[:100])
    except BaseException as e:
        _out.append(type(e).__name__)
print(json.dumps(_out))
"""


def load_tasks(path: Path, n_tasks: int, n_inputs: int) -> list[tuple[str, str, list]]:
    tasks = []
    with gzip.open(path, "rt") as f:
        for line in f:
            t = json.loads(line)
            inputs = (t["base_input"] + t["plus_input"])[:n_inputs]
            try:
                json.dumps(inputs)
            except (TypeError, ValueError):
                continue
            tasks.append((t["prompt"] + t["canonical_solution"], t["entry_point"], inputs))
            if len(tasks) >= n_tasks:
                break
    return tasks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=40)
    ap.add_argument("--inputs", type=int, default=200)
    ap.add_argument("--data", type=Path, default=DATA)
    args = ap.parse_args()
    tasks = load_tasks(args.data, args.tasks, args.inputs)
    n_calls = sum(len(i) for _, _, i in tasks)

    sandbox = Sandbox(Limits(timeout_s=5.0))
    t = time.perf_counter()
    sandbox.start()
    zygote_start = time.perf_counter() - t

    opens, calls, per_program, kinds = [], [], [], {}
    for code, entry, inputs in tasks:
        t0 = time.perf_counter()
        with sandbox.open(code, entry) as s:
            t1 = time.perf_counter()
            outs = s.call_many(inputs)
            t2 = time.perf_counter()
        t3 = time.perf_counter()
        opens.append(t1 - t0)
        calls.append((t2 - t1) / max(1, len(inputs)))
        per_program.append(t3 - t0)
        for o in outs:
            kinds[o["kind"]] = kinds.get(o["kind"], 0) + 1
    sandbox.close()

    fresh = []
    for code, entry, inputs in tasks:
        src = _DRIVER.format(code=code, entry=entry)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", src], input=json.dumps(inputs), capture_output=True, text=True, timeout=120)
        fresh.append(time.perf_counter() - t0)

    ms = lambda xs: statistics.median(xs) * 1e3  # noqa: E731
    sb_total, fresh_total = sum(per_program), sum(fresh)
    print(f"tasks={len(tasks)} calls={n_calls} outcome kinds={kinds}")
    print(f"zygote start:                 {zygote_start * 1e3:8.1f} ms (once per process)")
    print(f"session open+load (median):   {ms(opens):8.2f} ms")
    print(f"per call in call_many (median): {ms(calls) * 1e3:6.1f} us")
    print(f"sandbox, per program (median): {ms(per_program):7.2f} ms   total {sb_total:.2f} s")
    print(f"fresh python -c per program (median): {ms(fresh):.2f} ms   total {fresh_total:.2f} s")
    print(f"pairs/s (2 programs each): sandbox {len(tasks) / (2 * sb_total):.1f}, fresh process {len(tasks) / (2 * fresh_total):.1f}")
    print(f"speedup of sandbox over fresh process: {fresh_total / sb_total:.1f}x")


if __name__ == "__main__":
    main()
