"""Speed labels of a program timed against itself (A/A), with and without pinning both timing
sessions to one CPU, while other processes keep the machine busy.

Every pair here is the same program twice, so every label other than ``same`` is false. Load:
one process spinning and one spinning half the time (as a shared machine has), started by this
script and stopped at its end. For each of the first N HumanEval+ tasks, one timing of the
canonical solution on its first 50 base inputs: ``--rounds`` interleaved rounds in one pair of
sessions, labelled by ``speed.perf_label`` with a 5% band, once with the sessions pinned
(``timing.pin_together``, what the verifier does) and once left to the scheduler.

    python benchmarks/timing_pinning.py [--tasks 30] [--rounds 15]
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing as mp
import time
from collections import Counter

from _data import humaneval_path


def _spin(duty: float, stop) -> None:
    while not stop.is_set():
        t = time.perf_counter()
        while time.perf_counter() - t < 0.05 * duty:
            pass
        if duty < 1:
            time.sleep(0.05 * (1 - duty))


def _time_once(sandbox, code: str, entry: str, inputs: list, rounds: int, pin: bool) -> str:
    from semforge.verifiers import speed
    from semforge.verifiers.python.measure import timing

    block = timing.time_block(sandbox, code, code, entry, inputs, rounds, pin=pin)
    if block is None:
        return "untimed"
    _, lo, hi = speed.paired_ratio(*block)
    return speed.perf_label(lo, hi, 0.05)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args()

    from semforge.sandbox import Sandbox

    with gzip.open(humaneval_path(), "rt", encoding="utf-8") as fh:
        tasks = [json.loads(line) for line in fh][: args.tasks]
    stop = mp.Event()
    load = [mp.Process(target=_spin, args=(d, stop), daemon=True) for d in (1.0, 0.5)]
    for p in load:
        p.start()
    sandbox = Sandbox()
    labels = {True: Counter(), False: Counter()}
    try:
        for task in tasks:
            code = task["prompt"] + task["canonical_solution"]
            inputs = task["base_input"][:50]
            for pin in (False, True):
                labels[pin][_time_once(sandbox, code, task["entry_point"], inputs, args.rounds, pin)] += 1
    finally:
        stop.set()
        for p in load:
            p.join(2)
        sandbox.close()
    for pin in (False, True):
        c = labels[pin]
        false = c["faster"] + c["slower"]
        print(f"{'pinned  ' if pin else 'unpinned'}: {false}/{len(tasks)} A/A pairs labelled "
              f"faster or slower ({dict(c)})")


if __name__ == "__main__":
    main()
