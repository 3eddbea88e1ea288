"""Sandbox overhead against a fresh interpreter per program, measured in the same run.

    .venv/bin/python benchmarks/sandbox_overhead.py [--tasks 40] [--inputs 200]

For HumanEval+ tasks (code = prompt + canonical solution, inputs = base then plus inputs), it
times: opening a session (fork from the zygote + loading the program), calling the entry point on
every input in one ``call_many`` round trip, and the same work done by spawning one
``python -c`` process per program (the naive alternative: the process imports, runs all inputs
and prints JSON). A *pair* is two programs (original and variant), so pairs/s = 1 / (2 * time per
program). Each figure is the best of ``--repeat`` runs, as wall clock on a shared machine is noisy;
compare ratios more than absolutes.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _data import humaneval_path

from semforge.sandbox import Limits, Sandbox

DATA = humaneval_path()
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


def in_process(code: str, entry: str, inputs: list) -> float:
    """The work itself, with no isolation at all: what both ways of isolating add to."""
    t0 = time.perf_counter()
    ns: dict = {"__name__": "__bench__"}
    exec(compile(code, "<bench>", "exec"), ns)
    fn = ns[entry]
    for a in inputs:
        try:
            repr(fn(*copy.deepcopy(a)))
        except BaseException:  # noqa: BLE001
            pass
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=40)
    ap.add_argument("--inputs", type=int, default=200)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--repeat", type=int, default=3, help="keep the best of this many runs of everything")
    args = ap.parse_args()
    tasks = load_tasks(args.data, args.tasks, args.inputs)
    # A trivial program on as many inputs: pure overhead, nothing else.
    tasks.append(("def ident(x):\n    return x\n", "ident", [[i] for i in range(args.inputs)]))
    n_calls = sum(len(i) for _, _, i in tasks)

    sandbox = Sandbox(Limits(timeout_s=5.0))
    t = time.perf_counter()
    sandbox.start()
    zygote_start = time.perf_counter() - t

    rows = []  # (in-process s, open s, calls s, sandbox s, fresh s, n inputs): best of --repeat
    kinds: dict = {}
    for code, entry, inputs in tasks:
        best = None
        for _ in range(args.repeat):
            base = in_process(code, entry, inputs)
            t0 = time.perf_counter()
            with sandbox.open(code, entry) as s:
                t1 = time.perf_counter()
                outs = s.call_many(inputs)
                t2 = time.perf_counter()
            t3 = time.perf_counter()
            src = _DRIVER.format(code=code, entry=entry)
            t4 = time.perf_counter()
            subprocess.run([sys.executable, "-c", src], input=json.dumps(inputs), capture_output=True, text=True, timeout=120)
            t5 = time.perf_counter()
            row = (base, t1 - t0, t2 - t1, t3 - t0, t5 - t4, len(inputs))
            best = row if best is None else tuple(min(a, b) for a, b in zip(best, row))
        for o in outs:
            kinds[o["kind"]] = kinds.get(o["kind"], 0) + 1
        rows.append(best)
    cpu_ms = cpu_per_program(sandbox, tasks[-1][0], tasks[-1][1], tasks[-1][2])
    sandbox.close()

    med = lambda i: statistics.median(r[i] for r in rows[:-1]) * 1e3  # noqa: E731
    tot = lambda i: sum(r[i] for r in rows[:-1])  # noqa: E731
    sb_over = tot(3) - tot(0)
    fresh_over = tot(4) - tot(0)
    triv = rows[-1]
    print(f"HumanEval+ tasks={len(rows) - 1} calls={n_calls} outcome kinds={kinds}")
    print(f"zygote start (once per process):      {zygote_start * 1e3:8.1f} ms")
    print(f"session open+load, median:            {med(1):8.2f} ms")
    print(f"call_many per call, median:           {statistics.median(r[2] / max(1, r[5]) for r in rows[:-1]) * 1e6:8.1f} us")
    print(f"per program, median: in-process {med(0):.2f} ms | sandbox {med(3):.2f} ms | fresh python -c {med(4):.2f} ms")
    print(f"overhead over in-process, total: sandbox {sb_over:.2f} s | fresh process {fresh_over:.2f} s"
          f" | ratio {fresh_over / max(sb_over, 1e-9):.1f}x")
    print(f"trivial program x{triv[5]} inputs: sandbox {triv[3] * 1e3:.2f} ms (open {triv[1] * 1e3:.2f} ms,"
          f" {triv[2] / triv[5] * 1e6:.1f} us/call) | fresh process {triv[4] * 1e3:.2f} ms"
          f" | ratio {triv[4] / triv[3]:.1f}x")
    print(f"pairs/s at {triv[5]} inputs (trivial program, 2 sessions per pair): sandbox {1 / (2 * triv[3]):.1f},"
          f" fresh process {1 / (2 * triv[4]):.1f}")
    fresh_cpu = fresh_cpu_per_program(*tasks[-1])
    print(f"CPU per trivial program x{triv[5]}: sandbox {cpu_ms:.2f} ms (caller + zygote + child)"
          f" | fresh process {fresh_cpu:.2f} ms | ratio {fresh_cpu / cpu_ms:.1f}x")
    print(f"pairs/s per core of CPU: sandbox {1000 / (2 * cpu_ms):.0f}, fresh process {1000 / (2 * fresh_cpu):.0f}")


def fresh_cpu_per_program(code: str, entry: str, inputs: list, n: int = 20) -> float:
    import resource

    src = _DRIVER.format(code=code, entry=entry)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(n):
        subprocess.run([sys.executable, "-c", src], input=json.dumps(inputs), capture_output=True, text=True, timeout=120)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return used / n * 1e3


def cpu_per_program(sandbox: Sandbox, code: str, entry: str, inputs: list, n: int = 100) -> float:
    """CPU time (not wall) one program costs: caller, zygote and the collected children."""

    def zygote_ticks() -> int:
        fields = Path(f"/proc/{sandbox.zygote_pid}/stat").read_text().rsplit(")", 1)[1].split()
        return sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime

    sandbox.start()
    z0, c0 = zygote_ticks(), time.process_time()
    for _ in range(n):
        with sandbox.open(code, entry) as s:
            s.call_many(inputs)
    sandbox.start()  # answered after the zygote collected every child before it
    z1, c1 = zygote_ticks(), time.process_time()
    return ((z1 - z0) / os.sysconf("SC_CLK_TCK") + (c1 - c0)) / n * 1e3


if __name__ == "__main__":
    main()
