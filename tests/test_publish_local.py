"""`semforge publish --to PATH`: versioned folders that `datasets` loads, no account needed."""

from __future__ import annotations

import json

from datasets import load_dataset

from conftest import run_cli
from make_dataset import make_dataset


def test_two_local_versions_load_and_a_version_is_never_overwritten(tmp_path):
    one, two = tmp_path / "one" / "semforge-out", tmp_path / "two" / "semforge-out"
    make_dataset(one, 12, 3, start=0)
    make_dataset(two, 20, 2, start=300)
    releases = tmp_path / "releases"

    first = run_cli("publish", str(one), "--to", str(releases), "--version", "1.0.0")
    assert f'load_dataset("{releases}/v1.0.0")' in first.stdout
    run_cli("publish", str(two), "--to", str(releases), "--version", "1.1.0")

    assert len(load_dataset(str(releases / "v1.0.0"), split="train")) == 12
    assert len(load_dataset(str(releases / "v1.0.0"), "rejected", split="train")) == 3
    assert len(load_dataset(str(releases / "v1.1.0"), split="train")) == 20
    # Only the dataset: not the run's work shards or markers.
    files = sorted(p.relative_to(releases / "v1.0.0").as_posix()
                   for p in (releases / "v1.0.0").rglob("*") if p.is_file())
    assert "data/default/train-00000-of-00001.parquet" in files
    assert not any(f.startswith("_shards") or "shard-" in f for f in files)
    card = (releases / "v1.1.0" / "README.md").read_text()
    assert 'load_dataset("releases/v1.1.0")' in card and str(tmp_path) not in card
    versions = json.loads((releases / "versions.json").read_text())
    assert [v["version"] for v in versions] == ["1.0.0", "1.1.0"]

    again = run_cli("publish", str(two), "--to", str(releases), "--version", "1.0.0", check=False)
    assert again.returncode != 0 and "already exists" in again.stderr
    assert len(load_dataset(str(releases / "v1.0.0"), split="train")) == 12
    assert not [p for p in releases.iterdir() if p.name.endswith(".tmp")]


def test_incomplete_run_is_not_published_locally(tmp_path):
    out = tmp_path / "out"
    make_dataset(out, 4, 0, failed=["shard 0: KilledWorker"])
    proc = run_cli("publish", str(out), "--to", str(tmp_path / "rel"), "--version", "1.0.0",
                   check=False)
    assert proc.returncode != 0 and "incomplete" in proc.stderr
    assert not (tmp_path / "rel" / "v1.0.0").exists()


def test_publish_to_a_url_prints_the_url_and_a_load_line_that_works(tmp_path):
    """An fsspec URL keeps its protocol in what is printed (``s3://b/rel`` without it would be
    ``b/rel``, which `datasets` reads as a Hub repo id), and the printed line loads the version.
    fsspec's in-memory filesystem stands in for an object store, so the CLI runs in-process."""
    from click.testing import CliRunner

    from semforge.cli import main

    out = tmp_path / "semforge-out"
    make_dataset(out, 6, 2)
    target = f"memory://semforge-rel-{id(tmp_path)}"
    result = CliRunner().invoke(main, ["publish", str(out), "--to", target, "--version", "0.1.0"])
    assert result.exit_code == 0, result.output
    url = f"memory:///semforge-rel-{id(tmp_path)}/v0.1.0"
    assert f"published v0.1.0: {url}" in result.output
    line = next(x.strip() for x in result.output.splitlines() if "load_dataset(" in x)
    assert url in line
    ds = eval(line, {"load_dataset": load_dataset})  # the line exactly as printed
    assert len(ds) == 6
