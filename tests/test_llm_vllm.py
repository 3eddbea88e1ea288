"""The stage with a real vLLM engine on the CPU and a tiny random Llama built by the test.

The model's answers are noise, so these tests check the machinery: n samples per prompt exactly
as vLLM drew them, every sample kept or discarded with a reason, the request cache on rerun,
`vllm serve` behind the openai backend, and the stage inside a real `semforge run`.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

import pytest
import yaml

# vLLM reads these when it loads: 1 GiB of KV cache is plenty for a 2-layer model, and the
# engine core runs in this process (a child engine process costs a second start-up).
os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")

vllm = pytest.importorskip("vllm", reason="vllm is not installed: pip install 'semforge[llm-cpu]'")

from conftest import run_cli, shared_data  # noqa: E402
from semforge.pipeline.corpora import CorpusSpec, iter_corpus  # noqa: E402
from semforge.transforms.llm import (  # noqa: E402
    DISCARD_REASONS, LLMConfig, RequestCache, build_requests, get_backend, sample_variants)
from semforge.transforms.llm.testing import build_tiny_model  # noqa: E402

pytestmark = pytest.mark.slow
ENGINE_ARGS = {"enforce_eager": True, "dtype": "float32", "max_model_len": 2048}
TASKS = ("HumanEval/13", "HumanEval/23")  # short programs: prompts fit the tiny context


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory) -> Path:
    return build_tiny_model(tmp_path_factory.mktemp("tiny-llama"))


@pytest.fixture(scope="module")
def seeds():
    path = shared_data("HumanEvalPlus.jsonl.gz")
    found = [s for s in iter_corpus(CorpusSpec(kind="evalplus", path=str(path), limit=30))
             if s.source_id in TASKS]
    assert [s.source_id for s in found] == list(TASKS)
    return found


def vllm_config(model: Path, **kw) -> LLMConfig:
    args = dict(backend="vllm", model=str(model), n=3, max_tokens=24,
                prompts=["equivalent", "faster"], engine_args=ENGINE_ARGS)
    args.update(kw)
    return LLMConfig(**args)


def test_n_samples_per_prompt_as_vllm_drew_them_then_cached(tiny_model, seeds, tmp_path):
    cfg = vllm_config(tiny_model)
    cache_dir = tmp_path / "cache"
    counters = Counter()
    first = sample_variants(seeds, cfg, cache_dir, counters=counters)

    assert counters["llm_requests"] == 4 and counters["llm_requests_cached"] == 0
    assert counters["llm_samples"] == 4 * 3
    discarded = {r: counters[f"llm_discarded_{r}"] for r in DISCARD_REASONS}
    assert sum(discarded.values()) + counters["llm_kept"] == 12
    assert sum(len(v) for v in first) == counters["llm_kept"]

    # What the cache holds is exactly what vLLM answers to the same prompts and seeded params.
    cache = RequestCache(cache_dir)
    requests = [r for _, r in build_requests(seeds, cfg)]
    backend = get_backend(cfg)
    prompts = backend.prompts(requests)
    raw = []
    for a, b in backend._calls(prompts, cfg.n):  # the stage's calls (split on CPU, see backend)
        raw += backend.llm.generate(prompts[a:b], [backend.sampling_params(cfg, r)
                                                   for r in requests[a:b]], use_tqdm=False)
    for request, out in zip(requests, raw):
        cached = cache.get(request)
        assert len(cached) == 3
        assert [s.text for s in cached] == [c.text for c in out.outputs]
        assert all(s.tokens <= 24 and s.finish_reason in ("stop", "length") for s in cached)
        assert sum(s.truncated for s in cached) <= discarded["too_long"]

    def no_model(*args):
        raise AssertionError("a cached request was sent to the model")

    counters = Counter()
    again = sample_variants(seeds, cfg, cache_dir, counters=counters, generate=no_model)
    assert counters["llm_requests_cached"] == 4
    assert [[v.code for v in vs] for vs in again] == [[v.code for v in vs] for vs in first]


def test_noise_is_discarded_with_reasons(tiny_model, seeds):
    """A random model writes no program: every sample is discarded, each for a named reason."""
    cfg = vllm_config(tiny_model, n=4, max_tokens=16, prompts=["slower", "explicit"], seed=7)
    counters = Counter()
    out = sample_variants(seeds, cfg, None, counters=counters)
    assert out == [[], []]
    assert counters["llm_samples"] == 16 and counters["llm_kept"] == 0
    reasons = {r: counters[f"llm_discarded_{r}"] for r in DISCARD_REASONS}
    assert sum(reasons.values()) == 16
    assert reasons["too_long"] >= 1  # 16 tokens of noise rarely end on their own


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_openai_backend_against_vllm_serve(tiny_model, seeds, tmp_path):
    port = _free_port()
    log = open(tmp_path / "serve.log", "w")
    env = dict(os.environ, VLLM_ENABLE_V1_MULTIPROCESSING="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "vllm.entrypoints.openai.api_server", "--model", str(tiny_model),
         "--served-model-name", "tiny", "--host", "127.0.0.1", "--port", str(port),
         "--enforce-eager", "--dtype", "float32", "--max-model-len", "2048"],
        stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    try:
        deadline = time.monotonic() + 600
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("vllm serve did not start:\n" + (tmp_path / "serve.log").read_text()[-3000:])
                time.sleep(1)
        cfg = LLMConfig(backend="openai", model="tiny", base_url=f"http://127.0.0.1:{port}/v1",
                        n=3, max_tokens=16, prompts=["faster"], concurrency=2)
        counters = Counter()
        sample_variants(seeds, cfg, tmp_path / "cache", counters=counters)
        assert counters["llm_requests"] == 2 and counters["llm_samples"] == 6
        assert sum(counters[f"llm_discarded_{r}"] for r in DISCARD_REASONS) + counters["llm_kept"] == 6
        entries = [json.loads(p.read_text()) for p in (tmp_path / "cache").rglob("*.json")]
        assert sorted(len(e["samples"]) for e in entries) == [3, 3]
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=60)
        log.close()


def test_semforge_run_with_the_engine_in_a_dask_worker(tiny_model, tmp_path):
    """A real run: rule and model variants per seed; the rerun of unfinished shards is served
    from the request cache."""
    import gzip

    corpus = tmp_path / "two.jsonl"
    with gzip.open(shared_data("HumanEvalPlus.jsonl.gz"), "rt") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in records if r["task_id"] in TASKS))
    cfg = tmp_path / "run.yaml"
    cfg.write_text(yaml.safe_dump({
        "corpus": [{"kind": "evalplus", "path": str(corpus)}],
        "generate": {"variants_per_seed": 2, "max_chain": 2, "llm": {
            "backend": "vllm", "model": str(tiny_model), "n": 2, "max_tokens": 16,
            "prompts": ["equivalent", "faster"], "engine_args": ENGINE_ARGS}},
        "verify": {"examples": 30, "measure_speed": False},
        "run": {"seeds_per_shard": 1, "workers": 1},
    }))
    out = tmp_path / "out"
    # Dask's worker processes are daemonic and may not start vLLM's engine process: the backend
    # must notice and run the engine core in the worker (not told by the environment here).
    env = {k: v for k, v in os.environ.items() if k != "VLLM_ENABLE_V1_MULTIPROCESSING"}
    run_cli("run", "--config", str(cfg), "--out", str(out), "--no-progress", env=env)
    stats = json.loads((out / "stats.json").read_text())
    llm = stats["llm"]
    assert llm["requests"] == 4 and llm["requests_cached"] == 0 and llm["samples"] == 8
    assert llm["kept"] + sum(llm["discarded"].values()) == 8
    assert llm["model"] is None or llm["model"].startswith(str(tiny_model))
    assert stats["pairs"] > 0  # the rules' pairs
    assert len(list((out / "_llm_cache").rglob("*.json"))) == 4

    # As if killed before any shard was marked complete: the rerun redoes both shards, and
    # every model request is answered from the cache.
    for marker in (out / "_shards").glob("*.done"):
        marker.unlink()
    run_cli("run", "--config", str(cfg), "--out", str(out), "--no-progress", env=env)
    llm = json.loads((out / "stats.json").read_text())["llm"]
    assert llm["requests"] == 4 and llm["requests_cached"] == 4
