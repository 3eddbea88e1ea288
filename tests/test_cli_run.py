"""What a user sees from `semforge --help`, `semforge run --help` and a bad config."""

from conftest import run_cli


def test_top_level_help_teaches_the_commands():
    out = run_cli("--help").stdout
    for word in ("run", "verify", "rules", "rewrite", "Start here"):
        assert word in out


def test_run_help_explains_config_and_output():
    out = run_cli("run", "--help").stdout
    for word in ("--config", "--scheduler-address", "--out", "load_dataset", "corpus:", "resume"):
        assert word in out, word


def test_print_config_shows_every_section():
    out = run_cli("run", "--print-config").stdout
    for section in ("corpus:", "generate:", "verify:", "run:", "card:"):
        assert section in out


def test_bad_config_exits_nonzero_naming_the_key(tmp_path):
    cfg = tmp_path / "run.toml"
    cfg.write_text("[verify]\nexampels = 5\n")
    proc = run_cli("run", "--config", str(cfg), check=False)
    assert proc.returncode == 1
    assert "verify.exampels" in proc.stderr and "did you mean 'examples'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_missing_corpus_path_is_a_clear_error(tmp_path):
    cfg = tmp_path / "run.yaml"
    cfg.write_text(f"corpus:\n  - kind: evalplus\n    path: {tmp_path}/nowhere.jsonl\n")
    proc = run_cli("run", "--config", str(cfg), "--out", str(tmp_path / "o"), check=False)
    assert proc.returncode == 1
    assert "nowhere.jsonl" in proc.stderr and "does not exist" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_unknown_rule_id_is_a_clear_error(tmp_path):
    cfg = tmp_path / "run.yaml"
    cfg.write_text("corpus:\n  - kind: builtin\n    limit: 1\ngenerate:\n  rules: [no-such-rule]\n"
                   "run:\n  workers: 1\n")
    proc = run_cli("run", "--config", str(cfg), "--out", str(tmp_path / "o"), "--no-progress",
                   check=False)
    assert proc.returncode == 1
    assert "no-such-rule" in proc.stderr and "rules list" in proc.stderr
    assert "Started a local Dask cluster" not in proc.stderr  # refused before any work


def test_limit_force_quiet_log_and_card_path(tmp_path):
    """--limit, --force and -q; progress in a redirected log has no carriage-return frames; the
    card loads the dataset by a relative path, not this machine's absolute one. The end summary
    says how to load the dataset; the cluster shuts down without a traceback and leaves no
    scratch files in the temporary folder (Dask's go under the run's own, removed at the end)."""
    import json
    import os

    import pytest

    pytest.importorskip("distributed")
    from datasets import load_dataset

    config = tmp_path / "run.yaml"
    config.write_text("generate: {variants_per_seed: 2, max_chain: 1}\n"
                      "verify: {examples: 10, measure_speed: false}\n"
                      "run: {seeds_per_shard: 2, workers: 1}\n")
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "TMPDIR": str(tmp)}
    first = run_cli("run", "--config", str(config), "--out", "ds", "--limit", "4", cwd=tmp_path,
                    env=env)
    assert "\r" not in first.stderr  # stderr is a pipe: plain lines only
    for noise in ("Traceback", "Error", "WARNING", "CancelledError"):
        assert noise not in first.stderr, first.stderr
    assert [p.name for p in tmp.iterdir()] == []  # no dask-scratch-space, no run folder left
    [load] = [line for line in first.stdout.splitlines() if line.lstrip().startswith("load ")]
    assert 'ds = load_dataset("ds")' in load
    assert len(load_dataset(str(tmp_path / "ds"), split="train")) > 0
    stats = json.loads((tmp_path / "ds" / "stats.json").read_text())
    assert stats["seeds"]["loaded"] == 4 and stats["shards"]["total"] == 2
    card = (tmp_path / "ds" / "README.md").read_text()
    assert 'load_dataset("ds")' in card and str(tmp_path) not in card
    again = run_cli("run", "--config", str(config), "--out", "ds", "--limit", "4", "-q",
                    cwd=tmp_path)
    assert again.stderr == ""  # quiet: nothing but the summary on stdout
    assert "(2 resumed)" in again.stdout
    assert "over every invocation" in again.stdout  # wall time summed over both
    forced = run_cli("run", "--config", str(config), "--out", "ds", "--limit", "4", "--force",
                     cwd=tmp_path)
    assert "(0 resumed)" in forced.stdout
    assert len(list((tmp_path / "ds" / "_runs").iterdir())) == 1  # --force started over


def test_a_run_without_seeds_fails_and_says_why(tmp_path):
    """An empty folder, or a file whose every record is bad: no dataset, card or plots, a
    plain message and a non-zero exit (before any cluster starts)."""
    empty = tmp_path / "empty"
    empty.mkdir()
    cfg = tmp_path / "empty.yaml"
    cfg.write_text(f"corpus: [{{kind: files, path: {empty}}}]\n")
    proc = run_cli("run", "--config", str(cfg), "--out", str(tmp_path / "o1"), check=False)
    assert proc.returncode == 1, proc.stderr
    assert "no seeds in files:empty@" in proc.stderr and "hold no records" in proc.stderr
    assert "Traceback" not in proc.stderr and "Started a local Dask cluster" not in proc.stderr
    assert not (tmp_path / "o1" / "README.md").exists() and not (tmp_path / "o1" / "run.json").exists()

    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"task_id": "a"}\nnot json\n{"task_id": "b", "prompt": "x"}\n')
    cfg = tmp_path / "bad.yaml"
    cfg.write_text(f"corpus: [{{kind: evalplus, path: {bad}}}]\n")
    out = tmp_path / "o2"
    proc = run_cli("run", "--config", str(cfg), "--out", str(out), check=False)
    assert proc.returncode == 1, proc.stderr
    assert "no seeds in evalplus:bad.jsonl@" in proc.stderr
    assert "all 3 records were rejected" in proc.stderr and "Nothing was built" in proc.stderr
    assert len((out / "rejected_records.jsonl").read_text().splitlines()) == 3
    assert sorted(p.name for p in out.iterdir()) == ["rejected_records.jsonl"]


def test_refusing_another_config_names_the_keys_that_differ(tmp_path):
    from semforge.pipeline.config import ConfigError, parse_config
    from semforge.pipeline.runner import _check_out_dir
    from semforge.pipeline.storage import Output

    import pytest

    out = Output(tmp_path / "ds")
    first = parse_config({"verify": {"examples": 200}, "generate": {"max_chain": 3}})
    assert _check_out_dir(out, first.content_digest(["c@1"]), first, ["c@1"]) is True
    second = parse_config({"verify": {"examples": 41}, "generate": {"max_chain": 3},
                           "run": {"workers": 7}})  # placement: not a difference
    with pytest.raises(ConfigError) as refused:
        _check_out_dir(out, second.content_digest(["c@2"]), second, ["c@2"])
    message = str(refused.value)
    assert "verify.examples: 200 -> 41" in message
    assert 'corpus 0 content: "c@1" -> "c@2"' in message
    assert "workers" not in message and "--force" in message
