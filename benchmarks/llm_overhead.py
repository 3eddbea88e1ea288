"""Overhead of the LLM stage over bare ``vllm.LLM.generate`` on the same prompts (CPU, tiny model).

The stage (``sample_variants``: prompts rendered, request keys and seeds, one ``generate`` call,
answers written to a fresh request cache, code extracted, parsed and deduplicated) is timed
against ``LLM.generate`` on the very prompts and seeded ``SamplingParams`` the stage sends,
alternating the two ``--repeat`` times on one loaded engine. The model is the tests' tiny random
Llama, so generation is cheap and the stage's own work weighs as much as it ever will: on a real
model the same overhead is a smaller share. Goal: ratio <= 1.10.

    python benchmarks/llm_overhead.py [--seeds 8] [--n 4] [--max-tokens 64] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "data" / "HumanEvalPlus.jsonl.gz"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=Path(os.environ.get("SEMFORGE_SHARED", CORPUS.parents[1])) / "data" / "HumanEvalPlus.jsonl.gz")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--n", type=int, default=4)
    ap.add_argument("--max-tokens", type=int, default=64)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()

    from semforge.pipeline.corpora import CorpusSpec, iter_corpus
    from semforge.transforms.llm import LLMConfig, build_requests, get_backend, sample_variants
    from semforge.transforms.llm.testing import build_tiny_model

    model = build_tiny_model(Path(tempfile.mkdtemp(prefix="semforge-tiny-")))
    config = LLMConfig(backend="vllm", model=str(model), n=args.n, max_tokens=args.max_tokens,
                       engine_args={"enforce_eager": True, "dtype": "float32", "max_model_len": 4096})
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

    def raw() -> float:
        t = time.perf_counter()
        backend.llm.generate(prompts, [backend.sampling_params(config, r) for r in requests],
                             use_tqdm=False)
        return time.perf_counter() - t

    def stage() -> float:
        with tempfile.TemporaryDirectory() as cache:
            t = time.perf_counter()
            sample_variants(seeds, config, cache)
            return time.perf_counter() - t

    raw()  # warm-up
    raws, stages = [], []
    for _ in range(args.repeat):
        raws.append(raw())
        stages.append(stage())
    r, s = statistics.median(raws), statistics.median(stages)
    print(f"bare LLM.generate  median {r:.3f} s  ({', '.join(f'{x:.3f}' for x in raws)})")
    print(f"stage              median {s:.3f} s  ({', '.join(f'{x:.3f}' for x in stages)})")
    print(f"ratio stage / bare generate: {s / r:.3f}  (goal <= 1.10)")


if __name__ == "__main__":
    main()
