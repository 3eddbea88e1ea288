"""The local cluster `semforge run` starts: with GPU shards, each GPU goes to one worker alone."""

from __future__ import annotations

import os

import pytest

from semforge.pipeline.placement.local_cluster import local_gpus, start_local_cluster, worker_specs

pytestmark = pytest.mark.slow


def test_gpus_listed_by_cuda_visible_devices(monkeypatch):
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "3,5")
    assert local_gpus() == ["3", "5"]
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "-1")
    assert local_gpus() == []


def test_without_gpus_every_worker_takes_gpu_shards():
    assert worker_specs(3, {"GPU": 1}, []) == [{"resources": {"GPU": 1}}] * 3
    assert worker_specs(2, None, ["0"]) == [{}, {}]


def test_each_gpu_goes_to_one_worker_of_a_real_cluster(monkeypatch):
    from distributed import Client

    # Two "GPUs" as a user pins them; the workers never touch a device here.
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1,0")
    with start_local_cluster(3, {"GPU": 1}, dashboard=False) as cluster, Client(cluster) as client:
        client.wait_for_workers(3, timeout=120)
        seen = client.run(lambda: os.environ.get("CUDA_VISIBLE_DEVICES"))
        info = client.scheduler_info()["workers"]
        resources = {addr: w.get("resources") or {} for addr, w in info.items()}
        assert sorted(seen.values()) == ["", "0", "1"]
        for addr, devices in seen.items():
            assert (resources[addr].get("GPU") == 1) == (devices != "")
        # A GPU shard lands only on a worker with a device of its own.
        where = client.submit(lambda: os.environ["CUDA_VISIBLE_DEVICES"], resources={"GPU": 1},
                              pure=False).result(timeout=60)
        assert where in ("0", "1")
