"""Shards: the unit of work, of output and of resume.

A shard is a fixed slice of the plan (``plan.py``): references to its seeds in the corpora. Its
files have names that are a pure function of its index and are each written whole (``storage``:
rename on a filesystem, a single PUT on an object store); its stats and, last, its completion
marker follow. A rerun of the same config skips shards that have a marker and redoes the others,
so a run killed at any moment resumes with nothing lost and nothing duplicated (a half-written
shard is simply written again, whole).

Layout of a dataset directory (every name comes from the functions below)::

    data/<split>/shard-NNNNN.parquet   rows; split = equivalent | rejected; no file if no rows
    _shards/shard-NNNNN.stats.json     the shard's Stats
    _shards/shard-NNNNN.done           completion marker (config digest, row counts)
"""

from __future__ import annotations

import io
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from semforge.record import Seed, rows_to_table

from .config import Config
from .storage import Output

SPLITS = ("equivalent", "rejected")
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


def data_name(split: str, index: int) -> str:
    return f"data/{split}/shard-{index:05d}.parquet"


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


def read_stats(out_dir, index: int):
    from .stages import Stats

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


def _parquet_bytes(rows: list[dict[str, Any]]) -> bytes:
    buffer = io.BytesIO()
    pq.write_table(rows_to_table(rows), buffer)
    return buffer.getvalue()


def shard_seeds(task: ShardTask) -> list[Seed]:
    if task.seeds is not None:
        return task.seeds
    from .plan import read_shard_seeds

    return read_shard_seeds(task.refs or [], task.corpora, task.labels)


def process_shard(task: ShardTask, *_after: Any) -> dict[str, Any]:
    """Run generate and verify over one shard and write its files. Returns the shard's stats.
    ``_after``: results of tasks this one waits for (the kernels built for a GPU shard)."""
    from .stages import Stats

    out = _out(task.out_dir)
    if is_complete(out, task.index, task.config_digest):
        return read_stats(out, task.index).to_json()
    config = Config.model_validate(task.config)
    seeds = shard_seeds(task)
    stats = Stats()
    started = time.monotonic()
    rows = _run_seeds(seeds, config, task, stats, started)
    # One row per pair, in a deterministic order: shard content is a function of (seeds, config).
    by_split = {
        "equivalent": [r for r in rows if r["verdict"] == "equivalent"],
        "rejected": [r for r in rows if r["verdict"] != "equivalent"],
    }
    for split in SPLITS:
        if not by_split[split]:
            # `datasets` cannot read a Parquet file without rows: an empty split has no file.
            out.remove(data_name(split, task.index))
            continue
        out.put_bytes(data_name(split, task.index), _parquet_bytes(by_split[split]))
    stats.counters["shards"] += 1
    stats.counters["shard_seconds"] += round(time.monotonic() - started, 3)
    result = stats.to_json()
    out.put_text(stats_name(task.index), json.dumps(result, indent=1))
    out.put_text(marker_name(task.index), json.dumps({
        "config_digest": task.config_digest, "rows": len(rows),
        "equivalent": len(by_split["equivalent"]), "rejected": len(by_split["rejected"])}))
    return result


def _run_seeds(seeds: list[Seed], config: Config, task: ShardTask, stats, started: float):
    """Rows of every seed, each under its budgets (``seed_child``) unless isolation is off."""
    from .stages import Stats, generate_batch, select_rules, verify_batch

    run = config.run
    llm_cache = f"{str(task.out_dir).rstrip('/')}/_llm_cache"
    if not run.isolate_seeds:
        groups = generate_batch(seeds, select_rules(config.generate), config.generate, stats,
                                llm_cache=llm_cache)
        return verify_batch(groups, config.verify, task.config_digest, stats)

    from .seed_child import SeedOverBudget, worker_runner

    # The model is loaded once per worker and answers all of the shard's prompts in one call,
    # here; each seed's child then makes the rule variants and verifies everything under the
    # seed's budget.
    samples: list[list] = [[] for _ in seeds]
    if config.generate.llm is not None:
        from .llm_stage import sample_llm_variants

        samples = sample_llm_variants(seeds, config.generate.llm, llm_cache, stats)

    rows: list[dict[str, Any]] = []
    runner = worker_runner(run.seed_budget_s, run.seed_memory_mb, run.recycle_after_seeds)
    children_before = runner.started
    for seed, extra in zip(seeds, samples):
        if run.shard_budget_s is not None and time.monotonic() - started > run.shard_budget_s:
            _over_budget(stats, seed, "seeds_over_shard_budget",
                         f"not run: the shard's {run.shard_budget_s:g} s budget ran out")
            continue
        try:
            result = runner.run({"seed": seed, "config": task.config,
                                 "config_digest": task.config_digest, "llm_variants": extra})
        except SeedOverBudget as over:
            _over_budget(stats, seed, over.counter, over.reason)
            continue
        except RuntimeError as err:
            stats.counters["seeds_failed_generate"] += 1
            stats.errors.append({"source_id": seed.source_id, "stage": "seed", "reason": str(err)[:500]})
            continue
        stats.merge(Stats.from_json(result.stats))
        rows.extend(result.rows)
    stats.counters["seed_processes"] += runner.started - children_before
    return rows


def _over_budget(stats, seed: Seed, counter: str, reason: str) -> None:
    stats.counters[counter] += 1
    stats.counters["seeds_over_budget"] += 1
    stats.errors.append({"source_id": seed.source_id, "source": seed.source, "stage": "budget",
                         "reason": reason})
