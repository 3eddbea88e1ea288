"""Shards: the unit of work, of output and of resume, and the executor that runs one.

A shard is a fixed slice of the plan (``plan.py``): references to its seeds in the corpora. Its
files have names that are a pure function of its index and are each written whole (``storage``:
rename on a filesystem, a single PUT on an object store); its stats and, last, its completion
marker follow. A rerun of the same config skips shards that have a marker and redoes the others,
so a run killed at any moment resumes with nothing lost and nothing duplicated (a half-written
shard is simply written again, whole).

``process_shard`` is the executor of datatrove's shape: it skips a complete shard, runs the
shard's list of steps (``shard_steps``, see ``steps/``) with ``run_steps``, adds up the steps'
counters and writes them, then the marker.

Layout of a dataset directory (every name comes from the functions below)::

    data/<split>/shard-NNNNN.parquet   rows; split = equivalent | rejected; no file if no rows
    _shards/shard-NNNNN.stats.json     the shard's Stats
    _shards/shard-NNNNN.done           completion marker (config digest, row counts)
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from semforge.record import Seed

from .config import Config
from .steps import ModelSamples, ReadSeeds, Stats, Step, WriteShard, run_steps, seed_steps, steps_stats
from .steps.write import data_name
from .storage import Output

_MARKER = re.compile(r"^shard-(\d+)\.done$")


@dataclass
class ShardTask:
    index: int
    seeds: list[Seed] | None  # given directly (tests, benchmarks), or read from ``refs``
    config: dict[str, Any]  # Config.model_dump(mode="json"): plain data travels well to workers
    config_digest: str
    out_dir: str  # a local path or an fsspec URL
    refs: list[list] | None = None  # [corpus index, unit, position] (plan.py)
    corpora: list[dict[str, Any]] = field(default_factory=list)  # CorpusSpec dumps
    labels: list[str] = field(default_factory=list)  # corpus_label of each


def _out(out_dir: str | Path | Output) -> Output:
    return out_dir if isinstance(out_dir, Output) else Output(out_dir)


def stats_name(index: int) -> str:
    return f"_shards/shard-{index:05d}.stats.json"


def marker_name(index: int) -> str:
    return f"_shards/shard-{index:05d}.done"


def data_path(out_dir, split: str, index: int) -> str:
    """Where a shard's rows of one split are: a local path or a URL (see ``storage.Output``)."""
    return _out(out_dir).url_of(data_name(split, index))


def stats_path(out_dir, index: int) -> str:
    return _out(out_dir).url_of(stats_name(index))


def marker_path(out_dir, index: int) -> str:
    return _out(out_dir).url_of(marker_name(index))


def plan(seeds: list[Seed], seeds_per_shard: int) -> list[list[Seed]]:
    """Cut a list of seeds into consecutive shards (runs use ``plan.plan_shards``)."""
    return [seeds[i : i + seeds_per_shard] for i in range(0, len(seeds), seeds_per_shard)]


def is_complete(out_dir, index: int, config_digest: str) -> bool:
    try:
        marker = json.loads(_out(out_dir).read_bytes(marker_name(index)))
        return marker["config_digest"] == config_digest
    except (OSError, ValueError, KeyError):
        return False


def completed(out_dir) -> set[int]:
    """Indices of the shards with a completion marker, from one listing (not one request per
    shard). The directory's run.json pins its config, so every marker in it is of this config."""
    return {int(m.group(1)) for name in _out(out_dir).names("_shards")
            if (m := _MARKER.match(name))}


def complete_shards(out_dir) -> list[int]:
    """The completed shards in index order: what a finishing step turns into the dataset."""
    return sorted(completed(out_dir))


def read_stats(out_dir, index: int) -> Stats:
    return Stats.from_json(json.loads(_out(out_dir).read_bytes(stats_name(index))))


def remove_temporaries(out_dir) -> int:
    """Delete temporary files left by writers that were killed; call before work starts.
    (Object stores have none: an object is written whole or not at all.)"""
    out = _out(out_dir)
    if not out.is_local:
        return 0
    removed = 0
    for folder in ("data/equivalent", "data/rejected", "_shards"):
        for tmp in Path(out.path(folder)).glob(".*.tmp"):
            tmp.unlink(missing_ok=True)
            removed += 1
    return removed


def shard_steps(task: ShardTask, config: Config, started: float | None = None) -> list[Step]:
    """The shard's work as one list of steps (``steps/__init__.py`` draws it): read the seeds,
    draw the model's samples for all of them, then each seed's own steps (in a budgeted child
    process unless ``run.isolate_seeds`` is off), then write the rows."""
    from .placement import model_worker
    from .placement.seed_process import InSeedProcesses

    out = _out(task.out_dir)
    steps: list[Step] = [ReadSeeds(task.seeds, task.refs, task.corpora, task.labels)]
    if config.generate.llm is not None:
        cache = f"{str(task.out_dir).rstrip('/')}/_llm_cache"
        steps.append(ModelSamples(config.generate.llm, cache, place=model_worker.generate))
    per_seed = seed_steps(config, task.config_digest)
    run = config.run
    if run.isolate_seeds:
        deadline = (started + run.shard_budget_s
                    if started is not None and run.shard_budget_s is not None else None)
        steps.append(InSeedProcesses(per_seed, task.config, task.config_digest, run, deadline))
    else:
        steps.extend(per_seed)
    steps.append(WriteShard(out, task.index, dict(config.verify.default_level)))
    return steps


def process_shard(task: ShardTask, *_after: Any) -> dict[str, Any]:
    """Run the shard's steps and write its files; then its stats and, last, its completion
    marker. Returns the shard's stats (those already written when the shard is complete).
    ``_after``: results of tasks this one waits for (the kernels built for a GPU shard)."""
    out = _out(task.out_dir)
    if is_complete(out, task.index, task.config_digest):
        return read_stats(out, task.index).to_json()
    started = time.monotonic()
    config = Config.model_validate(task.config)
    steps = shard_steps(task, config, started)
    run_steps(steps, rank=task.index)
    stats = steps_stats(steps)
    stats.counters["shards"] += 1
    stats.counters["shard_seconds"] += round(time.monotonic() - started, 3)
    result = stats.to_json()
    written = steps[-1].written
    out.put_text(stats_name(task.index), json.dumps(result, indent=1))
    out.put_text(marker_name(task.index), json.dumps({
        "config_digest": task.config_digest, "rows": sum(written.values()), **written}))
    return result
