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
    card loads the dataset by a relative path, not this machine's absolute one."""
    import json

    import pytest

    pytest.importorskip("distributed")
    config = tmp_path / "run.yaml"
    config.write_text("generate: {variants_per_seed: 2, max_chain: 1}\n"
                      "verify: {examples: 10, measure_speed: false}\n"
                      "run: {seeds_per_shard: 2, workers: 1}\n")
    first = run_cli("run", "--config", str(config), "--out", "ds", "--limit", "4", cwd=tmp_path)
    assert "\r" not in first.stderr  # stderr is a pipe: plain lines only
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
