"""`semforge publish --repo` against a loopback Hub, with the real huggingface_hub client (in the
`semforge` process) and `datasets.load_dataset` reading each version back by revision.

huggingface_hub and datasets read HF_ENDPOINT when they are imported, so every client runs in a
subprocess whose environment points at the test's server. Xet is turned off in those processes
(the loopback Hub has no Xet storage), so large files take the LFS path: the server answers
"lfs" for files over a small threshold, and the tests check that path was taken.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a Hub server and a client process per step: about 2 minutes

from conftest import SEMFORGE
from hub_server import HubServer
from make_dataset import make_dataset

TOKEN = "hf_test_token_alice_0123456789"
# EXIT_NOTE: the child scripts below leave with os._exit once their result is printed. Under load,
# interpreter teardown after `datasets` has run sometimes aborts (SIGABRT, "terminate called
# without an active exception": a native worker thread destroyed while still joinable), after
# the work and the output are complete. What these tests check is that output, not teardown.
LOAD = """
import json, os, sys
from datasets import load_dataset
repo, revision = sys.argv[1], sys.argv[2]
out = {}
for name in ("default", "rejected"):
    try:
        ds = load_dataset(repo, name, revision=revision, split="train")
    except ValueError as exc:  # datasets refuses an empty split; streaming reads it as empty
        assert "corresponds to no data" in str(exc), exc
        ds = load_dataset(repo, name, revision=revision, split="train", streaming=True)
        assert ds.features is not None and "variant" in ds.features
        out[name] = sorted(r["id"] for r in ds)
        continue
    out[name] = sorted(ds["id"])
print(json.dumps(out), flush=True)
os._exit(0)  # see EXIT_NOTE
"""


@pytest.fixture
def hub(tmp_path):
    with HubServer(tmp_path / "hub", {TOKEN: "alice"}, lfs_threshold=4096) as server:
        yield server


def client_env(hub, tmp_path, token=TOKEN) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("HF_")}
    env.update(HF_ENDPOINT=hub.url, HF_HUB_DISABLE_XET="1", HF_HOME=str(tmp_path / "hf-home"),
               HF_DATASETS_CACHE=str(tmp_path / "hf-datasets"), HF_HUB_DISABLE_TELEMETRY="1")
    if token is not None:
        env["HF_TOKEN"] = token
    return env


def publish(hub, tmp_path, directory, *args, token=TOKEN, check=True):
    proc = subprocess.run([*SEMFORGE, "publish", str(directory), *args, "--endpoint", hub.url],
                          capture_output=True, text=True, timeout=300,
                          env=client_env(hub, tmp_path, token))
    if check and proc.returncode != 0:
        raise AssertionError(f"publish failed:\n{proc.stdout}\n{proc.stderr}")
    return proc


def load_ids(hub, tmp_path, repo, revision) -> dict[str, list[str]]:
    proc = subprocess.run([sys.executable, "-c", LOAD, repo, revision], capture_output=True,
                          text=True, timeout=300, env=client_env(hub, tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def local_ids(stats) -> dict[str, list[str]]:
    import pyarrow.parquet as pq

    return {name: sorted(id_ for f in c["files"]
                         for id_ in pq.read_table(stats["_dir"] / f["path"], columns=["id"])
                         .column("id").to_pylist())
            for name, c in stats["configs"].items()}


def dataset(tmp_path, name, equivalent, rejected, start):
    out = tmp_path / name / "semforge-out"
    stats = make_dataset(out, equivalent, rejected, start=start)
    stats["_dir"] = out
    return out, stats


def test_two_versions_published_and_each_loads_by_revision(hub, tmp_path):
    out1, stats1 = dataset(tmp_path, "one", 30, 4, start=0)
    out2, stats2 = dataset(tmp_path, "two", 45, 0, start=100)

    first = publish(hub, tmp_path, out1, "--repo", "alice/pairs", "--version", "1.0.0")
    assert 'load_dataset("alice/pairs", revision="v1.0.0")' in first.stdout
    # Not the public Hub: the load line says which endpoint `datasets` must be pointed at.
    assert f"HF_ENDPOINT={hub.url}" in first.stdout
    assert f"{hub.url}/datasets/alice/pairs/tree/v1.0.0" in first.stdout
    assert TOKEN not in first.stdout + first.stderr
    publish(hub, tmp_path, out2, "--repo", "alice/pairs", "--version", "1.1.0")

    repo = hub.state.repos["alice/pairs"]
    assert set(repo.tags) == {"v1.0.0", "v1.1.0"}
    assert repo.tags["v1.1.0"] == repo.branches["main"] != repo.tags["v1.0.0"]
    # One commit per version on top of the repo's initial commit.
    assert repo.commits[repo.tags["v1.1.0"]]["parent"] == repo.tags["v1.0.0"]

    v1, v2 = load_ids(hub, tmp_path, "alice/pairs", "v1.0.0"), load_ids(hub, tmp_path, "alice/pairs", "v1.1.0")
    assert v1 == local_ids(stats1) and len(v1["default"]) == 30 and len(v1["rejected"]) == 4
    # Version 2 has no rejected pairs: its rejected file holds only the schema.
    assert v2 == local_ids(stats2) and len(v2["default"]) == 45 and v2["rejected"] == []

    tree2 = repo.commits[repo.tags["v1.1.0"]]["tree"]
    assert "data/default/train-00000-of-00001.parquet" in tree2
    assert not any(p.startswith(("_shards/", "data/equivalent/")) or "shard-" in p for p in tree2)
    # Parquet files went through LFS (preupload said so, the objects were PUT before the commit).
    assert tree2["data/default/train-00000-of-00001.parquet"]["lfs"]
    methods = [m for m, p in hub.state.requests if p.startswith("/lfs-upload/")]
    assert methods and set(methods) == {"PUT"}
    card = hub.state.blob(tree2["README.md"]["sha256"]).decode()
    assert 'load_dataset("alice/pairs", revision="v1.1.0")' in card
    assert str(tmp_path) not in card


def test_interrupted_publish_leaves_the_previous_version_intact(hub, tmp_path):
    out1, stats1 = dataset(tmp_path, "one", 20, 2, start=0)
    out2, _ = dataset(tmp_path, "two", 40, 3, start=200)
    publish(hub, tmp_path, out1, "--repo", "alice/pairs", "--version", "1.0.0")
    repo = hub.state.repos["alice/pairs"]
    head_before = repo.branches["main"]

    hub.state.stall_lfs_upload = threading.Event()
    hub.state.lfs_upload_started.clear()
    proc = subprocess.Popen([*SEMFORGE, "publish", str(out2), "--repo", "alice/pairs",
                             "--version", "2.0.0", "--endpoint", hub.url],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=client_env(hub, tmp_path))
    try:
        assert hub.state.lfs_upload_started.wait(timeout=120), "the publisher never uploaded"
        proc.kill()  # killed while its large files are in flight
        proc.wait(timeout=30)
    finally:
        hub.state.stall_lfs_upload.set()
    hub.state.stall_lfs_upload = None

    assert repo.branches["main"] == head_before
    assert "v2.0.0" not in repo.tags
    assert load_ids(hub, tmp_path, "alice/pairs", "v1.0.0") == local_ids(stats1)

    # The same command again finishes the job.
    publish(hub, tmp_path, out2, "--repo", "alice/pairs", "--version", "2.0.0")
    assert len(load_ids(hub, tmp_path, "alice/pairs", "v2.0.0")["default"]) == 40
    assert repo.tags["v1.0.0"] == head_before


def test_existing_tag_is_never_moved(hub, tmp_path):
    out1, _ = dataset(tmp_path, "one", 5, 1, start=0)
    out2, _ = dataset(tmp_path, "two", 6, 1, start=50)
    publish(hub, tmp_path, out1, "--repo", "alice/pairs", "--version", "1.0.0")
    tag = hub.state.repos["alice/pairs"].tags["v1.0.0"]
    proc = publish(hub, tmp_path, out2, "--repo", "alice/pairs", "--version", "1.0.0", check=False)
    assert proc.returncode != 0
    assert "already has the tag v1.0.0" in proc.stderr and "new --version" in proc.stderr
    assert hub.state.repos["alice/pairs"].tags["v1.0.0"] == tag


def test_bad_token_and_unwritable_repo_give_clear_errors(hub, tmp_path):
    out, _ = dataset(tmp_path, "one", 5, 1, start=0)
    bad = publish(hub, tmp_path, out, "--repo", "alice/pairs", "--version", "1.0.0",
                  token="hf_wrong_token_987654321", check=False)
    assert bad.returncode != 0 and "rejected the token" in bad.stderr
    assert "hf_wrong_token_987654321" not in bad.stdout + bad.stderr
    assert "Traceback" not in bad.stderr

    none = publish(hub, tmp_path, out, "--repo", "alice/pairs", "--version", "1.0.0",
                   token=None, check=False)
    assert none.returncode != 0 and "HF_TOKEN" in none.stderr

    other = publish(hub, tmp_path, out, "--repo", "bob/pairs", "--version", "1.0.0", check=False)
    assert other.returncode != 0 and "bob/pairs" in other.stderr and "Traceback" not in other.stderr
    assert "bob/pairs" not in hub.state.repos


def test_missing_repo_is_reported_when_it_cannot_be_created(hub, tmp_path):
    """A repo that is not there and that the token may not create (another user's namespace,
    which the Hub answers 403 for, then 404 for the repo lookup the client makes)."""
    out, _ = dataset(tmp_path, "one", 3, 0, start=0)
    proc = publish(hub, tmp_path, out, "--repo", "carol/missing", "--version", "0.1.0", check=False)
    assert proc.returncode != 0
    assert "carol/missing" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_private_repo_is_hidden_without_the_token(hub, tmp_path):
    out, _ = dataset(tmp_path, "one", 4, 0, start=0)
    publish(hub, tmp_path, out, "--repo", "alice/secret", "--version", "1.0.0", "--private")
    assert hub.state.repos["alice/secret"].private
    env = client_env(hub, tmp_path, token=None)
    proc = subprocess.run([sys.executable, "-c", LOAD, "alice/secret", "v1.0.0"],
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode != 0
    assert len(load_ids(hub, tmp_path, "alice/secret", "v1.0.0")["default"]) == 4


def test_incomplete_run_is_refused(hub, tmp_path):
    out = tmp_path / "failed"
    make_dataset(out, 5, 0, failed=["shard 3: KilledWorker"])
    proc = publish(hub, tmp_path, out, "--repo", "alice/pairs", "--version", "1.0.0", check=False)
    assert proc.returncode != 0
    assert "incomplete" in proc.stderr and "1 shard(s) failed" in proc.stderr
    assert "alice/pairs" not in hub.state.repos

    unfinished = tmp_path / "unfinished"
    make_dataset(unfinished, 5, 0)
    (unfinished / "stats.json").unlink()  # a run killed before its finalize
    proc = publish(hub, tmp_path, unfinished, "--repo", "alice/pairs", "--version", "1.0.0",
                   check=False)
    assert proc.returncode != 0 and "semforge run" in proc.stderr


PREVIOUS = """
import json, os, sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from make_dataset import pair_rows, stats_for, write_work_shard
from semforge.pipeline.config import parse_config
from semforge.pipeline.finalize import finalize
out = Path(sys.argv[2])
write_work_shard(out, 0, pair_rows(12, start=4), [])  # pairs 4..15; v1.0.0 holds 0..9
config = parse_config({"curate": {"decontaminate": [], "previous": "alice/pairs@v1.0.0"}})
stats = finalize(str(out), stats_for(12, 0), config, log=lambda _: None)
print(json.dumps(stats["curation"]["previous_version"]), flush=True)
os._exit(0)  # see EXIT_NOTE
"""


def test_curation_against_a_previous_version_on_the_hub(hub, tmp_path):
    out1, _ = dataset(tmp_path, "one", 10, 0, start=0)
    publish(hub, tmp_path, out1, "--repo", "alice/pairs", "--version", "1.0.0")
    proc = subprocess.run([sys.executable, "-c", PREVIOUS, str(Path(__file__).parent),
                           str(tmp_path / "two")], capture_output=True, text=True, timeout=300,
                          env=client_env(hub, tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    previous = json.loads(proc.stdout.strip().splitlines()[-1])
    # v1.0.0 has no rejected pairs: `datasets` refuses its empty split, read as no rows.
    assert previous == {"source": "alice/pairs@v1.0.0", "rows": {"default": 10, "rejected": 0},
                        "dropped": {"default": 6}}
