"""The vllm backend: an offline ``vllm.LLM`` engine in this process.

All requests of a call go to the engine in one ``generate`` call, so it batches them as it likes
(continuous batching); each request carries its own seeded ``SamplingParams(n=...)``.
"""

from __future__ import annotations

import multiprocessing
import os
from typing import TYPE_CHECKING

from .base import LLMBackendError, OnDone, Request, Sample, chat_prompt

if TYPE_CHECKING:
    from ..config import LLMConfig


class VLLMBackend:
    def __init__(self, config: "LLMConfig") -> None:
        if multiprocessing.current_process().daemon:
            # Dask workers are daemonic processes, which may not start children: run vLLM's
            # engine core in this process instead of its own.
            os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")
        try:
            import vllm
        except ImportError as exc:
            raise LLMBackendError(
                "generate.llm.backend is 'vllm' but vllm is not installed: "
                "pip install 'semforge[llm]' (GPU) or 'semforge[llm-cpu]' (CPU), "
                f"or use backend: transformers ({exc})"
            ) from None
        self._vllm = vllm
        try:
            # Every request carries its own seed, so the engine's seed changes nothing.
            self.llm = vllm.LLM(model=config.model, **config.engine_args)
        except Exception as exc:  # noqa: BLE001 - name the model and the fix, whatever broke
            raise LLMBackendError(
                f"vllm could not load model {config.model!r}: {type(exc).__name__}: {exc}"
            ) from exc
        self.tokenizer = self.llm.get_tokenizer()
        from vllm.platforms import current_platform

        # vLLM's CPU sampler cannot rewind a seeded request's generator when a prefill is split
        # across scheduler steps ("CPU Generator does not use offset"): on CPU, each generate
        # call gets only as many prompts as prefill in one step.
        self.step_budget = None
        if current_platform.is_cpu():
            scheduler = self.llm.llm_engine.vllm_config.scheduler_config
            self.step_budget = scheduler.max_num_batched_tokens

    def prompts(self, requests: list[Request]) -> list[str]:
        return [chat_prompt(self.tokenizer, r.messages) for r in requests]

    def sampling_params(self, config: "LLMConfig", request: Request):
        c = config
        return self._vllm.SamplingParams(n=c.n, temperature=c.temperature, top_p=c.top_p,
                                         max_tokens=c.max_tokens, seed=request.seed)

    def generate(self, config: "LLMConfig", requests: list[Request], on_done: OnDone) -> None:
        prompts = self.prompts(requests)
        for start, end in self._calls(prompts, config.n):
            params = [self.sampling_params(config, r) for r in requests[start:end]]
            outputs = self.llm.generate(prompts[start:end], params, use_tqdm=False)
            for i, out in enumerate(outputs, start):
                on_done(i, [Sample(c.text, c.finish_reason, len(c.token_ids)) for c in out.outputs])

    def _calls(self, prompts: list[str], n: int) -> list[tuple[int, int]]:
        """Index ranges of the generate calls: one call for all, except on CPU (see __init__),
        where the n copies of each prompt of a call must fit one step's token budget."""
        if self.step_budget is None:
            return [(0, len(prompts))] if prompts else []
        calls, start, used = [], 0, 0
        for i, prompt in enumerate(prompts):
            cost = n * len(self.tokenizer(prompt, add_special_tokens=False)["input_ids"])
            if i > start and used + cost > self.step_budget:
                calls.append((start, i))
                start, used = i, 0
            used += cost
        if start < len(prompts):
            calls.append((start, len(prompts)))
        return calls
