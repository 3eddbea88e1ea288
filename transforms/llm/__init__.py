"""Variants sampled from a language model (``generate.llm``; see docs/llm.md).

``sample_variants(seeds, LLMConfig(...), cache_dir)`` is the stage; ``backends`` holds vllm,
openai (HTTP) and transformers; ``prompts/`` the versioned templates; ``extract`` finds the
program in an answer; ``cache`` stores every answered request beside the dataset.
"""

from .backends import LLMBackendError, Request, Sample, get_backend
from .cache import RequestCache
from .config import LLMConfig
from .extract import extract_program
from .prompts import available_prompts, resolve_prompt
from .stage import DISCARD_REASONS, LLMVariant, build_requests, sample_variants

__all__ = [
    "DISCARD_REASONS", "LLMBackendError", "LLMConfig", "LLMVariant", "Request", "RequestCache",
    "Sample", "available_prompts", "build_requests", "extract_program", "get_backend",
    "resolve_prompt", "sample_variants",
]
