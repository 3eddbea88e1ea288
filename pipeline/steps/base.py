"""What every step shares: the record that travels between steps, a step's counters, and the one
function that runs a list of steps.

A step has datatrove's ``PipelineStep`` shape: ``run(data, rank, world_size)`` is a generator
over records, and the step counts its own work in ``self.stats``. It knows nothing about where
it runs: the shard executor (``shards.process_shard``) and a seed's child process
(``placement.seed_process``) both hand a list of steps to ``run_steps``.
"""

from __future__ import annotations

import traceback
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from semforge.record import Seed
from semforge.transforms.compose import Variant


@dataclass
class Stats:
    """Counters of one step (or of a shard: the steps' stats added up by ``merge``); the shape
    of ``_shards/*.stats.json``, which the run adds up into stats.json."""

    counters: Counter = field(default_factory=Counter)
    rules_applied: Counter = field(default_factory=Counter)
    rules_equivalent: Counter = field(default_factory=Counter)
    errors: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "counters": dict(self.counters),
            "rules_applied": dict(self.rules_applied),
            "rules_equivalent": dict(self.rules_equivalent),
            "errors": self.errors,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Stats":
        return cls(
            Counter(data.get("counters", {})),
            Counter(data.get("rules_applied", {})),
            Counter(data.get("rules_equivalent", {})),
            list(data.get("errors", [])),
        )

    def merge(self, other: "Stats") -> None:
        self.counters.update(other.counters)
        self.rules_applied.update(other.rules_applied)
        self.rules_equivalent.update(other.rules_equivalent)
        self.errors.extend(other.errors)

    def error(self, seed: Seed, stage: str, exc: BaseException | str) -> None:
        """Record why ``seed`` lost something in ``stage``: nothing is dropped silently."""
        if isinstance(exc, BaseException):
            exc = traceback.format_exception_only(type(exc), exc)[-1].strip()
        self.errors.append({"source_id": seed.source_id, "stage": stage, "reason": exc[:500]})


@dataclass
class SeedWork:
    """A seed on its way through the steps: the model's samples (drawn for the whole shard
    before the rules run) and the candidates to verify (rule variants, then kept samples)."""

    seed: Seed
    samples: list[Variant] = field(default_factory=list)
    variants: list[Variant] = field(default_factory=list)


class Step:
    """One step of a shard's work (see the module docstring)."""

    name = "step"

    def __init__(self) -> None:
        self.stats = Stats()

    def run(self, data: Iterable[Any], rank: int = 0, world_size: int = 1) -> Iterator[Any]:
        raise NotImplementedError

    def all_steps(self) -> list["Step"]:
        """This step and the steps it runs itself (a step that places others elsewhere)."""
        return [self]

    def __repr__(self) -> str:
        return f"<step {self.name}>"


def run_steps(steps: list[Step], data: Iterable[Any] = (), rank: int = 0,
              world_size: int = 1) -> list[Any]:
    """Pipe ``data`` through ``steps`` in order and return what the last one yields."""
    for step in steps:
        data = step.run(data, rank, world_size)
    return list(data)


def steps_stats(steps: list[Step]) -> Stats:
    """The counters of every step (and of the steps each one runs), added up."""
    total = Stats()
    for step in steps:
        for inner in step.all_steps():
            total.merge(inner.stats)
    return total
