"""Budgets enforced from outside the work (pipeline/placement/seed_process.py): a seed that hangs or grows
is stopped by killing its process, becomes a stats reason, and the shard goes on."""

from __future__ import annotations

import os

import pytest

from semforge.pipeline import shards
from semforge.pipeline.config import parse_config
from semforge.pipeline.placement.seed_process import SeedOverBudget, SeedRunner
from semforge.pipeline.steps import SeedWork
from semforge.record import Seed

pytestmark = pytest.mark.slow

GOOD = "def inc(x: int) -> int:\n    y = x + 1\n    return y\n"
# Never returns; the verifier's own per-call timeout is set far above the seed's budget, so
# only the budget can stop it.
# (its return gives the structural rules a site: renaming and dead code are off by default)
HANGS = ("def spin(x: int) -> int:\n    total = 0\n    while x == x:\n        total += x\n"
         "    return len(str(total)) + 1\n")
# Rules parse the whole tree: twenty thousand statements take far more than 200 MB.
HUGE = "def big(x: int) -> int:\n" + "    x = x + 1\n" * 20000 + "    return x\n"


def config(**run):
    return parse_config({"generate": {"variants_per_seed": 2, "max_chain": 1},
                         "verify": {"examples": 10, "measure_speed": False, "timeout_s": 300},
                         "run": {"seeds_per_shard": 3, **run}})


def gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def test_hanging_seed_is_stopped_and_the_shard_completes(tmp_path):
    cfg = config(seed_budget_s=15)
    seeds = [Seed("t", "a", "inc", GOOD, inputs=[[1]]), Seed("t", "hang", "spin", HANGS, inputs=[[1]]),
             Seed("t", "b", "inc", GOOD.replace("y", "z"), inputs=[[2]])]
    task = shards.ShardTask(0, seeds, cfg.model_dump(mode="json"), "digest", str(tmp_path))
    stats = shards.process_shard(task)
    c = stats["counters"]
    assert c["seeds_over_time_budget"] == 1 and c["seeds_over_budget"] == 1
    [err] = [e for e in stats["errors"] if e["stage"] == "budget"]
    assert err["source_id"] == "hang" and "15 s budget" in err["reason"]
    assert c["pairs"] >= 2  # the other two seeds' pairs were made and verified
    assert shards.is_complete(tmp_path, 0, "digest")


def test_runner_kills_the_child_group_over_time_and_memory():
    cfg = config().model_dump(mode="json")
    with SeedRunner(budget_s=10, memory_mb=200, recycle_after=50) as runner:
        with pytest.raises(SeedOverBudget) as over:
            runner.run({"work": SeedWork(Seed("t", "hang", "spin", HANGS, inputs=[[1]])), "config": cfg,
                        "config_digest": "d"})
        assert over.value.counter == "seeds_over_time_budget"
        with pytest.raises(SeedOverBudget) as over:
            runner.run({"work": SeedWork(Seed("t", "huge", "big", HUGE, inputs=[[1]])), "config": cfg,
                        "config_digest": "d"})
        assert over.value.counter == "seeds_over_memory_budget"
        assert len(runner.killed) == 2 and all(gone(pgid) for pgid in runner.killed)
        # A fresh child takes the next seed.
        result = runner.run({"work": SeedWork(Seed("t", "ok", "inc", GOOD, inputs=[[1]])), "config": cfg,
                             "config_digest": "d"})
        assert result.rows and runner.started == 3


def test_child_is_recycled_after_n_seeds():
    cfg = config().model_dump(mode="json")
    with SeedRunner(budget_s=120, memory_mb=4096, recycle_after=2) as runner:
        for i in range(5):
            runner.run({"work": SeedWork(Seed("t", f"s{i}", "inc", GOOD, inputs=[[i]])), "config": cfg,
                        "config_digest": "d"})
        assert runner.started == 3
