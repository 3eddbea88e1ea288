"""Backends that sample answers: vllm (in-process engine), openai (HTTP endpoint), transformers.

``get_backend`` is the one place that knows the three: each backend module imports ``base``, and
``base`` imports no backend (no import cycle), so the choice is made here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Backend, LLMBackendError, Request, Sample, _engines, _lock

if TYPE_CHECKING:
    from ..config import LLMConfig

__all__ = ["Backend", "LLMBackendError", "Request", "Sample", "get_backend"]


def get_backend(config: "LLMConfig") -> Backend:
    """This process's backend for ``config``, created on first use."""
    with _lock:
        backend = _engines.get(config.engine_key)
        if backend is None:
            backend = _create(config)
            _engines[config.engine_key] = backend
        return backend


def _create(config: "LLMConfig") -> Backend:
    # Imported on first use: each backend's heavy dependencies (vllm, torch) load only if chosen.
    if config.backend == "vllm":
        from .vllm_engine import VLLMBackend

        return VLLMBackend(config)
    if config.backend == "openai":
        from .openai_http import OpenAIBackend

        return OpenAIBackend(config)
    if config.backend == "transformers":
        from .transformers_engine import TransformersBackend

        return TransformersBackend(config)
    raise LLMBackendError(f"unknown backend {config.backend!r}")
