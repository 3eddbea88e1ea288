"""What a run says while it works, in a redirected log: a line on time from a thread of its own
(not only when a shard completes), naming the phase, the plan, the shards, pairs and verdicts."""

from __future__ import annotations

import threading

from semforge.pipeline.progress import Progress


class Plan:
    def __init__(self):
        self.seeds, self.shards, self.finished = 0, 0, False


def wait_for(lines: list[str], n: int, event: threading.Event) -> list[str]:
    while len(lines) < n:
        assert event.wait(60), f"no progress line came: {lines}"
        event.clear()
    return lines


def test_lines_come_while_nothing_completes_and_say_what_is_happening():
    lines: list[str] = []
    arrived = threading.Event()

    def log(line: str) -> None:
        lines.append(line)
        arrived.set()

    plan = Plan()
    plan.seeds, plan.shards = 30, 3
    progress = Progress(True, log, every=0.05, first=0.05, plan=plan)
    try:
        assert progress.tty is False  # pytest captures stderr: the plain-line mode
        wait_for(lines, 1, arrived)
        assert lines[0].startswith("progress: planning: 30 seeds in 3 shards so far")
        progress.set_phase("starting the Dask cluster")
        n = len(lines)
        wait_for(lines, n + 1, arrived)
        assert "starting the Dask cluster" in lines[-1]

        plan.seeds, plan.shards, plan.finished = 40, 4, True
        progress.set_phase("running shards")
        progress.working()
        progress.shard_done({"pairs": 5, "verdict_equivalent": 4, "verdict_different": 1})
        progress.shard_done({"pairs": 2, "verdict_equivalent": 2}, resumed=True)
        # This run's one shard took 100 s: two left, so about 200 s to go.
        progress.work_started = progress.last_done - 100
        n = len(lines)
        wait_for(lines, n + 1, arrived)
        line = lines[-1]
        assert "planning" not in line
        assert "2 of 4 shards done (1 resumed); 7 pairs (equivalent 6, different 1)" in line
        assert "elapsed; ETA 3 min" in line, line
    finally:
        progress.close()
    n = len(lines)
    threading.Event().wait(0.3)
    assert len(lines) == n  # closed: its thread is gone


def test_disabled_progress_says_nothing():
    lines: list[str] = []
    progress = Progress(False, lines.append, every=0.01, first=0.01, plan=Plan())
    progress.shard_done({"pairs": 1})
    progress.close()
    assert lines == []
