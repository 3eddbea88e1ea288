"""The plan (pipeline/plan.py): duplicates across corpora, limits, and references that workers
resolve back to exactly the seeds the driver saw."""

from __future__ import annotations

import gzip
import json

import pytest

from semforge.pipeline.config import parse_config
from semforge.pipeline.corpora import CorpusSpec, corpus_label, iter_corpus
from semforge.pipeline.plan import ScanStats, dedup_key, plan_shards, read_shard_seeds
from semforge.pipeline.runner import load_seeds
from semforge.record import Seed


def plan(specs, tmp_path, per_shard=3, limit=None):
    labels = [corpus_label(s) for s in specs]
    stats, rejected = ScanStats(), []
    shards = list(plan_shards(specs, labels, per_shard, str(tmp_path), stats, limit=limit,
                              on_rejection=rejected.append))
    return shards, stats, rejected, labels


def test_same_function_in_two_corpora_is_kept_once(tmp_path):
    builtin = [s for s in iter_corpus(CorpusSpec(kind="builtin")) if isinstance(s, Seed)]
    # The first built-in seed again, reformatted and commented: still the same seed.
    first = builtin[0]
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "copy.py").write_text("# vendored\n" + first.code.replace("\n", "\n\n") + "\n\n# end\n")
    (lib / "other.py").write_text("def brand_new(x: int) -> int:\n    return x * 3 + 1\n")
    specs = [CorpusSpec(kind="builtin"), CorpusSpec(kind="files", path=str(lib))]
    shards, stats, rejected, labels = plan(specs, tmp_path / "scratch1")
    assert stats.duplicates_across == 1 and stats.duplicates_within == 0
    assert stats.duplicates_by_corpus == {labels[1]: 1}
    [dup] = [r for r in rejected if r.reason.startswith("duplicate")]
    assert dup.source_id == f"copy.py::{first.entry_point}"
    assert dup.reason == f"duplicate of {first.source_id} in {labels[0]}"
    assert stats.loaded == len(builtin) + 1
    refs = [ref for shard in shards for ref in shard]
    assert len(refs) == stats.loaded and all(len(s) <= 3 for s in shards)
    # A worker reads the units itself: the same seeds, in the same order.
    specs_json = [s.model_dump(mode="json") for s in specs]
    seeds = [seed for shard in shards for seed in read_shard_seeds(shard, specs_json, labels)]
    assert [s.source_id for s in seeds] == [s.source_id for s in builtin] + ["other.py::brand_new"]
    assert seeds[:len(builtin)] == builtin


def test_dedup_key_ignores_layout_not_names_or_constants():
    a = Seed("s", "a", "f", "def f(x):\n    # note\n    return x + 1\n")
    b = Seed("s", "b", "f", "def f(x):  \n\n    return (x + 1)\n")
    c = Seed("s", "c", "f", "def f(x):\n    return x + 2\n")
    d = Seed("s", "d", "f", "def f(y):\n    return y + 1\n")
    assert dedup_key(a) == dedup_key(b)
    assert len({dedup_key(a), dedup_key(c), dedup_key(d)}) == 3


def test_run_limit_and_corpus_limit(tmp_path):
    specs = [CorpusSpec(kind="builtin", limit=5), CorpusSpec(kind="builtin")]
    shards, stats, rejected, _ = plan(specs, tmp_path / "a")
    # The second corpus is the same content: every seed is a duplicate of the first corpus's
    # five, or new.
    assert stats.loaded == len([s for s in iter_corpus(CorpusSpec()) if isinstance(s, Seed)])
    assert stats.duplicates_across == 5
    shards, stats, _, _ = plan([CorpusSpec(kind="builtin")], tmp_path / "b", per_shard=4, limit=10)
    assert stats.loaded == 10 and [len(s) for s in shards] == [4, 4, 2]


def test_evalplus_units_resolve_to_the_same_records(tmp_path, humaneval_path):
    spec = CorpusSpec(kind="evalplus", path=str(humaneval_path), max_inputs=8)
    whole = [s for s in iter_corpus(spec) if isinstance(s, Seed)]
    shards, stats, _, labels = plan([spec], tmp_path, per_shard=7)
    assert stats.loaded == len(whole) == 164
    got = [s for shard in shards for s in read_shard_seeds(shard, [spec.model_dump(mode="json")], labels)]
    assert got == whole


@pytest.mark.parametrize("fmt", ["jsonl", "jsonl.gz", "parquet"])
def test_every_unit_rereads_from_its_own_offset(tmp_path, humaneval_path, fmt):
    """Workers re-read a unit from the byte offset (row group) the driver's single pass saw;
    blank and broken lines keep their numbers."""
    from semforge.pipeline.corpora import read_unit, units

    with gzip.open(humaneval_path, "rt") as fh:
        lines = fh.read().splitlines()[:100]
    lines[40:40] = ["", "{not json", "\u00ff\u00fe"]
    lines[64:64] = ["", ""]  # a unit that starts on a blank line
    path = tmp_path / f"part.{fmt}"
    if fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        records = [json.loads(x) for x in lines if x.startswith("{\"")]
        table = pa.Table.from_pylist([{k: json.dumps(v) if k.endswith("_input") else v
                                       for k, v in r.items()} for r in records])
        pq.write_table(table, path, row_group_size=13)  # units straddle row groups
    else:
        data = ("\n".join(lines) + "\n").encode()
        path.write_bytes(gzip.compress(data) if fmt.endswith("gz") else data)
    spec = CorpusSpec(kind="evalplus", path=str(path), max_inputs=2)
    label = corpus_label(spec)
    def show(item):
        return item.source_id, item.code if isinstance(item, Seed) else item.reason

    planned = [(unit, [show(i) for i in items])
               for unit, items in units(spec, label)]
    assert len(planned) >= 3
    for unit, items in planned:
        again = [show(i) for i in read_unit(spec, unit, label)]
        assert again == items, f"unit {unit} reads back differently"
    ids = [sid for _, items in planned for sid, _ in items]
    assert len(ids) == len(set(ids))


def test_load_seeds_applies_run_limit(tmp_path):
    config = parse_config({"run": {"limit": 7}})
    seeds, rejections, labels = load_seeds(config)
    assert len(seeds) == 7 and not rejections and labels == ["semforge/builtin@0.1.0"]


def test_corrupt_gzip_is_one_rejection_in_the_plan(tmp_path):
    path = tmp_path / "broken.jsonl.gz"
    good = json.dumps({"task_id": "T/0", "entry_point": "f", "prompt": "def f(x):\n",
                       "canonical_solution": "    return x\n", "base_input": [[1]]})
    path.write_bytes(gzip.compress((good + "\n").encode())[:-12])
    _, stats, rejected, _ = plan([CorpusSpec(kind="evalplus", path=str(path))], tmp_path / "s")
    assert [r.reason.split(":")[0] for r in rejected][-1] == "unreadable file"
