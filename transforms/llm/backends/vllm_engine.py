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

    def prompts(self, requests: list[Request]) -> list[str]:
        return [chat_prompt(self.tokenizer, r.messages) for r in requests]

    def sampling_params(self, config: "LLMConfig", request: Request):
        c = config
        return self._vllm.SamplingParams(n=c.n, temperature=c.temperature, top_p=c.top_p,
                                         max_tokens=c.max_tokens, seed=request.seed)

    def generate(self, config: "LLMConfig", requests: list[Request], on_done: OnDone) -> None:
        if not requests:
            return
        outputs = self.llm.generate(self.prompts(requests),
                                    [self.sampling_params(config, r) for r in requests],
                                    use_tqdm=False)
        for i, out in enumerate(outputs):
            on_done(i, [Sample(c.text, c.finish_reason, len(c.token_ids)) for c in out.outputs])
