"""Curation and the final layout: duplicates, near duplicates, decontamination, the previous
version, shard sizes, and a finalize that can be redone."""

from __future__ import annotations

import gzip
import json

import pyarrow.parquet as pq
import pytest
from datasets import load_dataset

from make_dataset import make_dataset, pair_rows, stats_for, write_work_shard
from semforge.pipeline.config import ConfigError, parse_config
from semforge.pipeline.curate import build_curator
from semforge.pipeline.curate.decontam import SHIPPED, load_benchmark
from semforge.pipeline.finalize import finalize

HE0 = json.loads(gzip.open(SHIPPED["humaneval"], "rt").readline())["code"]


def row(original: str, variant: str, source_id: str, language: str = "python") -> dict:
    return {"language": language, "original": original, "variant": variant,
            "source_id": source_id, "id": source_id}


def curator(log=None, labels=(), **curate):
    settings = parse_config({"curate": curate}).curate
    return build_curator(settings, list(labels), log or (lambda _: None))


def test_exact_duplicates_ignore_formatting_and_comments():
    c = curator(decontaminate=[], near_dup=False)
    a = "def f(x):\n    return x + 1\n"
    b = "def f(x):  # the same program\n    return (x + 1)\n"
    kept = c.keep("default", [row(a, a + "\nY = 1\n", "s1"), row(b, b + "\nY = 1\n", "s2"),
                              row(a, a + "\nY = 2\n", "s3")])
    assert [r["source_id"] for r in kept] == ["s1", "s3"]
    assert c.counts.exact_duplicates["default"] == 1


def test_near_duplicates_across_seeds_but_not_variants_of_one_seed():
    body = "".join(f"    acc = acc + values[{i}] * weights[{i}]\n" for i in range(25))
    original = f"def score(values, weights):\n    acc = 0\n{body}    return acc\n"
    near = original.replace("acc = 0", "acc = 0  # start").replace("[24]", "[23]")
    v1 = original.replace("return acc", "return acc + 0")
    v2 = original.replace("return acc", "return 0 + acc")
    c = curator(decontaminate=[])
    kept = c.keep("default", [
        row(original, v1, "seed-a"),
        row(original, v2, "seed-a"),  # another variant of the same seed: kept
        row(near, near.replace("return acc", "return acc + 0"), "seed-b"),  # a near copy
        row("def h(s):\n    return s[::-1].upper()\n", "def h(s):\n    return s.upper()[::-1]\n",
            "seed-c"),
    ])
    assert [r["source_id"] for r in kept] == ["seed-a", "seed-a", "seed-c"]
    assert c.counts.near_duplicates["default"] == 1
    off = curator(decontaminate=[], near_dup=False)
    assert len(off.keep("default", [row(original, v1, "a"), row(near, near + "\nZ = 1\n", "b")])) == 2


def test_humaneval_solutions_are_caught_even_reformatted():
    c = curator()  # default: the shipped HumanEval+
    assert c.counts.benchmarks == ["humaneval"]
    leaked = HE0.replace("    ", "  ").replace("return True", "return True  # found")
    clean = "def mean(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total / len(xs)\n"
    kept = c.keep("default", [row(leaked, leaked + "\nZ = 1\n", "leak"),
                              row(clean, clean.replace("total / len(xs)", "total / float(len(xs))"), "ok")])
    kept += c.keep("rejected", [row(clean + "\n", HE0, "leak-in-variant")])
    assert [r["source_id"] for r in kept] == ["ok"]
    assert c.counts.contaminated["humaneval"] == 2
    assert c.counts.to_json()["contaminated_by_config"] == {"humaneval": {"default": 1, "rejected": 1}}


def test_named_benchmark_file_and_unshipped_names(tmp_path):
    bench = tmp_path / "mine.jsonl"
    secret = "def secret_sauce(a, b):\n    out = []\n    for i in range(a):\n        out.append(i * b % 7)\n    return sorted(out)\n"
    bench.write_text(json.dumps({"task_id": "mine/1", "solution": secret}) + "\n")
    c = curator(decontaminate=[{"name": "mine", "path": str(bench), "fields": ["solution"]}])
    kept = c.keep("default", [row(secret, secret.replace("sorted(out)", "list(sorted(out))"), "x")])
    assert kept == [] and c.counts.contaminated["mine"] == 1
    with pytest.raises(ValueError, match="not shipped.*path:"):
        curator(decontaminate=["mbpp"])
    with pytest.raises(ConfigError, match="curate.decontaminate"):
        parse_config({"curate": {"decontaminate": [{"name": "x", "paht": "y"}]}})
    assert len(load_benchmark("humaneval").problems) == 164


def test_benchmark_that_is_a_seed_corpus_is_skipped_and_said():
    said = []
    c = curator(log=said.append, labels=["evalplus:HumanEvalPlus.jsonl.gz@abc"])
    assert c.counts.benchmarks == [] and "humaneval" in c.counts.skipped_benchmarks
    assert any("seed corpus" in line for line in said)
    assert c.keep("default", [row(HE0, HE0 + "\nZ = 1\n", "HumanEval/0")])


def test_previous_version_pairs_are_dropped(tmp_path):
    v1 = tmp_path / "v1"
    make_dataset(v1, 10, 4, start=0)  # default: seeds 0..9; rejected: seeds 10..13
    out = tmp_path / "v2"
    # Half of this run's equivalent pairs, and two of its rejected ones, were already in v1.
    write_work_shard(out, 0, pair_rows(10, start=5), pair_rows(4, "different", start=12))
    config = parse_config({"curate": {"decontaminate": [], "previous": str(v1)}})
    stats = finalize(str(out), stats_for(10, 4), config, log=lambda _: None)
    previous = stats["curation"]["previous_version"]
    assert previous["dropped"] == {"default": 5, "rejected": 2}
    assert previous["rows"] == {"default": 10, "rejected": 4}
    assert stats["configs"]["default"]["rows"] == 5
    assert stats["configs"]["rejected"]["rows"] == 2
    card = (out / "README.md").read_text()
    assert f"in the previous version `{v1}` (10 + 4 pairs; each config against its own) | 5 | 2 |" in card


def test_new_variant_of_a_published_seed_is_kept_as_within_a_run():
    """Against a previous version, as within a run: a new variant of a seed is new data (not a
    near copy of the seed's published variants); an exact repeat of a published pair, or a near
    copy of one from another seed, is dropped."""
    from semforge.pipeline.curate import CurationCounts, Curator

    body = "".join(f"    acc = acc + values[{i}] * weights[{i}]\n" for i in range(25))
    original = f"def score(values, weights):\n    acc = 0\n{body}    return acc\n"
    near = original.replace("acc = 0", "acc = 0  # start").replace("[24]", "[23]")
    v1 = original.replace("return acc", "return acc + 0")
    v2 = original.replace("return acc", "return 0 + acc")
    settings = parse_config({"curate": {"decontaminate": []}}).curate
    c = Curator(settings, None, {"default": [row(original, v1, "seed-a")]}, CurationCounts())
    kept = c.keep("default", [
        row(original, v1 + "\n", "seed-a"),  # the published pair again (reformatted): dropped
        row(original, v2, "seed-a"),  # a new variant of the published seed: kept
        row(near, near.replace("return acc", "return acc + 0"), "seed-b"),  # a near copy: dropped
    ])
    assert [r["variant"] for r in kept] == [v2]
    assert c.counts.previous_version["default"] == 2
    # The same rows within one run keep both variants of seed-a: the two checks agree.
    within = curator(decontaminate=[])
    assert len(within.keep("default", [row(original, v1, "seed-a"), row(original, v2, "seed-a")])) == 2


def test_shards_follow_the_hub_layout_and_finalize_can_be_redone(tmp_path):
    out = tmp_path / "ds"
    write_work_shard(out, 0, pair_rows(150, start=0), pair_rows(7, "different", start=500))
    write_work_shard(out, 1, pair_rows(150, start=150), [])
    # A work file without a completion marker is a shard killed part-way: never read.
    pq.write_table(pq.read_table(out / "data/equivalent/shard-00001.parquet"),
                   out / "data/equivalent/shard-00002.parquet")
    small = parse_config({"curate": {"decontaminate": [], "shard_max_mb": 0.05,
                                     "row_group_mb": 0.02}})
    stats = finalize(str(out), stats_for(307, 0), small, log=lambda _: None)
    files = sorted((out / "data" / "default").glob("*.parquet"))
    n = len(files)
    assert n >= 3 and all(f.stat().st_size <= 50_000 for f in files)
    assert [f.name for f in files] == [f"train-{i:05d}-of-{n:05d}.parquet" for i in range(n)]
    meta = pq.ParquetFile(files[0]).metadata
    assert meta.num_row_groups > 1
    column = meta.row_group(0).column(0)
    assert column.compression == "ZSTD" and column.has_offset_index and column.has_column_index
    assert stats["configs"]["default"]["rows"] == 300 and stats["configs"]["rejected"]["rows"] == 7
    ds = load_dataset(str(out), split="train")
    assert len(ds) == 300 and len(set(ds["id"])) == 300
    # The rejected work shard shares data/rejected/ with the final files: never loaded as data.
    assert len(load_dataset(str(out), "rejected", split="train")) == 7

    again = finalize(str(out), stats_for(307, 0), parse_config({"curate": {"decontaminate": []}}),
                     log=lambda _: None)
    assert [f.name for f in (out / "data" / "default").glob("*.parquet")] == \
        ["train-00000-of-00001.parquet"]
    assert again["configs"]["default"]["rows"] == 300
    assert not list((out / "data").glob(".staging-*"))
    # The work shards are untouched: they are what a rerun curates again.
    assert len(list((out / "data" / "equivalent").glob("shard-*.parquet"))) == 3


def test_card_declares_both_configs_when_one_is_empty(tmp_path):
    import yaml

    out = tmp_path / "ds"
    make_dataset(out, 4, 0)
    card = (out / "README.md").read_text()
    meta = yaml.safe_load(card.split("---\n", 2)[1])
    assert [c["config_name"] for c in meta["configs"]] == ["default", "rejected"]
    assert pq.read_table(out / "data/rejected/train-00000-of-00001.parquet").num_rows == 0
    assert "streaming=True" in card
    assert 'load_dataset("ds")' in card and str(tmp_path) not in card
    report = (out / "report.md").read_text()
    for link in __import__("re").findall(r"\]\((plots/[^)]+)\)", report):
        assert (out / link).exists()


def test_finalize_and_publish_work_on_an_fsspec_url(tmp_path):
    """The run's output may be a URL (s3://...): finalize and publish go through fsspec only.
    fsspec's in-memory filesystem stands in for an object store."""
    import fsspec

    from semforge.pipeline.publish import publish_local

    local = tmp_path / "work"
    write_work_shard(local, 0, pair_rows(8, start=0), pair_rows(2, "different", start=50))
    fs = fsspec.filesystem("memory")
    url = f"memory://semforge-test-{id(tmp_path)}/ds"
    fs.put(str(local), url.replace("memory://", "/"), recursive=True)
    config = parse_config({"curate": {"decontaminate": []}})
    stats = finalize(url, stats_for(8, 2), config, log=lambda _: None)
    assert stats["configs"]["default"]["rows"] == 8
    root = url.replace("memory://", "/")
    assert fs.exists(f"{root}/data/default/train-00000-of-00001.parquet")
    assert fs.exists(f"{root}/README.md") and fs.exists(f"{root}/plots/verdicts.png")
    published = publish_local(url, str(tmp_path / "rel"), "0.1.0", log=lambda _: None)
    assert len(load_dataset(published.url, split="train")) == 8
    assert len(load_dataset(published.url, "rejected", split="train")) == 2


def test_benchmark_from_a_dataset_folder_is_loaded_with_datasets(tmp_path):
    import pyarrow as pa

    folder = tmp_path / "kb"
    (folder / "data").mkdir(parents=True)
    kernel = ("import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n"
              "    def forward(self, a, b):\n        c = torch.matmul(a, b)\n"
              "        return torch.relu(c) * 2 + torch.sigmoid(c)\n\n"
              "def get_inputs():\n    return [torch.randn(64, 32), torch.randn(32, 16)]\n")
    pq.write_table(pa.table({"name": ["k1"], "code": [kernel]}),
                   folder / "data" / "test-00000-of-00001.parquet")
    c = curator(decontaminate=[{"name": "kernelbench", "path": str(folder), "split": "test"}])
    kept = c.keep("default", [row(kernel, kernel.replace("* 2", "+ c"), "k", "pytorch")])
    assert kept == [] and c.counts.contaminated["kernelbench"] == 1


def test_row_groups_are_the_target_size_except_the_last(tmp_path):
    """Rows arrive in batches of any size (one work shard's survivors at a time); the rows left
    over after a flush wait for the next batch instead of becoming a row group of their own."""
    import fsspec

    from semforge.pipeline.hub_layout import ConfigWriter
    from semforge.record import rows_to_table

    base = pair_rows(1)[0]
    rows = [dict(base, id=f"{i:064d}") for i in range(200)]  # rows of one size
    per_row = rows_to_table(rows).nbytes / len(rows)
    fs = fsspec.filesystem("file")
    # 7.5 rows' worth per group (7 whole rows), files of about 30 rows: several files.
    writer = ConfigWriter(fs, str(tmp_path), "default", max_file_bytes=int(per_row * 30),
                          row_group_bytes=int(per_row * 7.5))
    at, sizes = 0, [3, 5, 11, 1, 2, 22, 9, 4, 40, 6, 13]
    while at < len(rows):
        for n in sizes:
            batch = rows[at:at + n]
            writer.write(batch)
            at += len(batch)
    files = writer.close()
    groups = [pq.ParquetFile(tmp_path / f["path"]).metadata.row_group(i).num_rows
              for f in files for i in range(pq.ParquetFile(tmp_path / f["path"]).num_row_groups)]
    assert len(files) > 1 and sum(groups) == sum(f["rows"] for f in files) == at
    assert set(groups[:-1]) == {7} and 0 < groups[-1] <= 7


def kernel(i: int) -> str:
    """A KernelBench-format program, different for each i."""
    ops = ["torch.relu(c)", "torch.sigmoid(c) * c", "torch.tanh(c) + c", "c.clamp(min=0.5)"]
    return ("import torch\nimport torch.nn as nn\n\nclass Model(nn.Module):\n"
            f"    def __init__(self, scale_{i}):\n        super().__init__()\n"
            f"        self.scale_{i} = scale_{i}\n\n"
            f"    def forward(self, a, b):\n        c = torch.matmul(a, b) * self.scale_{i}\n"
            f"        d = {ops[i % 4]}\n        return d.sum(dim={i % 2}) - d.mean() * {i + 2}\n\n"
            f"def get_inputs():\n    return [torch.randn({16 * (i + 1)}, 32), torch.randn(32, {8 + i})]\n\n"
            f"def get_init_inputs():\n    return [{i + 1}.5]\n")


def test_benchmark_from_a_kernelbench_checkout_reads_its_problems(tmp_path):
    """A KernelBench checkout's root has a README.md (so it looks like a dataset folder to
    `datasets`, which cannot read it): its problems, KernelBench/level*/*.py, are read instead,
    and the harness's own code beside them is not a benchmark problem."""
    root = tmp_path / "KernelBench-checkout"
    (root / "README.md").parent.mkdir()
    (root / "README.md").write_text("# KernelBench\n")
    for level in range(1, 5):
        (root / "KernelBench" / f"level{level}").mkdir(parents=True)
        (root / "KernelBench" / f"level{level}" / f"{level}_Problem.py").write_text(kernel(level))
    (root / "src").mkdir()
    (root / "src" / "eval.py").write_text("def eval_kernel(ref, new):\n    return ref == new\n")
    (root / "results").mkdir()
    (root / "results" / "timing.json").write_text("{}")
    bench = load_benchmark("kernelbench", str(root))
    assert sorted(pid for pid, _ in bench.problems) == [
        f"KernelBench/level{n}/{n}_Problem.py" for n in range(1, 5)]
    c = curator(decontaminate=[{"name": "kernelbench", "path": str(root)}])
    level3 = kernel(3)
    kept = c.keep("default", [row(level3, level3.replace("* 5", "* 4 + c.mean()"), "k", "pytorch"),
                              row(kernel(9), kernel(9).replace("* 11", "* 10"), "ok", "pytorch")])
    assert [r["source_id"] for r in kept] == ["ok"] and c.counts.contaminated["kernelbench"] == 1


def test_benchmark_split_syntax_reads_every_kernelbench_level(tmp_path):
    """The documented KernelBench entry: one split per level, all of them joined with `+`."""
    import pyarrow as pa

    folder = tmp_path / "kb"
    (folder / "data").mkdir(parents=True)
    card = ["---", "configs:", "- config_name: default", "  data_files:"]
    for level in range(1, 5):
        pq.write_table(pa.table({"code": [kernel(level)], "level": [level],
                                 "name": [f"{level}_Problem.py"], "problem_id": [level]}),
                       folder / "data" / f"level_{level}-00000-of-00001.parquet")
        card += [f"  - split: level_{level}", f"    path: data/level_{level}-*"]
    (folder / "README.md").write_text("\n".join(card + ["---", ""]))
    spec = {"name": "kernelbench", "path": str(folder), "fields": ["code"],
            "split": "level_1+level_2+level_3+level_4"}
    assert len(load_benchmark(spec["name"], spec["path"], spec["split"], spec["fields"]).problems) == 4
    c = curator(decontaminate=[spec])
    level4 = kernel(4)
    assert c.keep("default", [row(level4, level4.replace("* 6", "* 5 + c.mean()"), "k", "pytorch")]) == []
