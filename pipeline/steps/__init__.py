"""A shard's work as one list of steps, run by one function (``run_steps``).

The list, in order (``shards.shard_steps`` builds it from the config)::

    ReadSeeds      read.py      the shard's seeds from the corpora            -> SeedWork
    ModelSamples   generate.py  the model's samples, one call for the shard   (with generate.llm)
    Generate       generate.py  rule variants, then the samples no rule made  \\  each seed in a
    Verify         verify.py    verdicts -> dataset rows                      /  killable child
    WriteShard     write.py     rows -> data/<split>/shard-NNNNN.parquet

``Generate`` and ``Verify`` are ``seed_steps``: by default each seed runs them in a child process
under the seed's time and memory budgets (``placement.seed_process.InSeedProcesses``), which
runs the very same list through ``run_steps``; with ``run.isolate_seeds: false`` they run in the
worker. Each step counts its own work in ``step.stats``; ``steps_stats`` adds them up into the
shard's ``_shards/shard-NNNNN.stats.json``.
"""

from __future__ import annotations

from ..config import Config
from .base import SeedWork, Stats, Step, run_steps, steps_stats
from .generate import Generate, ModelSamples, select_rules
from .read import ReadSeeds
from .verify import Verify, make_row
from .write import WriteShard


def seed_steps(config: Config, config_digest: str) -> list[Step]:
    """What happens to each seed, wherever it runs: its candidates, then their verdicts."""
    return [Generate(config.generate), Verify(config.verify, config_digest)]


__all__ = ["Generate", "ModelSamples", "ReadSeeds", "SeedWork", "Stats", "Step", "Verify",
           "WriteShard", "make_row", "run_steps", "seed_steps", "select_rules", "steps_stats"]
