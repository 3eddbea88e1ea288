"""Shards: the unit of work, of output and of resume.

A shard is a fixed slice of the seed list. Its files have names that are a pure function of its
index, and are written to a temporary name and renamed when complete; its stats and, last, its
completion marker follow. A rerun of the same config skips shards whose marker holds the run's
digest and redoes the others, so a run killed at any moment resumes with nothing lost and nothing
duplicated (a half-written shard is simply written again, whole).
"""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from semforge.record import Seed, rows_to_table

from .config import Config
from .stages import Stats, generate_batch, select_rules, verify_batch

SPLITS = ("equivalent", "rejected")


@dataclass
class ShardTask:
    index: int
    seeds: list[Seed]
    config: dict[str, Any]  # Config.model_dump(mode="json"): plain data travels well to workers
    config_digest: str
    out_dir: str


def data_path(out_dir: str | Path, split: str, index: int) -> Path:
    return Path(out_dir) / "data" / split / f"shard-{index:05d}.parquet"


def stats_path(out_dir: str | Path, index: int) -> Path:
    return Path(out_dir) / "_shards" / f"shard-{index:05d}.stats.json"


def marker_path(out_dir: str | Path, index: int) -> Path:
    return Path(out_dir) / "_shards" / f"shard-{index:05d}.done"


def plan(seeds: list[Seed], seeds_per_shard: int) -> list[list[Seed]]:
    """Cut the (deterministically ordered) seed list into consecutive shards."""
    return [seeds[i : i + seeds_per_shard] for i in range(0, len(seeds), seeds_per_shard)]


def is_complete(out_dir: str | Path, index: int, config_digest: str) -> bool:
    marker = marker_path(out_dir, index)
    try:
        return json.loads(marker.read_text())["config_digest"] == config_digest
    except (OSError, ValueError, KeyError):
        return False


def read_stats(out_dir: str | Path, index: int) -> Stats:
    return Stats.from_json(json.loads(stats_path(out_dir, index).read_text()))


def remove_temporaries(out_dir: str | Path) -> int:
    """Delete temporary files left by writers that were killed; call before work starts."""
    removed = 0
    for folder in (Path(out_dir) / "data" / "equivalent", Path(out_dir) / "data" / "rejected",
                   Path(out_dir) / "_shards"):
        for tmp in folder.glob(".*.tmp"):
            tmp.unlink(missing_ok=True)
            removed += 1
    return removed


def _atomic_write(path: Path, write) -> None:
    """Write through a temporary file in the same folder, then rename: readers never see half a file.

    The temporary name is unique per writer, so two workers redoing the same shard (a retry racing
    a straggler) cannot interleave their bytes; the rename of identical content is harmless.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    try:
        write(tmp)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def process_shard(task: ShardTask) -> dict[str, Any]:
    """Run generate and verify over one shard and write its files. Returns the shard's stats."""
    if is_complete(task.out_dir, task.index, task.config_digest):
        return read_stats(task.out_dir, task.index).to_json()
    config = Config.model_validate(task.config)
    stats = Stats()
    rules = select_rules(config.generate)
    groups = generate_batch(task.seeds, rules, config.generate, stats,
                            llm_cache=f"{str(task.out_dir).rstrip('/')}/_llm_cache")
    rows = verify_batch(groups, config.verify, task.config_digest, stats)
    # One row per pair, in a deterministic order: shard content is a function of (seeds, config).
    by_split = {
        "equivalent": [r for r in rows if r["verdict"] == "equivalent"],
        "rejected": [r for r in rows if r["verdict"] != "equivalent"],
    }
    for split in SPLITS:
        path = data_path(task.out_dir, split, task.index)
        if not by_split[split]:
            # `datasets` cannot read a Parquet file without rows: an empty split has no file.
            path.unlink(missing_ok=True)
            continue
        table = rows_to_table(by_split[split])
        _atomic_write(path, lambda tmp, t=table: pq.write_table(t, tmp))
    stats.counters["shards"] += 1
    result = stats.to_json()
    _atomic_write(stats_path(task.out_dir, task.index),
                  lambda tmp: tmp.write_text(json.dumps(result, indent=1)))
    _atomic_write(marker_path(task.out_dir, task.index),
                  lambda tmp: tmp.write_text(json.dumps({"config_digest": task.config_digest,
                                                          "rows": len(rows)})))
    return result
