"""Backends that sample answers: vllm (in-process engine), openai (HTTP endpoint), transformers."""

from .base import Backend, LLMBackendError, Request, Sample, get_backend

__all__ = ["Backend", "LLMBackendError", "Request", "Sample", "get_backend"]
