"""The whole pipeline with real parts: Dask clusters, sandboxed verification, Parquet read back
with `datasets`, a run killed part-way and resumed, HumanEval+ and a corpus of bad records."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from datasets import load_dataset

from conftest import REPO, SEMFORGE, read_scheduler_file, run_cli

pytestmark = pytest.mark.slow

# Small but real: every stage runs, verification included; speed is not measured so that reruns
# give identical rows.
SMALL = {
    "generate": {"variants_per_seed": 3, "max_chain": 2},
    "verify": {"examples": 40, "measure_speed": False},
    "run": {"seeds_per_shard": 2, "workers": 2},
}


def write_config(path: Path, **sections) -> Path:
    config = json.loads(json.dumps(SMALL))
    for key, value in sections.items():
        if isinstance(value, dict):
            config.setdefault(key, {}).update(value)
        else:
            config[key] = value
    path.write_text(yaml.safe_dump(config))
    return path


def rows(out: Path, name: str = "default") -> list[dict]:
    stats = json.loads((out / "stats.json").read_text())
    if not stats["configs"][name]["rows"]:
        return []  # declared, but `datasets` refuses to load an empty split
    ds = load_dataset(str(out), name, split="train")
    return list(ds)


def start_dask_cluster(tmp_path: Path):
    """A real `dask scheduler` and two `dask worker` processes on loopback."""
    bin_dir = Path(sys.executable).parent
    sched_file = tmp_path / "scheduler.json"
    env = dict(os.environ)
    procs = [subprocess.Popen(
        [str(bin_dir / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0",
         "--no-dashboard", "--scheduler-file", str(sched_file)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)]
    address = read_scheduler_file(sched_file)
    for _ in range(2):
        procs.append(subprocess.Popen(
            [str(bin_dir / "dask"), "worker", address, "--nthreads", "1", "--no-dashboard",
             "--host", "127.0.0.1"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=tmp_path))
    from distributed import Client

    with Client(address, timeout="30s") as client:
        client.wait_for_workers(2, timeout=60)
    return address, procs


def test_run_on_external_scheduler_and_two_workers(tmp_path):
    address, procs = start_dask_cluster(tmp_path)
    try:
        out = tmp_path / "ds"
        config = write_config(tmp_path / "run.yaml")
        proc = run_cli("run", "--config", str(config), "--out", str(out),
                       "--scheduler-address", address, "--no-progress")
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait(timeout=30)
    assert "2 workers" in proc.stderr
    assert "semforge run finished" in proc.stdout
    equivalent = rows(out)
    assert len(equivalent) >= 40
    assert all(r["verdict"] == "equivalent" for r in equivalent)
    assert all(r["transforms"] and r["original"] != r["variant"] for r in equivalent)
    rejected = rows(out, "rejected")
    assert all(r["verdict"] != "equivalent" for r in rejected)
    ids = [r["id"] for r in equivalent + rejected]
    assert len(ids) == len(set(ids)), "a pair appears twice"
    stats = json.loads((out / "stats.json").read_text())
    assert stats["pairs"] == sum(stats["curation"]["input"].values())
    assert sum(stats["curation"]["output"].values()) == len(ids)
    assert stats["configs"]["default"]["rows"] == len(equivalent)
    assert stats["seeds"]["loaded"] >= 35
    card = (out / "README.md").read_text()
    assert "configs:" in card and "data/default/train-*.parquet" in card
    assert (out / "report.md").exists() and (out / "plots" / "verdicts.png").exists()


def test_killed_run_resumes_without_loss_or_duplicates(tmp_path):
    config = write_config(tmp_path / "run.yaml")
    reference = tmp_path / "reference"
    run_cli("run", "--config", str(config), "--out", str(reference), "--no-progress")

    out = tmp_path / "killed"
    proc = subprocess.Popen([*SEMFORGE, "run", "--config", str(config), "--out", str(out),
                             "--no-progress"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    markers = out / "_shards"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if markers.exists() and len(list(markers.glob("*.done"))) >= 3:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run finished before it could be killed: use more shards"
    os.killpg(proc.pid, signal.SIGKILL)  # the client, its local cluster and the sandboxes
    proc.wait()
    done_before = len(list(markers.glob("*.done")))
    total = len(list((reference / "_shards").glob("*.done")))
    assert 0 < done_before < total

    resumed = run_cli("run", "--config", str(config), "--out", str(out), "--no-progress")
    assert "resuming" in resumed.stderr
    for name in ("default", "rejected"):
        got = sorted((r["id"], r["verdict"]) for r in rows(out, name))
        want = sorted((r["id"], r["verdict"]) for r in rows(reference, name))
        assert got == want
        assert len({i for i, _ in got}) == len(got)


def test_humaneval_plus_corpus(tmp_path, humaneval_path):
    config = write_config(
        tmp_path / "run.yaml",
        corpus=[{"kind": "evalplus", "path": str(humaneval_path), "max_inputs": 20}],
        generate={"variants_per_seed": 2},
        verify={"examples": 30},
        run={"seeds_per_shard": 12},
    )
    out = tmp_path / "he"
    run_cli("run", "--config", str(config), "--out", str(out), "--no-progress", timeout=1500)
    all_rows = rows(out) + rows(out, "rejected")
    tasks_with_pairs = {r["source_id"] for r in all_rows}
    assert len(tasks_with_pairs) >= 0.9 * 164, f"pairs for only {len(tasks_with_pairs)} of 164 tasks"
    equivalent = rows(out)
    assert len({r["source_id"] for r in equivalent}) >= 0.8 * 164
    assert all(r["source"].startswith("evalplus") and r["license"] for r in equivalent[:5])


def test_bad_records_are_reported_and_the_run_completes(tmp_path):
    data = REPO / "tests" / "data"
    config = write_config(
        tmp_path / "run.yaml",
        corpus=[{"kind": "files", "path": str(data / "bad_corpus")},
                {"kind": "evalplus", "path": str(data / "bad_evalplus.jsonl")}],
    )
    out = tmp_path / "bad"
    proc = run_cli("run", "--config", str(config), "--out", str(out), "--no-progress")
    stats = json.loads((out / "stats.json").read_text())
    reasons = " | ".join(r["reason"] for r in stats["rejected_records"])
    for expected in ("syntax error", "UTF-8", "empty", "entry"):
        assert expected.lower() in reasons.lower(), f"no rejection mentions {expected!r}: {reasons}"
    assert stats["seeds"]["loaded"] >= 2
    assert stats["pairs"] > 0
    assert "skipped" in proc.stderr
    assert all(r["verdict"] == "equivalent" for r in rows(out))


def test_rerun_with_other_config_is_refused(tmp_path):
    out = tmp_path / "ds"
    first = write_config(tmp_path / "a.yaml", corpus=[{"kind": "builtin", "limit": 2}])
    run_cli("run", "--config", str(first), "--out", str(out), "--no-progress")
    second = write_config(tmp_path / "b.yaml", corpus=[{"kind": "builtin", "limit": 2}],
                          verify={"examples": 41})
    proc = run_cli("run", "--config", str(second), "--out", str(out), check=False)
    assert proc.returncode != 0
    assert "different config: verify.examples: 40 -> 41" in proc.stderr


def test_interrupted_run_says_how_to_resume(tmp_path):
    """Ctrl-C: exit 130, the completed shards kept, and the message names the way back. Sent
    as a terminal sends it, to the whole process group (workers included), while shards run:
    the cluster closes without tracebacks or warnings about cancelled tasks."""
    config = write_config(tmp_path / "run.yaml")
    out = tmp_path / "out"
    # SIGINT as a shell's foreground job has it (a background job of a script ignores it).
    proc = subprocess.Popen([*SEMFORGE, "run", "--config", str(config), "--out", str(out),
                             "--no-progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    markers = out / "_shards"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if markers.exists() and list(markers.glob("*.done")):
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run finished before it could be interrupted"
    os.killpg(proc.pid, signal.SIGINT)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "run the same command again to resume" in stderr
    for noise in ("Traceback", "CancelledError", "WARNING", "Error"):
        assert noise not in stderr, stderr
    assert list(markers.glob("*.done"))
    assert not (out / "stats.json").exists()
