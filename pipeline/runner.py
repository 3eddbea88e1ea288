"""The Dask graph: one task per shard, placed on a local cluster or on any cluster by address.

This is the only module that knows about Dask. Stages (``stages.py``) and shard files
(``shards.py``) are plain functions; here we load the corpora, cut shards, skip the complete
ones, submit the rest, follow them with a progress bar, and finish the dataset directory
(stats, card, report) from the shard stats on disk.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from semforge import __version__
from semforge.record import Rejection, Seed

from . import shards
from .config import Config, ConfigError
from .corpora import corpus_label, iter_corpus
from .stages import Stats, select_rules


@dataclass
class RunSummary:
    out_dir: Path
    seeds: int
    rejected_records: int
    pairs: int
    verdicts: dict[str, int]
    perf_labels: dict[str, int]
    shards_total: int
    shards_skipped: int
    shards_failed: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not self.shards_failed


def load_seeds(config: Config) -> tuple[list[Seed], list[Rejection], list[str]]:
    """Every corpus of the config, in order: good seeds, rejected records, corpus labels."""
    seeds: list[Seed] = []
    rejections: list[Rejection] = []
    labels = []
    for spec in config.corpus:
        labels.append(corpus_label(spec))
        for item in iter_corpus(spec):
            (seeds if isinstance(item, Seed) else rejections).append(item)
    return seeds, rejections, labels


def _check_out_dir(out_dir: Path, digest: str, config: Config, labels: list[str]) -> None:
    """A dataset directory belongs to one config: resuming another one would mix rows."""
    manifest = out_dir / "run.json"
    if manifest.exists():
        try:
            previous = json.loads(manifest.read_text())["config_digest"]
        except (ValueError, KeyError):
            previous = None
        if previous != digest:
            raise ConfigError(
                f"{out_dir} holds a run of a different config (digest {previous}, this one {digest}); "
                "choose another --out, or delete the folder to start over"
            )
        return
    out_dir.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps({
        "config_digest": digest,
        "semforge_version": __version__,
        "corpora": labels,
        "config": config.model_dump(mode="json"),
    }, indent=1))


def _start_client(stack: ExitStack, scheduler_address: str | None, workers: int | None, log):
    from distributed import Client, LocalCluster

    # distributed logs every worker start and stop at INFO: a user wants the progress bar instead.
    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler_address:
        client = stack.enter_context(Client(scheduler_address, timeout="30s"))
        log(f"Connected to Dask scheduler {scheduler_address} "
            f"({len(client.scheduler_info()['workers'])} workers)")
        return client
    n = workers or os.cpu_count() or 1
    has_dashboard = importlib.util.find_spec("bokeh") is not None
    cluster = stack.enter_context(LocalCluster(
        n_workers=n, threads_per_worker=1, processes=True,
        dashboard_address=":0" if has_dashboard else None,
    ))
    client = stack.enter_context(Client(cluster))
    where = f", dashboard {client.dashboard_link}" if has_dashboard else ""
    log(f"Started a local Dask cluster: {n} worker processes{where}")
    return client


def run(
    config: Config,
    *,
    out: str | Path | None = None,
    scheduler_address: str | None = None,
    progress: bool = True,
    log: Callable[[str], None] = print,
) -> RunSummary:
    """Run the whole pipeline; return a summary. Resumes a previous run of the same config."""
    from distributed import as_completed
    from tqdm.auto import tqdm

    from .finalize import finalize

    started = time.monotonic()
    out_dir = Path(out or config.out).resolve()
    select_rules(config.generate)  # unknown rule ids or unimportable rule modules: fail before work
    seeds, rejections, labels = load_seeds(config)
    digest = config.content_digest(labels)
    _check_out_dir(out_dir, digest, config, labels)
    shards.remove_temporaries(out_dir)
    for r in rejections:
        log(f"skipped {r.source_id} ({r.source}): {r.reason}")

    planned = shards.plan(seeds, config.run.seeds_per_shard)
    todo = [i for i in range(len(planned)) if not shards.is_complete(out_dir, i, digest)]
    skipped = len(planned) - len(todo)
    log(f"{len(seeds)} seeds from {', '.join(labels)}; {len(planned)} shards"
        + (f" ({skipped} already complete, resuming)" if skipped else ""))

    failed: list[str] = []
    if todo:
        config_data = config.model_dump(mode="json")
        with ExitStack() as stack:
            client = _start_client(stack, scheduler_address, config.run.workers, log)
            futures = {
                client.submit(
                    shards.process_shard,
                    shards.ShardTask(i, planned[i], config_data, digest, str(out_dir)),
                    key=f"semforge-shard-{digest}-{i:05d}",
                    retries=config.run.max_retries,
                    pure=False,
                ): i
                for i in todo
            }
            bar = tqdm(total=len(planned), initial=skipped, unit="shard", disable=not progress,
                       desc="generate+verify", dynamic_ncols=True)
            verdicts: Counter = Counter()
            for future in as_completed(futures):
                index = futures[future]
                try:
                    counters = future.result()["counters"]
                    verdicts.update({k[8:]: v for k, v in counters.items() if k.startswith("verdict_")})
                    bar.set_postfix(pairs=sum(verdicts.values()), equivalent=verdicts["equivalent"])
                except Exception as exc:  # a lost shard is reported; a rerun redoes only it
                    failed.append(f"shard {index}: {type(exc).__name__}: {exc}")
                    log(f"shard {index} failed: {type(exc).__name__}: {exc}")
                bar.update(1)
            bar.close()

    total = Stats()
    for i in range(len(planned)):
        if shards.is_complete(out_dir, i, digest):
            total.merge(shards.read_stats(out_dir, i))
    elapsed = time.monotonic() - started
    stats = build_stats(total, seeds, rejections, labels, digest, len(planned), skipped, failed, elapsed)
    stats = finalize(str(out_dir), stats, config, log)
    c = total.counters
    return RunSummary(
        out_dir=out_dir,
        seeds=len(seeds),
        rejected_records=len(rejections),
        pairs=c["pairs"],
        verdicts=stats["verdicts"],
        perf_labels=stats["perf_labels"],
        shards_total=len(planned),
        shards_skipped=skipped,
        shards_failed=failed,
        seconds=elapsed,
    )


def build_stats(total: Stats, seeds, rejections, labels, digest, n_shards, skipped, failed,
                elapsed) -> dict[str, Any]:
    c = total.counters
    verdict_names = ("equivalent", "different", "error", "timeout", "undecided")
    return {
        "semforge_version": __version__,
        "config_digest": digest,
        "corpora": labels,
        "seeds": {
            "loaded": len(seeds),
            "rejected": len(rejections),
            "with_variants": c["seeds"] - c["seeds_without_variants"],
            "without_variants": c["seeds_without_variants"],
        },
        "source_licenses": sorted({s.license for s in seeds if s.license}),
        "rejected_records": [
            {"source": r.source, "source_id": r.source_id, "reason": r.reason} for r in rejections
        ],
        "pairs": c["pairs"],
        "verdicts": {v: c[f"verdict_{v}"] for v in verdict_names},
        "perf_labels": {p: c[f"perf_{p}"] for p in ("faster", "slower", "same")},
        "rules": {
            rule: {"applied": n, "equivalent": total.rules_equivalent[rule]}
            for rule, n in sorted(total.rules_applied.items())
        },
        "rule_errors": c["rule_errors"],
        "errors": total.errors,
        "shards": {"total": n_shards, "skipped": skipped, "failed": failed},
        "seconds": round(elapsed, 2),
    }
