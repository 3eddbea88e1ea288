"""Where model work runs on a real Dask cluster: on the worker that declares the resource.

The transformers backend with the tiny random Llama keeps this cheap; the placement code is the
same for every local backend.
"""

from __future__ import annotations

import pytest

pytest.importorskip("transformers", reason="transformers is not installed: pip install 'semforge[llm-cpu]'")

from distributed import Client, Nanny, Scheduler, SpecCluster  # noqa: E402

from semforge.record import Seed  # noqa: E402
from semforge.transforms.llm.testing import build_tiny_model  # noqa: E402

pytestmark = pytest.mark.slow

SEEDS = [Seed("test", f"s{i}", "f", f"def f(x):\n    return x + {i}\n") for i in range(3)]


@pytest.fixture(scope="module")
def cluster_client():
    workers = {
        "gpu-worker": {"cls": Nanny, "options": {"nthreads": 1, "resources": {"GPU": 1}}},
        "cpu-worker": {"cls": Nanny, "options": {"nthreads": 1}},
    }
    with SpecCluster(workers=workers, scheduler={"cls": Scheduler,
                                                 "options": {"dashboard_address": None}}) as cluster:
        with Client(cluster) as client:
            client.wait_for_workers(2)
            names = {w["name"]: addr for addr, w in client.scheduler_info()["workers"].items()}
            yield client, names


def _shard_task(model_dir: str, resource: str | None):
    """What a shard does: its model requests, and whether this worker loaded a model."""
    def task():
        from semforge.pipeline.placement import model_worker
        from semforge.pipeline.steps import ModelSamples, SeedWork
        from semforge.transforms.llm import LLMConfig
        from semforge.transforms.llm.backends import base

        cfg = LLMConfig(backend="transformers", model=model_dir, n=2, max_tokens=8,
                        prompts=["faster"], resource=resource)
        step = ModelSamples(cfg, None, place=model_worker.generate)
        list(step.run([SeedWork(s) for s in SEEDS]))
        return dict(step.stats.counters), len(base._engines)
    return task


def _engines_loaded():
    from semforge.transforms.llm.backends import base

    return len(base._engines)


def test_a_cpu_shard_sends_model_work_to_the_gpu_worker(cluster_client, tmp_path):
    client, names = cluster_client
    model = str(build_tiny_model(tmp_path / "tiny"))
    counters, loaded_here = client.submit(_shard_task(model, "GPU"), workers=[names["cpu-worker"]],
                                          pure=False).result()
    assert counters["llm_requests"] == 3 and counters["llm_samples"] == 6
    assert loaded_here == 0
    loaded = client.run(_engines_loaded)
    assert loaded == {names["gpu-worker"]: 1, names["cpu-worker"]: 0}

    # A shard already on the GPU worker uses its engine; no second load.
    counters, loaded_here = client.submit(_shard_task(model, "GPU"), workers=[names["gpu-worker"]],
                                          pure=False).result()
    assert counters["llm_samples"] == 6 and loaded_here == 1


def test_without_a_worker_declaring_the_resource_the_shard_runs_the_model(cluster_client, tmp_path):
    client, names = cluster_client
    model = str(build_tiny_model(tmp_path / "tiny2"))
    counters, loaded_here = client.submit(_shard_task(model, "TPU"), workers=[names["cpu-worker"]],
                                          pure=False).result()
    assert counters["llm_samples"] == 6
    assert loaded_here == 1
