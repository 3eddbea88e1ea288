"""The LLM generation settings (``generate.llm`` in a run config).

One validated object shared by the pipeline's config and the stage. ``engine_key`` is what a
loaded engine depends on (a worker keeps one engine per key); ``sampling`` is what a sample
depends on (it goes into the request cache key and, as a digest, into every row's ``model``).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from semforge.record import digest

from .prompts import available_prompts, resolve_prompt


# Where the model runs and how it is reached: they change no sample, so neither the request
# cache's keys nor a run's config digest include them.
PLACEMENT_KEYS = ("base_url", "api_key_env", "concurrency", "timeout_s", "max_retries", "resource")


class LLMConfig(BaseModel):
    """How variants are sampled from a language model (see docs/llm.md)."""

    model_config = ConfigDict(extra="forbid", protected_namespaces=())

    backend: Literal["vllm", "openai", "transformers"] = Field(
        "vllm", description="vllm: in-process engine; openai: an OpenAI-compatible endpoint; "
        "transformers: model.generate for machines without vLLM"
    )
    model: str = Field(..., min_length=1, description="a local model folder or a Hub id")
    base_url: str | None = Field(
        None, description="openai backend: the endpoint, e.g. http://HOST:8000/v1 (`vllm serve`)"
    )
    api_key_env: str | None = Field(
        None, description="name of the environment variable holding the API key, if any"
    )
    n: int = Field(4, ge=1, le=256, description="samples per prompt")
    temperature: float = Field(0.8, ge=0, le=5, description="sampling temperature")
    top_p: float = Field(0.95, gt=0, le=1, description="nucleus sampling mass")
    max_tokens: int = Field(1024, ge=1, le=131072, description="longest answer, in tokens")
    prompts: list[str] = Field(
        default_factory=lambda: ["equivalent", "faster", "slower", "explicit"],
        description="prompt kinds (`name` = its latest version, or `name@version`)",
    )
    seed: int = Field(
        0, description="sampling seed; each (program, prompt) request derives its own"
    )
    concurrency: int = Field(16, ge=1, le=1024, description="openai backend: requests in flight")
    timeout_s: float = Field(300.0, gt=0, description="openai backend: seconds per HTTP request")
    max_retries: int = Field(
        6, ge=0, le=100, description="openai backend: retries on 429/5xx/timeouts"
    )
    resource: str | None = Field(
        "GPU", description="Dask resource that model workers declare (e.g. `--resources GPU=1`); "
        "model work runs there when such workers exist, in the shard's worker otherwise"
    )
    max_code_chars: int = Field(
        20000, ge=100, description="answers whose code is longer are discarded as too long"
    )
    batch_size: int = Field(16, ge=1, description="transformers backend: prompts per generate call")
    engine_args: dict[str, Any] = Field(
        default_factory=dict, description="extra keyword arguments of vllm.LLM(...) or of "
        "transformers' from_pretrained (e.g. dtype, max_model_len, gpu_memory_utilization)"
    )

    @field_validator("prompts")
    @classmethod
    def _known_prompts(cls, value: list[str]) -> list[str]:
        if not value:
            raise ValueError("give at least one prompt kind")
        resolved = []
        for name in value:
            try:
                resolved.append(resolve_prompt(name).id)
            except KeyError:
                raise ValueError(
                    f"unknown prompt {name!r}; available: {', '.join(available_prompts())}"
                ) from None
        if len(set(resolved)) != len(resolved):
            raise ValueError(f"a prompt is listed twice: {value}")
        return resolved

    @model_validator(mode="after")
    def _endpoint(self) -> "LLMConfig":
        if self.backend == "openai" and not self.base_url:
            raise ValueError("the openai backend needs base_url (e.g. http://HOST:8000/v1)")
        return self

    @property
    def sampling(self) -> dict[str, Any]:
        """What a sample depends on besides the prompt and its seed."""
        return {"n": self.n, "temperature": self.temperature, "top_p": self.top_p,
                "max_tokens": self.max_tokens}

    @property
    def sampling_digest(self) -> str:
        return digest(self.sampling)[:8]

    @property
    def model_label(self) -> str:
        """The rows' ``model``: the model id and a digest of the sampling parameters."""
        return f"{self.model}#sampling-{self.sampling_digest}"

    @property
    def engine_key(self) -> str:
        """What a loaded engine depends on: a worker keeps one engine per key."""
        return digest({"backend": self.backend, "model": self.model, "base_url": self.base_url,
                       "api_key_env": self.api_key_env, "engine_args": self.engine_args})
