"""The LLM stage inside the pipeline: where the model runs, and what stats.json says about it.

``add_llm_variants`` appends model samples to each seed's rule variants (``generate_batch`` calls
it). On a Dask cluster, model work goes to workers that declare the configured resource
(``dask worker ... --resources GPU=1``): a CPU worker processing a shard hands the shard's
uncached requests to such a worker as one task and waits, seceded from its thread pool, so its
core is free meanwhile. When the shard already runs on such a worker, or no worker declares the
resource (a laptop's local cluster), the model runs in the shard's own process. The openai
backend always runs in place: it only sends HTTP requests. Each process loads a model once.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from semforge.record import Seed
from semforge.transforms.compose import Variant
from semforge.transforms.llm import DISCARD_REASONS, LLMConfig, Request, Sample, sample_variants
from semforge.transforms.llm.backends.base import OnDone
from semforge.transforms.llm.stage import generate_here


def add_llm_variants(groups: list[tuple[Seed, list[Variant]]], config: LLMConfig,
                     cache: str | None, stats: Any) -> None:
    """Extend each (seed, variants) group with the model's new, deduplicated candidates."""
    counters: Counter = stats.counters
    sampled = sample_variants(
        [seed for seed, _ in groups], config, cache,
        existing=[[v.code for v in variants] for _, variants in groups],
        counters=counters, generate=_generate,
    )
    for (seed, variants), extra in zip(groups, sampled):
        if extra and not variants:
            counters["seeds_without_variants"] -= 1
        counters["variants"] += len(extra)
        variants.extend(extra)


def sample_llm_variants(seeds: list[Seed], config: LLMConfig, cache: str | None,
                        stats: Any) -> list[list[Variant]]:
    """The model's candidates for each seed (aligned with ``seeds``), before the rules ran: a
    shard whose seeds run in budgeted child processes samples all of its prompts at once here,
    and each child merges its seed's samples with the rule variants (``merge_llm_variants``)."""
    return sample_variants(seeds, config, cache, counters=stats.counters, generate=_generate)


def merge_llm_variants(groups: list[tuple[Seed, list[Variant]]], extra: list[Variant],
                       stats: Any) -> None:
    """Append model samples made beforehand to one seed's group, dropping those a rule already
    made (counted as duplicates, as ``add_llm_variants`` counts them)."""
    from semforge.transforms.normalize import normal_form

    if not groups or not extra:
        return
    counters: Counter = stats.counters
    _, variants = groups[0]
    # Rule variants and kept samples both parsed when they were made.
    seen = {normal_form(v.code) for v in variants}
    kept = [v for v in extra if normal_form(v.code) not in seen]
    counters["llm_kept"] -= len(extra) - len(kept)
    counters["llm_discarded_duplicate"] += len(extra) - len(kept)
    if kept and not variants:
        counters["seeds_without_variants"] -= 1
    counters["variants"] += len(kept)
    variants.extend(kept)


def llm_summary(counters: Counter, config: LLMConfig | None = None) -> dict[str, Any] | None:
    """The ``llm`` section of stats.json: requests, cache hits, samples kept and discarded."""
    if not counters.get("llm_requests") and config is None:
        return None
    return {
        "model": config.model_label if config else None,
        "requests": counters["llm_requests"],
        "requests_cached": counters["llm_requests_cached"],
        "samples": counters["llm_samples"],
        "kept": counters["llm_kept"],
        "discarded": {r: counters[f"llm_discarded_{r}"] for r in DISCARD_REASONS},
        "seeds_skipped": counters["llm_seeds_skipped"],
    }


def _generate(config: LLMConfig, requests: list[Request], on_done: OnDone) -> None:
    resource = config.resource
    worker = _current_worker()
    if config.backend == "openai" or resource is None or worker is None \
            or resource in _resources_of(worker):
        return generate_here(config, requests, on_done)
    from distributed import get_client, worker_client

    workers = get_client().scheduler_info(n_workers=-1)["workers"].values()
    if not any(resource in (w.get("resources") or {}) for w in workers):
        return generate_here(config, requests, on_done)
    with worker_client() as client:  # secede: this worker's slot is free while the model works
        future = client.submit(answer_requests, config.model_dump(mode="json"), requests,
                               resources={resource: 1}, pure=False)
        answers = future.result()
    for i, samples in enumerate(answers):
        on_done(i, samples)


def answer_requests(config_data: dict[str, Any], requests: list[Request]) -> list[list[Sample]]:
    """The model worker's task: answers to ``requests``, in order."""
    answers: list[list[Sample] | None] = [None] * len(requests)

    def on_done(i: int, samples: list[Sample]) -> None:
        answers[i] = samples

    generate_here(LLMConfig.model_validate(config_data), requests, on_done)
    return answers  # type: ignore[return-value]


def _current_worker():
    try:
        from distributed import get_worker

        return get_worker()
    except (ImportError, ValueError):
        return None


def _resources_of(worker) -> dict[str, float]:
    state = getattr(worker, "state", None)
    found = getattr(state, "total_resources", None) or getattr(worker, "total_resources", None)
    return dict(found or {})
