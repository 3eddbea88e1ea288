"""Each seed's steps (``steps.seed_steps``: generate, then verify, input generation and timing
included) in a child process that the worker can kill: the budget is enforced from outside the
work.

A seed can hang or grow without bound inside code no timeout of ours covers (Hypothesis drawing
a huge nested list, a rule on a pathological tree). The ``InSeedProcesses`` step therefore hands
seeds one at a time to a child (``python -m semforge.pipeline.placement.seed_process``), which
runs the same list of steps with the same ``run_steps`` as a worker does, and waits with a deadline while
watching the child's memory: past ``seed_budget_s`` or ``seed_memory_mb`` the child's whole
process group is killed, the seed becomes a stats reason, and a fresh child takes the next seed.
The child is also replaced every ``recycle_after`` seeds, so whatever a library keeps (strategy
caches, interned objects) never accumulates in a long run.

Protocol: length-prefixed pickles on a pipe of the child's own (its stdout is sent to stderr, so
a print in a rule cannot corrupt the channel).
"""

from __future__ import annotations

import atexit
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..steps.base import SeedWork, Stats, Step

_HEADER = struct.Struct("!Q")


@dataclass
class SeedResult:
    rows: list[dict[str, Any]]
    stats: list[dict[str, Any]]  # Stats.to_json() of each of the seed's steps, in order


class SeedOverBudget(Exception):
    """The seed was stopped from outside; ``reason`` says which budget it exceeded."""

    def __init__(self, reason: str, counter: str):
        super().__init__(reason)
        self.reason = reason
        self.counter = counter


def _read_exact(fd: int, n: int, deadline: float | None, watch=None) -> bytes:
    chunks, got = [], 0
    while got < n:
        timeout = 0.5 if deadline is None else max(0.0, min(0.5, deadline - time.monotonic()))
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            if watch is not None:
                watch()
            if deadline is not None and time.monotonic() >= deadline:
                raise TimeoutError
            continue
        chunk = os.read(fd, min(n - got, 1 << 20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _rss_mb(pid: int) -> float:
    """Resident memory of the child itself (its sandboxes have limits of their own)."""
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


class SeedRunner:
    """Runs seeds in a killable child; one per worker thread. Use as a context manager."""

    def __init__(self, budget_s: float, memory_mb: int, recycle_after: int):
        self.budget_s = budget_s
        self.memory_mb = memory_mb
        self.recycle_after = recycle_after
        self._proc: subprocess.Popen | None = None
        self._read_fd = -1
        self._write_fd = -1
        self._served = 0
        self.started = 0  # children started (for stats: recycling is visible)
        self.killed: list[int] = []  # process groups killed over a budget

    def __enter__(self) -> "SeedRunner":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _start(self) -> None:
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "semforge.pipeline.placement.seed_process", str(to_child_r),
             str(from_child_w)],
            pass_fds=(to_child_r, from_child_w), stdin=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: a kill reaches its sandboxes too
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self._read_fd, self._write_fd = from_child_r, to_child_w
        self._served = 0
        self.started += 1
        # Imports take seconds on a loaded machine: they are not part of any seed's budget.
        try:
            _read_exact(self._read_fd, 1, time.monotonic() + 300)
        except (TimeoutError, EOFError):
            self.close()
            raise RuntimeError("the seed process did not start (see the worker's stderr)") from None

    def close(self) -> None:
        if self._proc is None:
            return
        try:
            os.killpg(self._proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        self._proc.wait()
        for fd in (self._read_fd, self._write_fd):
            try:
                os.close(fd)
            except OSError:
                pass
        self._proc = None

    def run(self, request: dict[str, Any]) -> SeedResult:
        """``request``: work (a ``SeedWork``), config (plain data), config_digest. Raises
        ``SeedOverBudget``."""
        if self._proc is None or self._served >= self.recycle_after or self._proc.poll() is not None:
            self.close()
            self._start()
        proc = self._proc
        data = pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)
        os.write(self._write_fd, _HEADER.pack(len(data)))
        view = memoryview(data)
        while view:
            view = view[os.write(self._write_fd, view):]
        self._served += 1
        # The deadline counts from the request: the child's start-up is not the seed's fault,
        # but a fresh child needs it, so the first seed of a child gets that time on top.
        deadline = time.monotonic() + self.budget_s

        def watch() -> None:
            if _rss_mb(proc.pid) > self.memory_mb:
                raise MemoryError

        try:
            size = _HEADER.unpack(_read_exact(self._read_fd, _HEADER.size, deadline, watch))[0]
            status, payload = pickle.loads(_read_exact(self._read_fd, size, deadline + 30, watch))
        except TimeoutError:
            self.killed.append(proc.pid)
            self.close()
            raise SeedOverBudget(f"over its {self.budget_s:g} s budget (generate + verify); "
                                 "stopped", "seeds_over_time_budget") from None
        except MemoryError:
            self.killed.append(proc.pid)
            self.close()
            raise SeedOverBudget(f"over its {self.memory_mb} MB memory budget (generate + "
                                 "verify); stopped", "seeds_over_memory_budget") from None
        except EOFError:
            code = proc.wait()
            self.close()
            how = f"signal {-code}" if code < 0 else f"exit status {code}"
            raise SeedOverBudget(f"seed process died ({how})", "seeds_process_died") from None
        if status != "ok":
            raise RuntimeError(payload)
        return SeedResult(*payload)


_local = threading.local()
_all_runners: list[SeedRunner] = []


def worker_runner(budget_s: float, memory_mb: int, recycle_after: int) -> SeedRunner:
    """This thread's runner, kept across shards so a child serves up to ``recycle_after`` seeds
    (starting one costs seconds of imports); closed when the process exits."""
    runner = getattr(_local, "runner", None)
    if runner is None:
        runner = _local.runner = SeedRunner(budget_s, memory_mb, recycle_after)
        _all_runners.append(runner)
        if len(_all_runners) == 1:
            atexit.register(lambda: [r.close() for r in _all_runners])
    runner.budget_s, runner.memory_mb, runner.recycle_after = budget_s, memory_mb, recycle_after
    return runner


class InSeedProcesses(Step):
    """Runs ``inner`` (the seed's steps) for each seed in a child process under the seed's
    budgets; the children's counters are added to ``inner``'s own ``stats``, so a step counts the
    same whether it ran here or in a child. Its own counters: ``seeds_over_time_budget``,
    ``seeds_over_memory_budget``, ``seeds_over_shard_budget``, ``seeds_process_died``,
    ``seeds_over_budget`` (their sum), ``seeds_failed_generate`` (the child reported an error)
    and ``seed_processes`` (children started)."""

    name = "seed processes"

    def __init__(self, inner: list[Step], config_data: dict[str, Any], config_digest: str, run,
                 shard_deadline: float | None = None):
        super().__init__()
        self.inner = inner
        self.request = {"config": config_data, "config_digest": config_digest}
        self.settings = run
        self.shard_deadline = shard_deadline  # time.monotonic() past which seeds are not started

    def all_steps(self) -> list[Step]:
        return [self, *self.inner]

    def run(self, data: Iterable[SeedWork], rank: int = 0, world_size: int = 1) -> Iterator[dict]:
        run = self.settings
        runner = worker_runner(run.seed_budget_s, run.seed_memory_mb, run.recycle_after_seeds)
        children_before = runner.started
        try:
            for work in data:
                if self.shard_deadline is not None and time.monotonic() > self.shard_deadline:
                    self._over_budget(work, "seeds_over_shard_budget",
                                      f"not run: the shard's {run.shard_budget_s:g} s budget ran out")
                    continue
                try:
                    result = runner.run({**self.request, "work": work})
                except SeedOverBudget as over:
                    self._over_budget(work, over.counter, over.reason)
                    continue
                except RuntimeError as err:
                    self.stats.counters["seeds_failed_generate"] += 1
                    self.stats.error(work.seed, "seed", str(err))
                    continue
                for step, stats in zip(self.inner, result.stats):
                    step.stats.merge(Stats.from_json(stats))
                yield from result.rows
        finally:
            self.stats.counters["seed_processes"] += runner.started - children_before

    def _over_budget(self, work: SeedWork, counter: str, reason: str) -> None:
        self.stats.counters[counter] += 1
        self.stats.counters["seeds_over_budget"] += 1
        self.stats.errors.append({"source_id": work.seed.source_id, "source": work.seed.source,
                                  "stage": "budget", "reason": reason})


# ------------------------------------------------------------------------------------- child


def _serve(read_fd: int, write_fd: int) -> None:
    from ..config import Config
    from ..steps import run_steps, seed_steps

    cached: dict[str, list[Step]] = {}
    os.write(write_fd, b"R")  # ready: imports done
    while True:
        try:
            header = _read_exact(read_fd, _HEADER.size, None)
        except EOFError:
            return
        request = pickle.loads(_read_exact(read_fd, _HEADER.unpack(header)[0], None))
        try:
            digest = request["config_digest"]
            if digest not in cached:  # one config per run: its rules are instantiated once
                cached.clear()
                cached[digest] = seed_steps(Config.model_validate(request["config"]), digest)
            steps = cached[digest]
            for step in steps:
                step.stats = Stats()
            rows = run_steps(steps, [request["work"]])
            reply = ("ok", (rows, [step.stats.to_json() for step in steps]))
        except Exception as exc:  # noqa: BLE001 - reported by the parent with the seed
            reply = ("error", f"{type(exc).__name__}: {exc}")
        data = pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
        os.write(write_fd, _HEADER.pack(len(data)))
        view = memoryview(data)
        while view:
            view = view[os.write(write_fd, view):]


def main() -> None:
    read_fd, write_fd = int(sys.argv[1]), int(sys.argv[2])
    os.dup2(2, 1)  # prints of rules or libraries go to stderr, never into the channel
    # Die with the worker: a killed worker must not leave a child computing for nobody.
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass
    from semforge.pipeline.placement.seed_process import _serve as serve  # not __main__'s copy

    serve(read_fd, write_fd)


if __name__ == "__main__":
    main()
