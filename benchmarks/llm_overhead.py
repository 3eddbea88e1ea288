"""Overhead of the LLM stage over bare ``vllm.LLM.generate`` on the same prompts (CPU, tiny model).

The stage (``sample_variants``: prompts rendered, request keys and seeds, one ``generate`` call,
answers written to a fresh request cache, code extracted, parsed and deduplicated) is timed
against ``LLM.generate`` on the very prompts and seeded ``SamplingParams`` the stage sends,
alternating the two ``--repeat`` times on one loaded engine. The model is the tests' tiny random
Llama, so generation is cheap and the stage's own work weighs as much as it ever will: on a real
model the same overhead is a smaller share. Goal: ratio <= 1.10.

    python benchmarks/llm_overhead.py [--seeds 4] [--n 4] [--max-tokens 64] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from _data import humaneval_path

os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")



def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=humaneval_path())
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--n", type=int, default=4)
    ap.add_argument("--max-tokens", type=int, default=64)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    from semforge.pipeline.corpora import CorpusSpec, iter_corpus
    from semforge.transforms.llm import LLMConfig, build_requests, get_backend, sample_variants
    from semforge.transforms.llm.testing import build_tiny_model

    model = build_tiny_model(Path(tempfile.mkdtemp(prefix="semforge-tiny-")))
    config = LLMConfig(backend="vllm", model=str(model), n=args.n, max_tokens=args.max_tokens,
                       engine_args={"enforce_eager": True, "dtype": "float32", "max_model_len": 4096,
                                    # every prompt prefills in the first step: one generate call
                                    "max_num_batched_tokens": 262144, "max_num_seqs": 512})
    t = time.perf_counter()
    backend = get_backend(config)
    print(f"engine loaded in {time.perf_counter() - t:.1f} s")
    tok = backend.tokenizer
    seeds = []
    for seed in iter_corpus(CorpusSpec(kind="evalplus", path=str(args.data))):
        texts = backend.prompts([r for _, r in build_requests([seed], config)])
        if max(len(tok(x)["input_ids"]) for x in texts) + args.max_tokens <= 4096:
            seeds.append(seed)
        if len(seeds) == args.seeds:
            break
    requests = [r for _, r in build_requests(seeds, config)]
    prompts = backend.prompts(requests)
    print(f"{len(seeds)} HumanEval+ seeds x {len(config.prompts)} prompts = {len(requests)} "
          f"requests, n={args.n}, max_tokens={args.max_tokens}; prompt tokens "
          f"{statistics.mean(len(tok(p)['input_ids']) for p in prompts):.0f} on average")

    calls = backend._calls(prompts, config.n)  # the stage's split (one call unless the budget is short)
    print(f"generate calls per shard: {len(calls)}")

    def raw() -> float:
        t = time.perf_counter()
        for a, b in calls:
            backend.llm.generate(prompts[a:b],
                                 [backend.sampling_params(config, r) for r in requests[a:b]],
                                 use_tqdm=False)
        return time.perf_counter() - t

    engine_generate = backend.llm.generate
    inside: list[float] = []

    def timed_generate(*a, **kw):  # the stage's time inside LLM.generate
        t = time.perf_counter()
        try:
            return engine_generate(*a, **kw)
        finally:
            inside.append(time.perf_counter() - t)

    def stage() -> tuple[float, float]:
        """(wall time, time outside LLM.generate) of one stage call."""
        inside.clear()
        backend.llm.generate = timed_generate
        try:
            with tempfile.TemporaryDirectory() as cache:
                t = time.perf_counter()
                sample_variants(seeds, config, cache)
                wall = time.perf_counter() - t
        finally:
            backend.llm.generate = engine_generate
        return wall, wall - sum(inside)

    raw()  # warm-up
    raws, stages, outside = [], [], []
    for _ in range(args.repeat):
        raws.append(raw())
        wall, own = stage()
        stages.append(wall)
        outside.append(own)
    r, s, o = statistics.median(raws), statistics.median(stages), statistics.median(outside)
    print(f"bare LLM.generate  median {r:.3f} s  ({', '.join(f'{x:.3f}' for x in raws)})")
    print(f"stage              median {s:.3f} s  ({', '.join(f'{x:.3f}' for x in stages)})")
    print(f"stage outside LLM.generate (prompts, keys, cache writes, extraction, dedup): "
          f"median {o:.3f} s  ({', '.join(f'{x:.3f}' for x in outside)})")
    print(f"ratio stage / bare generate: {s / r:.3f}  (goal <= 1.10; includes machine noise)")
    print(f"ratio (bare generate + stage's own work) / bare generate: {(r + o) / r:.3f}")


if __name__ == "__main__":
    main()
