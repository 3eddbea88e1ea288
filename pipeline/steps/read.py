"""Read: the shard's seeds, from its references into the corpora (or given directly)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from semforge.record import Seed

from .base import SeedWork, Step


class ReadSeeds(Step):
    """``refs`` (``[corpus, unit, position]``, see ``plan.py``) read from the corpora on the
    worker, so seeds never pass through the driver; ``seeds`` given directly (tests, benchmarks)."""

    name = "read seeds"

    def __init__(self, seeds: list[Seed] | None = None, refs: list[list] | None = None,
                 corpora: list[dict[str, Any]] | None = None, labels: list[str] | None = None):
        super().__init__()
        self.seeds, self.refs, self.corpora, self.labels = seeds, refs, corpora or [], labels or []

    def run(self, data: Iterable[Any] = (), rank: int = 0, world_size: int = 1) -> Iterator[SeedWork]:
        seeds = self.seeds
        if seeds is None:
            from ..plan import read_shard_seeds

            seeds = read_shard_seeds(self.refs or [], self.corpora, self.labels)
        for seed in seeds:
            yield SeedWork(seed)
