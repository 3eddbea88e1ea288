"""Scale: peak memory of the driver and of each worker, and seeds/s, at 1k, 10k and 100k seeds.

The corpus is synthetic and made here: every built-in and HumanEval+ function, copied with its
bound names (function, parameters, locals) suffixed and its integer literals varied per copy, so every seed is distinct (none
is removed as a duplicate). It is written as one EvalPlus .jsonl.gz (each seed keeps one input
of its original).

Each size runs `semforge run` in a subprocess on a local cluster, rules only and verification
cheap (1 example per pair, no speed measurement, 1 variant per seed, chains of 1 rule): the
driver plans *every* seed of the corpus (reads, validates and deduplicates all of them), and
the workers process an evenly spread sample of the shards (`run.sample_every`), the same number
of shards at every size, so the sizes compare what grows with the corpus. Memory is sampled
from /proc every 0.2 s for the whole process tree: the driver, each Dask worker process, each
seed process (`placement/seed_process.py`).

The baseline is the 1k run: the table prints each size's peak memory as a ratio to it (goal:
within 1.2x), and the 2-worker run's seeds/s as a ratio to a 1-worker run of the same sample
(goal: >= 1.8x on an otherwise idle machine with >= 2 cores).

    python benchmarks/scale.py [--sizes 1000,10000,100000] [--sample-shards 12]
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from _data import humaneval_path

import psutil

HERE = Path(__file__).resolve().parent
HUMANEVAL = [humaneval_path()]


# ------------------------------------------------------------------------------ the corpus


def _bound_names(module: ast.Module) -> set[str]:
    """Names the code binds itself: functions, parameters, assigned locals."""
    names = set()
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _template(code: str) -> tuple[re.Pattern | None, str]:
    """A pattern matching the bound names and the integer literals above 2 of ``code``;
    copy k suffixes the names with ``_k`` and adds ``k % 5`` to the literals."""
    names = sorted(_bound_names(ast.parse(code)), key=len, reverse=True)
    alternatives = [rf"\b(?P<name>{'|'.join(map(re.escape, names))})\b"] if names else []
    alternatives.append(r"(?<![\w.])(?P<int>[3-9]|[1-9]\d+)(?![\w.])")
    return re.compile("|".join(alternatives)), code


def _copy(pattern: re.Pattern, code: str, k: int) -> str:
    def sub(m: re.Match) -> str:
        if m.group("int") is not None:
            return str(int(m.group("int")) + k % 5)
        return f"{m.group('name')}_{k}"

    return pattern.sub(sub, code)


def base_functions() -> list[tuple[str, str, list]]:
    """(entry point, code, one input) of every built-in and HumanEval+ seed."""
    from semforge.pipeline.corpora import CorpusSpec, iter_corpus
    from semforge.record import Seed

    specs = [CorpusSpec(kind="builtin", max_inputs=1)]
    he = next((p for p in HUMANEVAL if p.exists()), None)
    if he is not None:
        specs.append(CorpusSpec(kind="evalplus", path=str(he), max_inputs=1))
    return [(s.entry_point, s.code, s.inputs[:1]) for spec in specs for s in iter_corpus(spec)
            if isinstance(s, Seed)]


def write_corpus(path: Path, n: int, bases) -> None:
    templates = [(ep, *_template(code), inputs) for ep, code, inputs in bases]
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=1) as fh:
        for i in range(n):
            ep, pattern, code, inputs = templates[i % len(templates)]
            k = i // len(templates) + 1
            fh.write(json.dumps({"task_id": f"synthetic/{i}", "entry_point": f"{ep}_{k}",
                                 "prompt": "", "canonical_solution": _copy(pattern, code, k),
                                 "base_input": inputs, "plus_input": []}) + "\n")


# ------------------------------------------------------------------------------ measuring


class TreeMemory:
    """Peak RSS (MB) per role of a process tree, sampled in a thread."""

    def __init__(self, root: int, every: float = 0.2):
        self.root = psutil.Process(root)
        self.peaks: dict[str, float] = {}
        self.seed_children = 0
        self._seen_children: set[int] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, args=(every,), daemon=True)
        self._thread.start()

    def _role(self, proc: psutil.Process) -> str | None:
        if proc.pid == self.root.pid:
            return "driver"
        cmd = " ".join(proc.cmdline())
        if "semforge.pipeline.placement.seed_process" in cmd:
            self._seen_children.add(proc.pid)
            return "seed process"
        if "spawn_main" in cmd:  # distributed's nanny starts each worker with multiprocessing
            return f"worker {proc.pid}"
        return None

    def _loop(self, every: float) -> None:
        while not self._stop.is_set():
            try:
                procs = [self.root, *self.root.children(recursive=True)]
            except psutil.NoSuchProcess:
                return
            for proc in procs:
                try:
                    role = self._role(proc)
                    if role is None:
                        continue
                    rss = proc.memory_info().rss / 2**20
                except (psutil.NoSuchProcess, psutil.AccessDenied):
                    continue
                self.peaks[role] = max(self.peaks.get(role, 0.0), rss)
            time.sleep(every)

    def stop(self) -> dict[str, float]:
        self._stop.set()
        self._thread.join()
        self.seed_children = len(self._seen_children)
        return self.peaks


def run_once(corpus: Path, out: Path, workers: int, sample_every: int, per_shard: int) -> dict:
    config = {
        "corpus": [{"kind": "evalplus", "path": str(corpus), "max_inputs": 1}],
        "generate": {"variants_per_seed": 1, "max_chain": 1},
        "verify": {"examples": 1, "measure_speed": False},
        "run": {"seeds_per_shard": per_shard, "workers": workers, "sample_every": sample_every},
    }
    cfg = out.with_suffix(".yaml")
    cfg.write_text(json.dumps(config))
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "semforge.cli", "run", "--config", str(cfg),
                             "--out", str(out), "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    memory = TreeMemory(proc.pid)
    stdout, stderr = proc.communicate()
    peaks = memory.stop()
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        raise SystemExit(f"semforge run failed:\n{stdout}\n{stderr}")
    stats = json.loads((out / "stats.json").read_text())
    processed = stats["seeds"]["with_variants"] + stats["seeds"]["without_variants"]
    # Sum over shards of each shard's own duration: seeds/s of one worker busy on shards.
    busy = 0.0
    for name in os.listdir(out / "_shards"):
        if name.endswith(".stats.json"):
            busy += json.loads((out / "_shards" / name).read_text())["counters"].get("shard_seconds", 0)
    return {"wall": wall, "busy": busy, "stats": stats, "peaks": peaks,
            "processed": processed, "seed_processes": memory.seed_children}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--sample-shards", type=int, default=12,
                        help="shards processed at every size (evenly spread over the corpus)")
    parser.add_argument("--seeds-per-shard", type=int, default=10)
    parser.add_argument("--skip-workers-ratio", action="store_true")
    parser.add_argument("--ratio-seeds", type=int, default=1000,
                        help="corpus size of the 1 vs 2 workers comparison")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    bases = base_functions()
    print(f"{len(bases)} base functions (built-in + HumanEval+); {os.cpu_count()} cores; "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    rows = []
    with tempfile.TemporaryDirectory(prefix="semforge-scale-") as tmp:
        for n in [s for s in sizes if s]:
            corpus = Path(tmp) / f"synthetic-{n}.jsonl.gz"
            write_corpus(corpus, n, bases)
            n_shards = -(-n // args.seeds_per_shard)
            every = max(1, n_shards // args.sample_shards)
            result = run_once(corpus, Path(tmp) / f"out-{n}", 2, every, args.seeds_per_shard)
            s = result["stats"]
            assert s["seeds"]["loaded"] == n, f"{s['seeds']['loaded']} of {n} seeds planned"
            peaks = result["peaks"]
            workers = sorted(v for k, v in peaks.items() if k.startswith("worker"))
            rows.append((n, result, workers))
            print(f"{n:>7} seeds: planned {s['seeds']['loaded']}, ran {s['shards'].get('run', s['shards']['total'])}"
                  f"/{s['shards']['total']} shards ({result['processed']} seeds), {s['pairs']} pairs, "
                  f"over budget {s['seeds']['over_budget']}; wall {result['wall']:.0f} s; "
                  f"driver {peaks.get('driver', 0):.0f} MB, workers "
                  f"{', '.join(f'{w:.0f}' for w in workers)} MB, seed processes "
                  f"{peaks.get('seed process', 0):.0f} MB peak ({result['seed_processes']} started)",
                  flush=True)
            (Path(tmp) / f"synthetic-{n}.jsonl.gz").unlink()
        if not rows:
            print("no sizes (--sizes 0): only the workers ratio")
        base_n, base, base_workers = rows[0] if rows else (0, {"peaks": {}}, [])
        print("\nsize      driver MB (x 1k)   max worker MB (x 1k)   seed proc MB   "
              "seeds/s per busy worker   wall s")
        for n, result, workers in rows:
            d = result["peaks"].get("driver", 0)
            w = max(workers or [0])
            rate = result["processed"] / result["busy"] if result["busy"] else 0.0
            print(f"{n:>7}   {d:7.0f} ({d / base['peaks'].get('driver', 1):.2f}x)"
                  f"      {w:7.0f} ({w / max(base_workers or [1]):.2f}x)"
                  f"          {result['peaks'].get('seed process', 0):6.0f}"
                  f"         {rate:8.2f}            {result['wall']:6.0f}")
        if args.skip_workers_ratio:
            return
        corpus = Path(tmp) / "synthetic-ratio.jsonl.gz"
        n = args.ratio_seeds
        write_corpus(corpus, n, bases)
        every = max(1, -(-n // args.seeds_per_shard) // (2 * args.sample_shards))
        rates = {}
        for workers in (1, 2):
            result = run_once(corpus, Path(tmp) / f"ratio-{workers}", workers, every,
                              args.seeds_per_shard)
            # Shard processing only: planning is the driver's and does not scale with workers.
            rates[workers] = result["processed"] / result["wall"]
            print(f"{workers} worker(s): {result['processed']} seeds in {result['wall']:.0f} s "
                  f"= {rates[workers]:.2f} seeds/s", flush=True)
        print(f"ratio 2 workers / 1 worker: {rates[2] / rates[1]:.2f}x "
              f"(load average now {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
