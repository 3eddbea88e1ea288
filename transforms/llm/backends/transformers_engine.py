"""The transformers backend: ``model.generate`` for machines without vLLM.

Prompts are batched ``batch_size`` at a time (left-padded), each with ``num_return_sequences=n``.
Sampling is seeded per batch from its first request's seed, so a rerun of the same shard draws
the same samples; unlike vLLM, a sample here also depends on the batch it ran in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import LLMBackendError, OnDone, Request, Sample, chat_prompt

if TYPE_CHECKING:
    from ..config import LLMConfig


class TransformersBackend:
    def __init__(self, config: "LLMConfig") -> None:
        try:
            import torch
            from transformers import AutoModelForCausalLM, AutoTokenizer
        except ImportError as exc:
            raise LLMBackendError(
                f"generate.llm.backend is 'transformers' but it is not installed ({exc}): "
                "pip install torch transformers"
            ) from None
        self.torch = torch
        args = dict(config.engine_args)
        device = args.pop("device", "cuda" if torch.cuda.is_available() else "cpu")
        dtype = args.pop("dtype", "auto")
        if isinstance(dtype, str) and dtype != "auto":
            dtype = getattr(torch, dtype)
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(config.model)
            self.model = AutoModelForCausalLM.from_pretrained(config.model, dtype=dtype, **args)
        except Exception as exc:  # noqa: BLE001
            raise LLMBackendError(
                f"transformers could not load model {config.model!r}: {type(exc).__name__}: {exc}"
            ) from exc
        self.model.to(device).eval()
        self.device = device
        self.tokenizer.padding_side = "left"  # generation continues at the right edge
        if self.tokenizer.pad_token is None:
            self.tokenizer.pad_token = self.tokenizer.eos_token
        eos = self.model.generation_config.eos_token_id
        eos = eos if isinstance(eos, list) else [eos]
        self.stop_ids = {t for t in [*eos, self.tokenizer.eos_token_id, self.tokenizer.pad_token_id]
                         if t is not None}

    def generate(self, config: "LLMConfig", requests: list[Request], on_done: OnDone) -> None:
        c = config
        for start in range(0, len(requests), c.batch_size):
            batch = requests[start : start + c.batch_size]
            texts = [chat_prompt(self.tokenizer, r.messages) for r in batch]
            # A chat template writes its own special tokens; a plain prompt needs BOS.
            special = not self.tokenizer.chat_template
            enc = self.tokenizer(texts, return_tensors="pt", padding=True,
                                 add_special_tokens=special).to(self.device)
            self.torch.manual_seed(batch[0].seed)
            with self.torch.inference_mode():
                out = self.model.generate(
                    **enc, do_sample=c.temperature > 0, temperature=c.temperature or None,
                    top_p=c.top_p, max_new_tokens=c.max_tokens, num_return_sequences=c.n,
                    pad_token_id=self.tokenizer.pad_token_id,
                )
            new = out[:, enc["input_ids"].shape[1]:].tolist()
            for j, request in enumerate(batch):
                samples = []
                for ids in new[j * c.n : (j + 1) * c.n]:
                    # Rows end at an end-of-sequence token (then padding) or at max_new_tokens.
                    end = next((k for k, t in enumerate(ids) if t in self.stop_ids), None)
                    reason = "stop" if end is not None else "length"
                    ids = ids if end is None else ids[:end]
                    samples.append(Sample(self.tokenizer.decode(ids, skip_special_tokens=True),
                                          reason, len(ids)))
                on_done(start + j, samples)
