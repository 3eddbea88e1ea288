"""The Dask graph: one task per shard, placed on a local cluster or on any cluster by address.

This is the only module that knows about Dask. Stages (``stages.py``), the plan (``plan.py``)
and shard files (``shards.py``) are plain functions; here we plan the shards while the corpora
are read, submit them with a bounded window of tasks in flight, merge each shard's stats as it
completes, and finish the dataset directory (stats, card, report).

Memory of the driver does not grow with the corpus: seeds never pass through it (tasks carry
references), at most ``run.window`` futures exist at once, stats are merged as they come and
rejected records stream to ``rejected_records.jsonl``.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import tempfile
import uuid
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from semforge import __version__
from semforge.record import Rejection, Seed

from . import kernelbench, shards
from .config import Config, ConfigError
from .corpora import corpus_label
from .finalize import finalize
from .llm_stage import llm_summary
from .plan import ScanStats, plan_shards, read_shard_seeds
from .progress import Progress, WallClock
from .stages import Stats, select_rules
from .storage import Output

# Errors listed in stats.json (every shard's full list stays in _shards/*.stats.json).
MAX_LISTED_ERRORS = 1000


@dataclass
class RunSummary:
    out_dir: Path | str
    seeds: int
    rejected_records: int
    pairs: int
    verdicts: dict[str, int]
    perf_labels: dict[str, int]
    shards_total: int
    shards_skipped: int
    shards_failed: list[str] = field(default_factory=list)
    seconds: float = 0.0
    seconds_total: float = 0.0  # over every invocation that worked on this directory
    seeds_over_budget: int = 0
    dashboard: str | None = None

    @property
    def ok(self) -> bool:
        return not self.shards_failed


def load_seeds(config: Config) -> tuple[list[Seed], list[Rejection], list[str]]:
    """Every seed of the config's corpora as a run would use them (duplicates across corpora
    removed, ``run.limit`` applied), rejected records and corpus labels. In memory: for tests and
    benchmarks; runs stream (``plan.plan_shards``)."""
    labels = [corpus_label(spec) for spec in config.corpus]
    specs = [spec.model_dump(mode="json") for spec in config.corpus]
    rejections: list[Rejection] = []
    seeds: list[Seed] = []
    with tempfile.TemporaryDirectory(prefix="semforge-plan-") as scratch:
        for refs in plan_shards(config.corpus, labels, 1000, scratch, ScanStats(),
                                limit=config.run.limit, on_rejection=rejections.append):
            seeds.extend(read_shard_seeds(refs, specs, labels))
    return seeds, rejections, labels


def _check_out_dir(out: Output, digest: str, config: Config, labels: list[str]) -> None:
    """A dataset directory belongs to one config: resuming another one would mix rows."""
    try:
        manifest = out.read_bytes("run.json")
    except FileNotFoundError:
        manifest = None
    if manifest is not None:
        try:
            previous = json.loads(manifest)["config_digest"]
        except (ValueError, KeyError):
            previous = None
        if previous != digest:
            raise ConfigError(
                f"{out.url} holds a run of a different config (digest {previous}, this one "
                f"{digest}); choose another --out, or add --force to delete it and start over"
            )
        return
    out.put_text("run.json", json.dumps({
        "config_digest": digest,
        "semforge_version": __version__,
        "corpora": labels,
        "config": config.model_dump(mode="json"),
    }, indent=1))


def _start_client(stack: ExitStack, scheduler_address: str | None, workers: int | None, log,
                  resources: dict | None = None):
    from distributed import Client

    from .local_cluster import start_local_cluster

    # distributed logs every worker start and stop at INFO: a user wants the progress instead.
    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler_address:
        client = stack.enter_context(Client(scheduler_address, timeout="30s"))
        n = len(client.scheduler_info()["workers"])
        log(f"Connected to Dask scheduler {scheduler_address} ({n} workers), "
            f"dashboard {client.dashboard_link}")
        return client, n
    n = workers or os.cpu_count() or 1
    has_dashboard = importlib.util.find_spec("bokeh") is not None
    cluster = stack.enter_context(start_local_cluster(n, resources, has_dashboard))
    client = stack.enter_context(Client(cluster))
    where = f", dashboard {client.dashboard_link}" if has_dashboard else ""
    log(f"Started a local Dask cluster: {n} worker processes{where}")
    return client, n


def _resources(config: Config, refs) -> dict | None:
    """Dask resources of a shard: ``run.resources``, plus a GPU when ``run.gpu_resources`` is on
    and the shard reads a PyTorch corpus (refs are ``[corpus, unit, position]``)."""
    wanted = dict(config.run.resources)
    if config.run.gpu_resources and any(_is_pytorch(config.corpus[ref[0]]) for ref in refs):
        wanted.setdefault("GPU", 1)
    return wanted or None


def _is_pytorch(spec) -> bool:
    return spec.kind in kernelbench.KINDS or getattr(spec, "data_format", None) == "kernelbench"


def _probe(url: str, rel: str, token: str) -> str:
    """On a worker: read the driver's probe file, write one back; returns the name written."""
    out = Output(url)
    if out.read_text(rel) != token:
        raise RuntimeError("read a different probe file")
    reply = f"{rel}.{uuid.uuid4().hex}"
    out.put_text(reply, token)
    return reply


def check_workers_reach(client, out: Output) -> None:
    """Refuse to start when a worker cannot read and write the output the driver sees: shards
    written where the driver never looks would be lost."""
    token = uuid.uuid4().hex
    rel = f"_probe/{token}"
    out.put_text(rel, token)
    try:
        replies = client.run(_probe, out.url, rel, token, on_error="return")
        problems = []
        for worker, reply in sorted(replies.items()):
            if isinstance(reply, BaseException):
                problems.append(f"{worker} cannot read it ({type(reply).__name__}: {reply})")
            elif not out.exists(reply):
                problems.append(f"{worker} wrote {reply}, which the driver cannot see")
    finally:
        out.remove_tree("_probe")
    if problems:
        hint = ("give a folder that the driver and every worker share (NFS, a cluster "
                "filesystem) or an object store URL such as s3://bucket/path"
                if out.is_local else "give the workers the same credentials and endpoint "
                "environment as the driver")
        raise ConfigError(f"the workers cannot reach the output {out.url}: "
                          + "; ".join(problems) + f". Nothing was run: {hint}.")


def run(
    config: Config,
    *,
    out: str | Path | None = None,
    scheduler_address: str | None = None,
    progress: bool = True,
    log: Callable[[str], None] = print,
    verbose: bool = False,
    force: bool = False,
) -> RunSummary:
    """Run the whole pipeline; return a summary. Resumes a previous run of the same config
    (``force``: delete the directory first and start over)."""
    output = Output(out or config.out)
    select_rules(config.generate)  # unknown rule ids or unimportable rule modules: fail before work
    labels = [corpus_label(spec) for spec in config.corpus]
    digest = config.content_digest(labels)
    if force:
        output.remove_tree()
    _check_out_dir(output, digest, config, labels)
    shards.remove_temporaries(output)
    clock = WallClock(output)
    done = shards.completed(output)
    if done:
        log(f"{len(done)} shards already complete in {output.url}, resuming")
    specs = [spec.model_dump(mode="json") for spec in config.corpus]
    config_data = config.model_dump(mode="json")
    scan = ScanStats()
    total = Stats()
    errors_total = 0
    failed: list[str] = []
    n_planned = skipped = 0
    expected: list[int] = []  # shards this run must complete (all, or the sample)
    dashboard = None

    def merge(stats: Stats) -> None:
        nonlocal errors_total
        errors_total += len(stats.errors)
        room = MAX_LISTED_ERRORS - len(total.errors)
        stats.errors = stats.errors[:max(room, 0)]
        total.merge(stats)

    with ExitStack() as stack:
        stack.callback(clock._stop.set)  # a run that raises stops saving its wall time
        scratch = stack.enter_context(tempfile.TemporaryDirectory(prefix="semforge-plan-"))
        rejected_file = stack.enter_context(open(os.path.join(scratch, "rejected.jsonl"), "w"))

        def on_rejection(r: Rejection) -> None:
            rejected_file.write(json.dumps({"source": r.source, "source_id": r.source_id,
                                            "reason": r.reason}) + "\n")
            if verbose:
                log(f"skipped {r.source_id} ({r.source}): {r.reason}")

        client = None
        bar = Progress(progress, log)
        in_flight: dict[Any, int] = {}
        pending = None
        try:
            for index, refs in enumerate(plan_shards(
                    config.corpus, labels, config.run.seeds_per_shard, scratch, scan,
                    limit=config.run.limit, on_rejection=on_rejection)):
                n_planned += 1
                if config.run.sample_every and index % config.run.sample_every:
                    continue  # not in the sample: planned, never run, not expected
                expected.append(index)
                bar.planned_one()
                if index in done:
                    skipped += 1
                    stats = shards.read_stats(output, index)
                    bar.shard_done(stats.counters)
                    merge(stats)
                    continue
                if client is None:
                    from distributed import as_completed

                    client, n_workers = _start_client(
                        stack, scheduler_address, config.run.workers, log,
                        {"GPU": 1} if config.run.gpu_resources else None)
                    dashboard = client.dashboard_link
                    check_workers_reach(client, output)
                    window = config.run.window or 2 * max(n_workers, 1)
                    pending = as_completed()
                task = shards.ShardTask(index, None, config_data, digest, output.url, refs,
                                        specs, labels)
                resources = _resources(config, refs)
                built = []
                if resources and "GPU" in resources:
                    # kernels are compiled on a CPU worker first: the GPU never waits for nvcc
                    from . import torch_stages

                    cpu = {k: v for k, v in resources.items() if k != "GPU"} or None
                    built = [client.submit(torch_stages.precompile_shard, task, pure=False,
                                           key=f"semforge-build-{digest}-{index:05d}",
                                           resources=cpu)]
                future = client.submit(shards.process_shard, task, *built,
                                       key=f"semforge-shard-{digest}-{index:05d}",
                                       retries=config.run.max_retries, pure=False,
                                       resources=resources)
                in_flight[future] = index
                pending.add(future)
                while len(in_flight) >= window:
                    _collect(next(pending), in_flight, merge, bar, failed, log)
                    clock.shard_done()
            bar.plan_done()
            log(f"{scan.loaded} seeds from {', '.join(labels)}; {n_planned} shards")
            while in_flight:
                _collect(next(pending), in_flight, merge, bar, failed, log)
                clock.shard_done()
        finally:
            bar.close()
        rejected_file.close()
        output.put_file("rejected_records.jsonl", os.path.join(scratch, "rejected.jsonl"))

    if scan.rejected and not verbose:
        kinds = ", ".join(f"{k} ({n})" for k, n in scan.rejected_by_kind.most_common(8))
        log(f"skipped {scan.rejected} corpus records: {kinds}; each with its reason in "
            f"{output.url_of('rejected_records.jsonl')} (-v prints them)")
    # Never report success for a shard whose files are not where this driver looks.
    present = shards.completed(output)
    lost = [i for i in expected if i not in present]
    reported = {int(f.split()[1].rstrip(":")) for f in failed}
    for i in lost:
        if i not in reported:
            failed.append(f"shard {i}: reported complete but its files are not in {output.url}")
    elapsed = clock.stop()
    stats = build_stats(total, scan, labels, digest, n_planned, skipped, failed, elapsed,
                        clock.total(), errors_total,
                        len(expected) if config.run.sample_every else None)
    stats = finalize(output.url, stats, config, log)
    c = total.counters
    return RunSummary(
        out_dir=Path(output.url) if output.is_local else output.url,
        seeds=scan.loaded,
        rejected_records=scan.rejected,
        pairs=c["pairs"],
        verdicts=stats["verdicts"],
        perf_labels=stats["perf_labels"],
        shards_total=n_planned,
        shards_skipped=skipped,
        shards_failed=failed,
        seconds=elapsed,
        seconds_total=stats["seconds_total"],
        seeds_over_budget=c["seeds_over_budget"],
        dashboard=dashboard,
    )


def _collect(future, in_flight, merge, bar, failed, log) -> None:
    index = in_flight.pop(future)
    try:
        stats = Stats.from_json(future.result())
        bar.shard_done(stats.counters)
        merge(stats)
    except Exception as exc:  # a lost shard is reported; a rerun redoes only it
        failed.append(f"shard {index}: {type(exc).__name__}: {exc}")
        log(f"shard {index} failed: {type(exc).__name__}: {exc}")
    future.release()


def build_stats(total: Stats, scan: ScanStats, labels, digest, n_shards, skipped, failed,
                elapsed, elapsed_total=None, errors_total=None, n_run=None) -> dict[str, Any]:
    c = total.counters
    verdict_names = ("equivalent", "different", "error", "timeout", "undecided")
    return {
        "semforge_version": __version__,
        "config_digest": digest,
        "corpora": labels,
        "seeds": {
            "loaded": scan.loaded,
            "rejected": scan.rejected,
            "with_variants": c["seeds"] - c["seeds_without_variants"],
            "without_variants": c["seeds_without_variants"],
            "over_budget": c["seeds_over_budget"],
            "per_corpus": dict(scan.per_corpus),
        },
        "dedup": {
            "duplicates": scan.duplicates_within + scan.duplicates_across,
            "within_corpus": scan.duplicates_within,
            "across_corpora": scan.duplicates_across,
            "by_corpus": dict(scan.duplicates_by_corpus),
        },
        "source_licenses": sorted(scan.licenses),
        "rejected_records": scan.listed_rejections,
        "rejected_by_kind": dict(scan.rejected_by_kind.most_common()),
        "pairs": c["pairs"],
        "verdicts": {v: c[f"verdict_{v}"] for v in verdict_names},
        "perf_labels": {p: c[f"perf_{p}"] for p in ("faster", "slower", "same", "undecided")},
        "rules": {
            rule: {"applied": n, "equivalent": total.rules_equivalent[rule]}
            for rule, n in sorted(total.rules_applied.items())
        },
        "rule_errors": c["rule_errors"],
        "budget": {k: c[k] for k in ("seeds_over_time_budget", "seeds_over_memory_budget",
                                     "seeds_over_shard_budget", "seeds_process_died",
                                     "seed_processes")},
        "errors": total.errors,
        "errors_total": errors_total if errors_total is not None else len(total.errors),
        "shards": {"total": n_shards, "skipped": skipped, "failed": failed,
                   **({"run": n_run} if n_run is not None else {})},
        "seconds": round(elapsed, 2),
        "seconds_total": round(elapsed_total if elapsed_total is not None else elapsed, 2),
        "llm": llm_summary(c),  # model requests, cache hits, samples kept and discarded by reason
    }


__all__ = ["RunSummary", "build_stats", "check_workers_reach", "load_seeds", "run"]
