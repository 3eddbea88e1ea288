"""Where the model runs: on the worker that declares the configured resource, or right here.

On a Dask cluster, model work goes to workers that declare ``generate.llm.resource``
(``dask worker ... --resources GPU=1``): a CPU worker processing a shard hands the shard's
uncached requests to such a worker as one task and waits, seceded from its thread pool, so its
core is free meanwhile. When the shard already runs on such a worker, or no worker declares the
resource (a laptop's local cluster), the model runs in the shard's own process. The openai
backend always runs in place: it only sends HTTP requests. Each process loads a model once.

``generate`` is what ``steps.ModelSamples`` is given as its ``place``.
"""

from __future__ import annotations

from typing import Any

from semforge.transforms.llm import LLMConfig, Request, Sample
from semforge.transforms.llm.backends.base import OnDone
from semforge.transforms.llm.stage import generate_here


def generate(config: LLMConfig, requests: list[Request], on_done: OnDone) -> None:
    """Answer ``requests`` on the right worker, calling ``on_done(index, samples)`` for each."""
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
