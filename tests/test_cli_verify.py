"""`semforge verify`: one output line per input line, in order, whatever the line holds."""

import json

import pytest
from click.testing import CliRunner

from semforge.cli import main
from semforge.verifiers import VerifyConfig
from semforge.verifiers.speed import perf_label

GT = "def f(x):\n    return x > 0\n"
GE = "def f(x):\n    return x >= 0\n"
LT = "def f(x):\n    return 0 < x\n"

LINES = [
    json.dumps({"id": "p1", "language": "python", "original": GT, "variant": GE, "entry_point": "f",
                "seed_inputs": [[3], [5]]}),
    json.dumps({"id": "p2", "language": "python", "original": GT, "variant": LT, "entry_point": "f",
                "seed_inputs": [[3], [5]]}),
    '{"id": "broken", "original": "def f(x',
    json.dumps({"id": "t1", "language": "pytorch", "original": "class Model: ...",
                "variant": "class ModelNew: ...", "entry_point": "Model"}),
    json.dumps({"id": "m1", "language": "python", "variant": GT}),
    json.dumps([1, 2]),
    json.dumps({"id": "p3", "original": GT, "variant": GT, "entry_point": "f"}),
]


def run_verify(tmp_path, lines, *args):
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("\n".join(lines) + "\n")
    out = tmp_path / "results.jsonl"
    result = CliRunner().invoke(main, ["verify", str(pairs), "-o", str(out), "--examples", "60",
                                       "--no-speed", *args])
    rows = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    return result, rows


def test_one_line_per_input_line_in_order(tmp_path):
    result, rows = run_verify(tmp_path, LINES)
    assert result.exit_code == 0, result.output
    assert [r["id"] for r in rows] == ["p1", "p2", "broken", "t1", "m1", None, "p3"]
    verdicts = [r["verdict"] for r in rows]
    assert verdicts == ["different", "equivalent", "error", "error", "error", "error", "equivalent"]
    assert "malformed JSON" in rows[2]["reason"]
    assert "not a KernelBench program" in rows[3]["reason"]
    for r in rows:
        assert {"id", "verdict", "reason", "counterexample", "examples", "seconds"} <= set(r)
    assert json.loads(rows[0]["counterexample"])["args"] == "[0]"
    assert "verified 7 pairs" in result.output  # the one-line summary (stderr is mixed in)


def test_policy_and_seed_are_recorded(tmp_path):
    result, rows = run_verify(tmp_path, LINES[:2], "--policy", "domain", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert all(r["policy"] == "domain" and r["seed"] == 3 for r in rows)


def test_speed_fields_when_measured(tmp_path):
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(LINES[1] + "\n")
    out = tmp_path / "results.jsonl"
    result = CliRunner().invoke(main, ["verify", str(pairs), "-o", str(out), "--examples", "30"])
    assert result.exit_code == 0, result.output
    row = json.loads(out.read_text())
    assert row["verdict"] == "equivalent"
    # --timing auto (the default): instruction counts where valgrind is installed
    from semforge.sandbox.counting import valgrind

    assert row["timing"] == ("instructions" if valgrind() else "wall") and row["speedup"] > 0
    # Which label a near-identical pair gets depends on the machine; that it is the one the
    # reported interval implies (default band) does not.
    lo, hi = row["speedup_ci"]
    assert 0 < lo <= hi
    assert row["perf_label"] == perf_label(lo, hi, VerifyConfig().speed_band)


@pytest.mark.slow
def test_workers_give_the_same_verdicts(tmp_path):
    _, serial = run_verify(tmp_path, LINES)
    result, parallel = run_verify(tmp_path, LINES, "--workers", "2")
    assert result.exit_code == 0, result.output
    assert [(r["id"], r["verdict"]) for r in parallel] == [(r["id"], r["verdict"]) for r in serial]


def test_a_line_may_give_the_domain(tmp_path):
    """The domain a line states is what the typed policy judges; every line reports its domain
    and the level an equivalent pair reached."""
    double, shift = "def f(x):\n    return x * 2\n", "def f(x):\n    return x << 1\n"
    lines = [json.dumps({"id": "ints", "original": double, "variant": shift, "entry_point": "f",
                         "seed_inputs": [[3]], "domain": "(x: int)"}),
             json.dumps({"id": "numbers", "original": double, "variant": shift, "entry_point": "f",
                         "seed_inputs": [[3]], "domain": "(x: int | float)"}),
             json.dumps({"id": "bad", "original": double, "variant": shift, "entry_point": "f",
                         "domain": "x: int"})]
    result, rows = run_verify(tmp_path, lines)
    assert result.exit_code == 0, result.output
    ints, numbers, bad = rows
    assert (ints["verdict"], ints["equivalence"], ints["domain"]) == ("equivalent", "typed", "(x: int)")
    assert numbers["verdict"] == "different" and numbers["domain"] == "(x: int | float)"
    assert bad["verdict"] == "error" and "bad domain" in bad["reason"]
