"""The LLM generation stage: seeds in, candidate variants out, every discard counted.

``sample_variants(seeds, config, cache)`` asks the model for ``n`` answers per (seed, prompt),
taking answers from the request cache where it has them, and keeps an answer only when

1. the backend did not cut it at the token limit, and code can be found in it (``extract.py``),
2. the code parses and defines the seed's entry point at module level,
3. its normalized AST differs from the seed (``unchanged``), from the variants already made for
   the seed by rules (``existing``), and from every answer kept before it (``duplicate``).

What survives is only a candidate: the pipeline verifies it exactly like a rule's variant. The
stage is a plain function; where the model runs is the caller's choice (``generate``).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from semforge.record import Seed

from ..compose import Variant
from ..normalize import normal_form
from .backends import get_backend
from .backends.base import OnDone, Request, Sample, engine_lock
from .cache import RequestCache, request_key
from .config import LLMConfig
from .extract import extract_program
from .prompts import resolve_prompt

DISCARD_REASONS = ("too_long", "no_code", "syntax_error", "no_entry_point", "unchanged",
                   "duplicate")

# (config, requests, on_done): answers every request, calling on_done(index, samples).
Generate = Callable[[LLMConfig, list[Request], OnDone], None]


@dataclass
class LLMVariant(Variant):
    """A variant sampled from a model: ``transforms == ["llm:<prompt>@<version>"]``."""

    generator: str = "llm"
    model: str | None = None


def request_seed(config: LLMConfig, seed: Seed, prompt_id: str) -> int:
    """A sampling seed per (run seed, program, prompt): reruns draw the same samples."""
    blob = f"{config.seed}\0{seed.source}\0{seed.source_id}\0{prompt_id}".encode("utf-8", "replace")
    return int.from_bytes(hashlib.sha256(blob).digest()[:4], "little") & 0x7FFFFFFF


def prompt_for(prompt_id: str, language: str):
    """The prompt ``prompt_id`` names for a seed of ``language``: as is for Python; for PyTorch
    (KernelBench-format) seeds its ``kernelbench-`` counterpart (``faster`` ->
    ``kernelbench-faster``), or None when there is none."""
    if language == "python":
        return resolve_prompt(prompt_id)
    if language == "pytorch":
        name = prompt_id if prompt_id.startswith("kernelbench-") else f"kernelbench-{prompt_id}"
        try:
            return resolve_prompt(name)
        except KeyError:
            return None
    return None


def build_requests(seeds: Sequence[Seed], config: LLMConfig) -> list[tuple[int, Request]]:
    """(seed index, request) for every seed and prompt, in seed order then prompt order."""
    out = []
    for i, seed in enumerate(seeds):
        for prompt_id in config.prompts:
            prompt = prompt_for(prompt_id, seed.language)
            if prompt is None:
                continue
            messages = prompt.render(seed.code, seed.entry_point)
            rseed = request_seed(config, seed, prompt.id)
            key = request_key(config.backend, config.model, config.sampling, messages, rseed)
            out.append((i, Request(key, prompt.id, messages, rseed)))
    return out


def generate_here(config: LLMConfig, requests: list[Request], on_done: OnDone) -> None:
    """Run the model in this process (loaded once per process, see backends.base)."""
    backend = get_backend(config)
    if config.backend == "openai":  # HTTP requests in flight: the server batches them
        backend.generate(config, requests, on_done)
        return
    with engine_lock(config):
        backend.generate(config, requests, on_done)


def sample_variants(
    seeds: Sequence[Seed],
    config: LLMConfig,
    cache: RequestCache | str | None = None,
    *,
    existing: Sequence[Iterable[str]] | None = None,
    counters: Counter | None = None,
    generate: Generate = generate_here,
) -> list[list[LLMVariant]]:
    """Candidate variants for each seed (aligned with ``seeds``); see the module docstring.

    ``cache``: a ``RequestCache`` or its location (folder or fsspec URL; None: no cache).
    ``existing``: per seed, the code of variants made otherwise (rules), never repeated here.
    ``counters``: receives ``llm_requests``, ``llm_requests_cached``, ``llm_samples``,
    ``llm_kept`` and ``llm_discarded_<reason>`` for each reason in ``DISCARD_REASONS``.
    """
    counters = Counter() if counters is None else counters
    cache = cache if isinstance(cache, RequestCache) else RequestCache(cache)
    usable = [i for i, s in enumerate(seeds) if s.language in ("python", "pytorch") and _parses(s.code)
              and any(prompt_for(p, s.language) for p in config.prompts)]
    counters["llm_seeds_skipped"] += len(seeds) - len(usable)
    requests = build_requests([seeds[i] for i in usable], config)
    requests = [(usable[i], r) for i, r in requests]

    answers: dict[int, list[Sample]] = {}
    missing = []
    for index, (_, request) in enumerate(requests):
        hit = cache.get(request)
        if hit is None:
            missing.append(index)
        else:
            answers[index] = hit
    counters["llm_requests"] += len(requests)
    counters["llm_requests_cached"] += len(requests) - len(missing)
    if missing:
        todo = [requests[i][1] for i in missing]

        def on_done(j: int, samples: list[Sample]) -> None:
            cache.put(todo[j], samples)  # at once: a kill later loses no paid-for answer
            answers[missing[j]] = samples

        generate(config, todo, on_done)
        lost = [i for i in missing if i not in answers]
        if lost:
            raise RuntimeError(f"the {config.backend} backend left {len(lost)} requests unanswered")

    out: list[list[LLMVariant]] = [[] for _ in seeds]
    seen: dict[int, set[str]] = {}
    for index, (si, request) in enumerate(requests):
        seed = seeds[si]
        if si not in seen:
            seen[si] = {normal_form(code) for code in (existing[si] if existing else ())
                        if _parses(code)}
        original = normal_form(seed.code)
        for sample in answers[index]:
            counters["llm_samples"] += 1
            found = extract_program(sample.text, seed.entry_point, truncated=sample.truncated,
                                    max_chars=config.max_code_chars)
            if not found.ok:
                counters[f"llm_discarded_{found.reason}"] += 1
                continue
            nf = normal_form(found.code)
            if nf == original:
                counters["llm_discarded_unchanged"] += 1
                continue
            if nf in seen[si]:
                counters["llm_discarded_duplicate"] += 1
                continue
            seen[si].add(nf)
            counters["llm_kept"] += 1
            out[si].append(LLMVariant(found.code, [f"llm:{request.prompt_id}"],
                                      model=config.model_label))
    return out


def _parses(code: str) -> bool:
    try:
        normal_form(code)
        return True
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
