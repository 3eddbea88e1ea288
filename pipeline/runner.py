"""A whole run: plan the shards, run them on a Dask cluster, finish the dataset directory.

The plan pass (``plan.PlanAhead``) reads the corpora in a thread of its own while the first
shards run; shards are submitted with a bounded window of tasks in flight, each shard's stats are
merged as it completes, and ``finalize`` curates the result into the dataset (stats, card,
report). Where work runs is ``placement/``'s business; what a shard does is ``steps/``'s.

Memory of the driver does not grow with the corpus: seeds never pass through it (tasks carry
references, spilled to a file by the plan pass), at most ``run.window`` futures exist at once,
stats are merged as they come and rejected records stream to ``rejected_records.jsonl``.
"""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from semforge import __version__
from semforge.record import Rejection, Seed

from . import kernelbench, shards
from .config import Config, ConfigError, differences
from .corpora import corpus_label
from .finalize import finalize
from .plan import PlanAhead, ScanStats, plan_shards, read_shard_seeds
from .progress import Progress, WallClock
from .run_stats import build_stats
from .steps import Stats, select_rules
from .storage import Output

# Errors listed in stats.json (every shard's full list stays in _shards/*.stats.json).
MAX_LISTED_ERRORS = 1000


class NoSeedsError(ConfigError):
    """The corpora gave no seed: there is nothing to build a dataset from."""


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

    def load_lines(self) -> list[str]:
        """The Python lines that load the dataset (its default config, then the rejected one)."""
        where = str(self.out_dir)
        if isinstance(self.out_dir, Path):
            try:
                where = os.path.relpath(self.out_dir)
            except ValueError:
                pass
            if where.startswith(".."):
                where = str(self.out_dir)
            return [f'load_dataset("{where}")', f'load_dataset("{where}", "rejected")']
        files = f"{where}/data/{{}}/train-*.parquet"
        return [f'load_dataset("parquet", data_files="{files.format(c)}", split="train")'
                for c in ("default", "rejected")]


def load_seeds(config: Config) -> tuple[list[Seed], list[Rejection], list[str]]:
    """Every seed of the config's corpora as a run would use them (duplicates across corpora
    removed, ``run.limit`` applied), rejected records and corpus labels. In memory: for tests and
    benchmarks; runs stream (``plan.PlanAhead``)."""
    labels = [corpus_label(spec) for spec in config.corpus]
    specs = [spec.model_dump(mode="json") for spec in config.corpus]
    rejections: list[Rejection] = []
    seeds: list[Seed] = []
    with tempfile.TemporaryDirectory(prefix="semforge-plan-") as scratch:
        for refs in plan_shards(config.corpus, labels, 1000, scratch, ScanStats(),
                                limit=config.run.limit, on_rejection=rejections.append):
            seeds.extend(read_shard_seeds(refs, specs, labels))
    return seeds, rejections, labels


def _check_out_dir(out: Output, digest: str, config: Config, labels: list[str]) -> bool:
    """A dataset directory belongs to one config: resuming another one would mix rows. Returns
    True when this call created the directory's manifest (run.json)."""
    try:
        manifest = out.read_bytes("run.json")
    except FileNotFoundError:
        manifest = None
    if manifest is not None:
        try:
            previous = json.loads(manifest)
            previous_digest = previous["config_digest"]
        except (ValueError, KeyError, TypeError):
            previous, previous_digest = {}, None
        if previous_digest != digest:
            changed = _changed_keys(previous, config, labels)
            raise ConfigError(
                f"{out.url} holds a run of a different config"
                + (": " + "; ".join(changed) if changed else f" (digest {previous_digest}, this one {digest})")
                + ". Choose another --out, or add --force to delete it and start over")
        return False
    out.put_text("run.json", json.dumps({
        "config_digest": digest,
        "semforge_version": __version__,
        "corpora": labels,
        "config": config.model_dump(mode="json"),
    }, indent=1))
    return True


def _changed_keys(previous: dict[str, Any], config: Config, labels: list[str]) -> list[str]:
    """What the directory's config and this one disagree on, as the keys a user writes."""
    try:
        before = Config.model_validate(previous["config"]).digest_payload(previous["corpora"])
        before["semforge"] = previous.get("semforge_version", before["semforge"])
    except (KeyError, TypeError, ValueError):
        return []
    out = []
    for line in differences(before, config.digest_payload(labels)):
        line = line.removeprefix("config.")
        if line.startswith("corpora["):
            line = "corpus " + line.removeprefix("corpora[").replace("]", " content", 1)
        elif line.startswith("semforge:"):
            line = "semforge version" + line.removeprefix("semforge")
        out.append(line)
    return out


def _resources(config: Config, refs) -> dict | None:
    """Dask resources of a shard: ``run.resources``, plus a GPU when ``run.gpu_resources`` is on
    and the shard reads a PyTorch corpus (refs are ``[corpus, unit, position]``)."""
    wanted = dict(config.run.resources)
    if config.run.gpu_resources and any(_is_pytorch(config.corpus[ref[0]]) for ref in refs):
        wanted.setdefault("GPU", 1)
    return wanted or None


def _is_pytorch(spec) -> bool:
    return spec.kind in kernelbench.KINDS or getattr(spec, "data_format", None) == "kernelbench"


def _no_seeds(scan: ScanStats, labels: list[str], rejected_at: str) -> NoSeedsError:
    if not scan.rejected:
        why = "they hold no records (an empty folder or file?)"
    else:
        kinds = ", ".join(f"{k} ({n})" for k, n in scan.rejected_by_kind.most_common(5))
        first = scan.listed_rejections[0]
        why = (f"all {scan.rejected} records were rejected: {kinds}; the first, "
               f"{first['source_id']}: {first['reason']}. Every reason is in {rejected_at}")
    return NoSeedsError(f"no seeds in {', '.join(labels)}: {why}. Nothing was built: check the "
                        "corpus paths and formats (docs/corpora.md), or run with -v to see each "
                        "skipped record")


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
    (``force``: delete the directory first and start over). Raises ``NoSeedsError`` when the
    corpora give no seed."""
    from .placement.cluster import check_workers_reach, start_client

    output = Output(out or config.out)
    select_rules(config.generate)  # unknown rule ids or unimportable rule modules: fail before work
    labels = [corpus_label(spec) for spec in config.corpus]
    digest = config.content_digest(labels)
    if force:
        output.remove_tree()
    created = _check_out_dir(output, digest, config, labels)
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
    skipped = 0
    expected: list[int] = []  # shards this run must complete (all, or the sample)
    dashboard = None

    def merge(stats: Stats) -> None:
        nonlocal errors_total
        errors_total += len(stats.errors)
        room = MAX_LISTED_ERRORS - len(total.errors)
        stats.errors = stats.errors[:max(room, 0)]
        total.merge(stats)

    bar: Progress | None = None
    try:
        with ExitStack() as stack:
            stack.callback(clock._stop.set)  # a run that raises stops saving its wall time
            # The run's own temporary space: the plan's files and the Dask workers' scratch.
            scratch = stack.enter_context(tempfile.TemporaryDirectory(prefix="semforge-run-"))
            rejected_path = os.path.join(scratch, "rejected.jsonl")
            rejected_file = stack.enter_context(open(rejected_path, "w"))

            def on_rejection(r: Rejection) -> None:
                rejected_file.write(json.dumps({"source": r.source, "source_id": r.source_id,
                                                "reason": r.reason}) + "\n")
                if verbose:
                    log(f"skipped {r.source_id} ({r.source}): {r.reason}")

            def planned(plan: PlanAhead) -> None:  # as soon as the pass is complete
                if plan.seeds:
                    log(f"{plan.seeds} seeds from {', '.join(labels)}; {plan.shards} shards")

            planner = PlanAhead(config.corpus, labels, config.run.seeds_per_shard,
                                os.path.join(scratch, "plan"), scan, limit=config.run.limit,
                                on_rejection=on_rejection, on_finished=planned)
            stack.callback(planner.close)
            bar = Progress(progress, log, plan=planner)
            log = bar.wrap(log)  # every message from here on, the plan pass's included
            client = None
            in_flight: dict[Any, int] = {}
            pending = None
            for index, refs in planner:
                if config.run.sample_every and index % config.run.sample_every:
                    continue  # not in the sample: planned, never run, not expected
                expected.append(index)
                if index in done:
                    skipped += 1
                    stats = shards.read_stats(output, index)
                    bar.shard_done(stats.counters, resumed=True)
                    merge(stats)
                    continue
                if client is None:
                    from distributed import as_completed

                    bar.set_phase("starting the Dask cluster")
                    client, n_workers = start_client(
                        stack, scheduler_address, config.run.workers, log,
                        {"GPU": 1} if config.run.gpu_resources else None,
                        os.path.join(scratch, "dask"))
                    dashboard = client.dashboard_link
                    check_workers_reach(client, output)
                    window = config.run.window or 2 * max(n_workers, 1)
                    pending = as_completed()
                    bar.set_phase("running shards")
                task = shards.ShardTask(index, None, config_data, digest, output.url, refs,
                                        specs, labels)
                resources = _resources(config, refs)
                built = []
                if resources and "GPU" in resources:
                    # kernels are compiled on a CPU worker first: the GPU never waits for nvcc
                    from .placement.kernels import precompile_shard

                    cpu = {k: v for k, v in resources.items() if k != "GPU"} or None
                    built = [client.submit(precompile_shard, task, pure=False,
                                           key=f"semforge-build-{digest}-{index:05d}",
                                           resources=cpu)]
                future = client.submit(shards.process_shard, task, *built,
                                       key=f"semforge-shard-{digest}-{index:05d}",
                                       retries=config.run.max_retries, pure=False,
                                       resources=resources)
                bar.working()
                in_flight[future] = index
                pending.add(future)
                while len(in_flight) >= window:
                    _collect(next(pending), in_flight, merge, bar, failed, log)
                    clock.shard_done()
            n_planned = planner.shards
            rejected_file.close()
            if scan.loaded == 0:
                if scan.rejected:
                    output.put_file("rejected_records.jsonl", rejected_path)
                if created:  # leave no manifest that would refuse the corrected config
                    clock.cancel()
                    output.remove("run.json")
                    output.remove_tree("_runs")
                raise _no_seeds(scan, labels, output.url_of("rejected_records.jsonl"))
            while in_flight:
                _collect(next(pending), in_flight, merge, bar, failed, log)
                clock.shard_done()
            output.put_file("rejected_records.jsonl", rejected_path)
            bar.set_phase("closing the Dask cluster")

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
        bar.set_phase("curating")
        if bar.tty:
            bar.close()  # curation draws a bar of its own on a terminal
        stats = finalize(output.url, stats, config, log)
    finally:
        if bar is not None:
            bar.close()
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


__all__ = ["NoSeedsError", "RunSummary", "load_seeds", "run"]
