"""Shard files without Dask: names, atomic writes, completion markers, skip on rerun."""

import json
from pathlib import Path

import pyarrow.parquet as pq

from semforge.pipeline import shards
from semforge.pipeline.config import parse_config
from semforge.record import SCHEMA, Seed

CODE = '''
def total(xs):
    s = 0
    for x in xs:
        if x > 0:
            s = s + x
    return abs(s) + len(xs)
'''


def seed(i: int) -> Seed:
    return Seed(source="test", source_id=f"t{i}", entry_point="total", code=CODE,
                inputs=[[[1, 2, -3]], [[]], [[5]]])


def make_task(tmp_path, n=2, index=0):
    config = parse_config({"generate": {"variants_per_seed": 2},
                           "verify": {"examples": 20, "measure_speed": False}})
    return shards.ShardTask(index, [seed(i) for i in range(n)], config.model_dump(mode="json"),
                            "digest-a", str(tmp_path))


def test_plan_cuts_consecutive_shards():
    seeds = [seed(i) for i in range(7)]
    planned = shards.plan(seeds, 3)
    assert [len(p) for p in planned] == [3, 3, 1]
    assert [s.source_id for p in planned for s in p] == [s.source_id for s in seeds]


def test_process_shard_writes_both_splits_stats_and_marker(tmp_path):
    task = make_task(tmp_path)
    stats = shards.process_shard(task)
    assert stats["counters"]["pairs"] > 0
    eq = pq.read_table(shards.data_path(tmp_path, "equivalent", 0))
    assert eq.schema.equals(SCHEMA)
    rejected_path = Path(shards.data_path(tmp_path, "rejected", 0))
    n_rejected = pq.read_table(rejected_path).num_rows if rejected_path.exists() else 0
    assert eq.num_rows + n_rejected == stats["counters"]["pairs"]
    assert set(eq.column("verdict").to_pylist()) <= {"equivalent"}
    assert shards.is_complete(tmp_path, 0, "digest-a")
    assert not shards.is_complete(tmp_path, 0, "digest-b")
    assert json.loads(Path(shards.marker_path(tmp_path, 0)).read_text())["rows"] == stats["counters"]["pairs"]
    assert not list(tmp_path.rglob("*.tmp"))


def test_complete_shard_is_not_redone(tmp_path):
    task = make_task(tmp_path)
    first = shards.process_shard(task)
    path = Path(shards.data_path(tmp_path, "equivalent", 0))
    mtime = path.stat().st_mtime_ns
    assert shards.process_shard(task) == first
    assert path.stat().st_mtime_ns == mtime


def test_incomplete_shard_is_redone_whole(tmp_path):
    task = make_task(tmp_path)
    shards.process_shard(task)
    want = pq.read_table(shards.data_path(tmp_path, "equivalent", 0)).column("id").to_pylist()
    # A kill after the data but before the marker: the shard is written again, whole.
    Path(shards.marker_path(tmp_path, 0)).unlink()
    Path(shards.data_path(tmp_path, "rejected", 0)).unlink(missing_ok=True)
    (tmp_path / "data" / "equivalent" / ".shard-00000.parquet.dead.tmp").write_bytes(b"partial")
    assert shards.remove_temporaries(tmp_path) == 1
    shards.process_shard(task)
    got = pq.read_table(shards.data_path(tmp_path, "equivalent", 0)).column("id").to_pylist()
    assert got == want
    assert shards.is_complete(tmp_path, 0, "digest-a")
