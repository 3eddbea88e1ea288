"""Pairs per second of the demo run (`semforge run` on the built-in corpus).

Two measurements in the same process, so machine noise hits both:
  * the demo itself: the default config on a local Dask cluster (as `make demo` runs it);
  * a baseline: the same shards processed one after another in this process, without Dask.
The ratio says what the Dask graph buys on this machine.

``--isolation-overhead`` instead measures what running each seed in its own killable child
process (``run.isolate_seeds``, the default) costs: the same shards serially with and without
it, pairs/s of each and their ratio. Absolute times on shared machines
mislead; compare ratios.

    python benchmarks/demo_throughput.py [--workers N] [--examples N]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from semforge.pipeline import shards
from semforge.pipeline.config import Config
from semforge.pipeline.runner import load_seeds, run


def serial_baseline(config: Config, out: Path) -> tuple[int, float]:
    seeds, _, labels = load_seeds(config)
    digest = config.content_digest(labels)
    data = config.model_dump(mode="json")
    started = time.perf_counter()
    pairs = 0
    for i, chunk in enumerate(shards.plan(seeds, config.run.seeds_per_shard)):
        stats = shards.process_shard(shards.ShardTask(i, chunk, data, digest, str(out)))
        pairs += stats["counters"].get("pairs", 0)
    return pairs, time.perf_counter() - started


def isolation_overhead(config: Config, tmp: Path, limit: int | None) -> None:
    config.run.limit = limit
    rates = {}
    for isolate in (False, True):
        config.run.isolate_seeds = isolate
        pairs, seconds = serial_baseline(config, tmp / f"isolate-{isolate}")
        rates[isolate] = pairs / seconds
        print(f"serial, seeds {'in a child process' if isolate else 'in-process'}: {pairs} pairs, "
              f"{seconds:.1f} s, {rates[isolate]:.2f} pairs/s", flush=True)
    print(f"ratio isolated/in-process: {rates[True] / rates[False]:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=None, help="local cluster workers")
    parser.add_argument("--examples", type=int, default=None, help="override verify.examples")
    parser.add_argument("--skip-baseline", action="store_true")
    parser.add_argument("--isolation-overhead", action="store_true",
                        help="measure per-seed child processes against in-process seeds")
    parser.add_argument("--limit", type=int, default=None, help="first N seeds only")
    parser.add_argument("--no-speed", action="store_true", help="verify.measure_speed: false")
    args = parser.parse_args()
    config = Config()
    if args.examples:
        config.verify.examples = args.examples
    config.run.workers = args.workers
    if args.no_speed:
        config.verify.measure_speed = False
    if args.isolation_overhead:
        with tempfile.TemporaryDirectory() as tmp:
            isolation_overhead(config, Path(tmp), args.limit)
        return
    config.run.limit = args.limit
    with tempfile.TemporaryDirectory() as tmp:
        summary = run(config, out=Path(tmp) / "demo", progress=False, log=lambda m: None)
        demo_rate = summary.pairs / summary.seconds
        print(f"demo (Dask, {config.run.workers or 'all'} workers): {summary.pairs} pairs, "
              f"{summary.verdicts['equivalent']} equivalent, {summary.seconds:.1f} s, "
              f"{demo_rate:.2f} pairs/s")
        if args.skip_baseline:
            return
        pairs, seconds = serial_baseline(config, Path(tmp) / "serial")
        base_rate = pairs / seconds
        print(f"baseline (serial, in-process): {pairs} pairs, {seconds:.1f} s, {base_rate:.2f} pairs/s")
        print(f"ratio demo/baseline: {demo_rate / base_rate:.2f}x")


if __name__ == "__main__":
    main()
