"""`semforge export`: training records, split by seed."""

from __future__ import annotations

import json

import pyarrow.parquet as pq

from conftest import run_cli
from make_dataset import make_dataset
from semforge.pipeline.export import export, split_of


def test_chat_records_carry_instruction_pair_and_measured_label(tmp_path):
    out = tmp_path / "ds"
    make_dataset(out, 30, 2, perf=["faster", "slower", "same", None])
    target = tmp_path / "train.jsonl"
    proc = run_cli("export", str(out), "--format", "chat", "-o", str(target))
    records = [json.loads(line) for line in target.read_text().splitlines()]
    forward = [r for r in records if r["direction"] == "forward"]
    backward = [r for r in records if r["direction"] == "reversed"]
    assert len(forward) == 30  # the equivalent pairs only
    measured = [r for r in forward if r["label"] is not None]
    # every measured pair read backwards too, the label turned round
    assert len(backward) == len(measured) and len(records) == 30 + len(measured)
    assert f"wrote {len(records)} chat records" in proc.stdout
    flipped = {r["pair_id"]: r for r in backward}
    for r in measured:
        b = flipped[r["id"]]
        assert b["original"] == r["variant"] and b["variant"] == r["original"]
        assert b["label"] == {"faster": "slower", "slower": "faster", "same": "same"}[r["label"]]
    by_label = {r["label"]: r for r in forward}
    assert set(by_label) == {"faster", "slower", "same", None}
    assert "runs faster" in by_label["faster"]["instruction"]
    assert "runs slower" in by_label["slower"]["instruction"]
    assert "about as fast" in by_label["same"]["instruction"]
    for label in ("same", None):  # no speed claim without a measurement that shows one
        assert "faster" not in by_label[label]["instruction"]
        assert "slower" not in by_label[label]["instruction"]
    r = by_label["faster"]
    assert r["messages"][0]["role"] == "user" and r["original"].strip() in r["messages"][0]["content"]
    assert r["messages"][1]["role"] == "assistant" and r["variant"].strip() in r["messages"][1]["content"]
    assert r["speedup"] == 1.5


def test_completion_parquet_and_split_by_seed_not_row(tmp_path):
    out = tmp_path / "ds"
    make_dataset(out, 60, 0, per_seed=3)  # 20 seeds, 3 pairs each: the split keeps them together
    target = tmp_path / "train.parquet"
    counts = export(str(out), str(target), "completion", seed=3, validation=0.3,
                    both_directions=False)
    rows = pq.read_table(target).to_pylist()
    assert len(rows) == 60 == counts["train"] + counts["validation"]
    assert 0 < counts["validation"] < 60
    assert all(r["prompt"].endswith("\n\n") and r["completion"].startswith("```") for r in rows)
    sides: dict = {}
    for r in rows:
        assert sides.setdefault((r["source"], r["source_id"]), r["split"]) == r["split"]
        assert r["split"] == split_of(r["source"], r["source_id"], 3, 0.3)
    assert len(sides) == 20
    # Deterministic: the same seed gives the same split; another seed a different one.
    again = export(str(out), str(tmp_path / "again.parquet"), "completion", seed=3, validation=0.3,
                   both_directions=False)
    assert again == counts
    assert [r["split"] for r in pq.read_table(tmp_path / "again.parquet").to_pylist()] == \
        [r["split"] for r in rows]
    other = [split_of(r["source"], r["source_id"], 4, 0.3) for r in rows]
    assert other != [r["split"] for r in rows]


def test_split_spreads_seeds_over_both_sides():
    flips = {split_of("corpus@1", f"task/{i}", 0, 0.5) for i in range(50)}
    assert flips == {"train", "validation"}


def test_bad_output_suffix_is_explained(tmp_path):
    out = tmp_path / "ds"
    make_dataset(out, 3, 0)
    proc = run_cli("export", str(out), "-o", str(tmp_path / "x.csv"), check=False)
    assert proc.returncode != 0 and ".jsonl" in proc.stderr and ".parquet" in proc.stderr


def test_an_empty_split_is_warned_about_with_the_fix(tmp_path):
    out = tmp_path / "ds"
    make_dataset(out, 5, 0)  # 5 seeds, one pair each
    # A split seed that sends all 5 seeds to train at --validation 0.3 (found, not assumed).
    seed = next(s for s in range(1000)
                if all(split_of("test-corpus@1", f"seed-{i}", s, 0.3) == "train" for i in range(5)))
    proc = run_cli("export", str(out), "-o", str(tmp_path / "a.jsonl"), "--validation", "0.3",
                   "--split-seed", str(seed))
    assert "train 5, validation 0" in proc.stdout
    assert "validation split is empty" in proc.stderr
    assert "more seeds" in proc.stderr and "--validation" in proc.stderr
    # No validation asked for: an empty validation split is what was asked, not a problem.
    quiet = run_cli("export", str(out), "-o", str(tmp_path / "b.jsonl"), "--validation", "0")
    assert "empty" not in quiet.stderr


def test_a_directory_gets_one_file_per_split_in_the_hubs_naming(tmp_path):
    from datasets import load_dataset

    out = tmp_path / "ds"
    make_dataset(out, 40, 0, per_seed=2, perf=["faster", "slower", None, "same"])
    target = tmp_path / "sft"
    counts = export(str(out), str(target), "chat", seed=0, validation=0.3)
    files = sorted(p.name for p in (target / "data").iterdir())
    assert files == ["train-00000-of-00001.jsonl", "validation-00000-of-00001.jsonl"]
    loaded = load_dataset(str(target))
    assert {k: len(v) for k, v in loaded.items()} == counts
    assert all(r["split"] == "validation" for r in loaded["validation"])


def test_label_and_equivalence_filters(tmp_path):
    out = tmp_path / "ds"
    make_dataset(out, 24, 0, perf=["faster", "slower", None, "same"])
    target = tmp_path / "faster.jsonl"
    counts = export(str(out), str(target), labels=["faster"], validation=0)
    records = [json.loads(line) for line in target.read_text().splitlines()]
    # the faster pairs, and the slower pairs read backwards
    assert {r["label"] for r in records} == {"faster"} and counts["train"] == 12
    assert {r["direction"] for r in records} == {"forward", "reversed"}
    none = export(str(out), str(tmp_path / "none.jsonl"), labels=["none"], validation=0)
    assert none["train"] == 6
    # the rows carry no equivalence level: the filter leaves them out, and says so
    said = []
    typed = export(str(out), str(tmp_path / "typed.jsonl"), equivalence=["typed"],
                   validation=0, warn=said.append)
    assert typed["train"] == 0 and any("no equivalence level" in m for m in said)
