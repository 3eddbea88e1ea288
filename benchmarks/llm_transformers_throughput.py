"""Throughput of the transformers backend on a shard of HumanEval+ prompts, with a baseline.

A randomly initialised Llama-family model of realistic size (about 1.5 B parameters, bf16) is
built on the spot (no download) with a tokenizer trained on the prompts, saved, and loaded by
the backend as a user's model would be. Two measurements on the same prompts and batches:

  * baseline: bare ``model.generate`` calls (what the backend does at its core);
  * stage: ``sample_variants`` (prompts rendered, requests keyed, generate, answers decoded,
    code extracted and deduplicated) with the transformers backend.

Printed: tokens/s and samples/s of both, and the stage's time as a ratio of the baseline's.
A random model answers noise, so every sample is discarded (``no_code`` or ``too_long``); the
figures are about the machinery's speed, not about yield.

    python benchmarks/llm_transformers_throughput.py --data HumanEvalPlus.jsonl.gz \
        [--seeds 16] [--n 4] [--max-tokens 256] [--size 1.5b|tiny]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

SIZES = {
    # hidden, intermediate, layers, heads, kv heads: 24 x 63 M parameters, as Llama-style 1.5 B
    "1.5b": dict(hidden_size=2048, intermediate_size=8192, num_hidden_layers=24,
                 num_attention_heads=16, num_key_value_heads=8, head_dim=128),
    "tiny": dict(hidden_size=64, intermediate_size=128, num_hidden_layers=2,
                 num_attention_heads=2, num_key_value_heads=2, head_dim=32),
}


def load_seeds(path: Path, count: int):
    from semforge.record import Seed

    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()][:count]
    return [Seed(source="humanevalplus", source_id=r["task_id"], entry_point=r["entry_point"],
                 code=r["prompt"] + r["canonical_solution"]) for r in records]


def build_model(folder: Path, size: str, texts: list[str], dtype, device: str) -> int:
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    from semforge.transforms.llm.testing import CHAT_TEMPLATE

    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(texts, trainers.BpeTrainer(
        vocab_size=8192, special_tokens=["<unk>", "<s>", "</s>", "<pad>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>",
                                   unk_token="<unk>", pad_token="<pad>")
    fast.chat_template = CHAT_TEMPLATE
    fast.save_pretrained(folder)
    config = LlamaConfig(vocab_size=len(fast), max_position_embeddings=4096,
                         bos_token_id=fast.bos_token_id, eos_token_id=fast.eos_token_id,
                         pad_token_id=fast.pad_token_id, tie_word_embeddings=False,
                         **SIZES[size])
    torch.manual_seed(0)
    with torch.device(device):
        model = LlamaForCausalLM(config).to(dtype)
    params = sum(p.numel() for p in model.parameters())
    model.save_pretrained(folder)
    del model
    return params


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, required=True, help="EvalPlus records (.jsonl[.gz])")
    ap.add_argument("--seeds", type=int, default=16, help="programs in the shard")
    ap.add_argument("--prompt", default="faster")
    ap.add_argument("--n", type=int, default=4, help="samples per prompt")
    ap.add_argument("--max-tokens", type=int, default=256)
    ap.add_argument("--batch-size", type=int, default=16, help="prompts per generate call")
    ap.add_argument("--size", choices=sorted(SIZES), default="1.5b")
    ap.add_argument("--model-dir", type=Path, default=None)
    ap.add_argument("--repeat", type=int, default=2, help="alternating rounds; medians reported")
    args = ap.parse_args()

    import torch

    from semforge.transforms.llm import LLMConfig, build_requests, get_backend, sample_variants
    from semforge.transforms.llm.backends.base import chat_prompt

    device = "cuda" if torch.cuda.is_available() else "cpu"
    dtype = torch.bfloat16 if device == "cuda" else torch.float32
    seeds = load_seeds(args.data, args.seeds)
    folder = args.model_dir or Path(tempfile.mkdtemp(prefix="semforge-llm-bench-"))
    t = time.perf_counter()
    if (folder / "config.json").exists():  # a model built by an earlier run (--model-dir)
        params = None
    else:
        params = build_model(folder, args.size, [s.code for s in seeds] * 4, dtype, device)
        print(f"model: random Llama, {params / 1e9:.2f} B parameters, {dtype}, {device} "
              f"(built and saved in {time.perf_counter() - t:.1f} s)")

    config = LLMConfig(backend="transformers", model=str(folder), n=args.n, temperature=0.8,
                       top_p=0.95, max_tokens=args.max_tokens, prompts=[args.prompt],
                       batch_size=args.batch_size,
                       engine_args={"dtype": "bfloat16" if device == "cuda" else "float32"})
    t = time.perf_counter()
    backend = get_backend(config)
    print(f"backend loaded in {time.perf_counter() - t:.1f} s")
    tokenizer, model = backend.tokenizer, backend.model
    params = sum(p.numel() for p in model.parameters())
    print(f"model: {params / 1e9:.2f} B parameters, {model.dtype}, {model.device}")
    texts = [chat_prompt(tokenizer, r.messages) for _, r in build_requests(seeds, config)]
    prompt_tokens = [len(tokenizer(x, add_special_tokens=False)["input_ids"]) for x in texts]
    print(f"shard: {len(seeds)} HumanEval+ prompts ({args.prompt}), n={args.n}, "
          f"max_tokens={args.max_tokens}, batch {args.batch_size} prompts; prompt tokens "
          f"mean {sum(prompt_tokens) / len(prompt_tokens):.0f}, max {max(prompt_tokens)}")

    requests = [r for _, r in build_requests(seeds, config)]
    stop = backend.stop_ids

    def raw() -> tuple[float, int]:
        """Bare generate over the same batches, with the same seeds as the stage, so both draw
        the same samples; returns (seconds, generated tokens up to each row's end)."""
        start, tokens = time.perf_counter(), 0
        for i in range(0, len(texts), args.batch_size):
            enc = tokenizer(texts[i : i + args.batch_size], return_tensors="pt", padding=True,
                            add_special_tokens=False).to(device)
            torch.manual_seed(requests[i].seed)
            with torch.inference_mode():
                out = model.generate(**enc, do_sample=True, temperature=0.8, top_p=0.95,
                                     max_new_tokens=args.max_tokens,
                                     num_return_sequences=args.n,
                                     pad_token_id=tokenizer.pad_token_id)
            for row in out[:, enc["input_ids"].shape[1]:].tolist():
                tokens += next((k for k, t in enumerate(row) if t in stop), len(row))
        if device == "cuda":
            torch.cuda.synchronize()
        return time.perf_counter() - start, tokens

    counters: Counter = Counter()
    sampled_tokens: list[int] = []

    def generate(cfg, requests, on_done):  # the default path, recording token counts
        def record(i, samples):
            sampled_tokens.extend(s.tokens or 0 for s in samples)
            on_done(i, samples)
        get_backend(cfg).generate(cfg, requests, record)

    def stage() -> tuple[float, int]:
        counters.clear()
        sampled_tokens.clear()
        t = time.perf_counter()
        sample_variants(seeds, config, None, counters=counters, generate=generate)
        if device == "cuda":
            torch.cuda.synchronize()
        return time.perf_counter() - t, sum(sampled_tokens)

    raw()  # warm-up: CUDA context, kernels, allocator at full batch size
    rounds = [(raw(), stage()) for _ in range(args.repeat)]  # alternating
    raw_s = statistics.median(r[0][0] for r in rounds)
    stage_s = statistics.median(r[1][0] for r in rounds)
    raw_tokens, stage_tokens = rounds[-1][0][1], rounds[-1][1][1]
    samples = counters["llm_samples"]
    for i, ((rs, rt), (ss, st)) in enumerate(rounds):
        print(f"round {i}: baseline {rs:.2f} s {rt} tokens | stage {ss:.2f} s {st} tokens")
    print(f"baseline model.generate: {raw_s:.2f} s, {raw_tokens} tokens, "
          f"{raw_tokens / raw_s:.0f} tokens/s, {len(texts) * args.n / raw_s:.2f} samples/s")
    print(f"stage sample_variants:   {stage_s:.2f} s, {stage_tokens} tokens, "
          f"{stage_tokens / stage_s:.0f} tokens/s, {samples / stage_s:.2f} samples/s")
    print(f"discards: " + ", ".join(f"{k[14:]} {v}" for k, v in sorted(counters.items())
                                    if k.startswith("llm_discarded_")))
    print(f"ratio stage / baseline time: {stage_s / raw_s:.3f}")
    print(json.dumps({"params": params, "device": device,
                      "gpu": torch.cuda.get_device_name() if device == "cuda" else None,
                      "seeds": len(seeds), "n": args.n, "max_tokens": args.max_tokens,
                      "raw_s": round(raw_s, 3), "raw_tokens": raw_tokens,
                      "stage_s": round(stage_s, 3), "stage_tokens": stage_tokens,
                      "samples": samples, "ratio": round(stage_s / raw_s, 4)}))


if __name__ == "__main__":
    main()
