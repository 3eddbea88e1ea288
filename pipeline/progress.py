"""What a run tells while it works: progress on the terminal or in a log, and the wall clock
that resumed invocations add up (``_runs/`` in the output)."""

from __future__ import annotations

import json
import sys
import threading
import time
import uuid
from collections import Counter
from datetime import datetime, timezone
from typing import Any

from semforge import __version__

from .storage import Output


class WallClock:
    """Seconds this invocation has worked on the directory, in ``_runs/``, saved every few
    seconds by a thread and whenever a shard completes (at most once a second): the total over
    resumed invocations is the sum of the files (a killed invocation keeps its last save, so
    the time behind every completed shard is counted)."""

    def __init__(self, out: Output, every: float = 5.0):
        self.out = out
        self.started = time.monotonic()
        self._last_save = self.started
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        self.name = f"_runs/{stamp}-{uuid.uuid4().hex[:8]}.json"
        self._save(0.0)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, args=(every,), daemon=True)
        self._thread.start()

    def _save(self, seconds: float) -> None:
        self._last_save = time.monotonic()
        self.out.put_text(self.name, json.dumps({"seconds": round(seconds, 2),
                                                 "semforge_version": __version__}))

    def _save_now(self) -> None:
        try:
            self._save(time.monotonic() - self.started)
        except Exception:  # a failed save costs only wall-time accounting
            pass

    def _loop(self, every: float) -> None:
        while not self._stop.wait(every):
            self._save_now()

    def shard_done(self) -> None:
        if time.monotonic() - self._last_save >= 1.0:
            self._save_now()

    def stop(self) -> float:
        """Stop the thread, save the final time and return it."""
        self._stop.set()
        self._thread.join()
        elapsed = round(time.monotonic() - self.started, 2)
        self._save(elapsed)
        return elapsed

    def cancel(self) -> None:
        """Stop the thread without a last save (a run that leaves nothing behind)."""
        self._stop.set()
        self._thread.join()

    def total(self) -> float:
        total = 0.0
        for name in self.out.names("_runs"):
            try:
                total += float(json.loads(self.out.read_bytes(f"_runs/{name}"))["seconds"])
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return total


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


class Progress:
    """What the run is doing, said on time: a bar on a terminal; in a redirected log a plain
    line after ``first`` seconds and then every ``every`` seconds, from a thread of its own, so
    a line comes even while the run waits for a long shard.

    A line says the phase (reading the corpora, planning N seeds, starting the cluster, shard k
    of n, curating), the pairs so far with their verdicts, the time and, once the plan is known
    and a shard has run, the ETA.
    """

    VERDICTS = ("equivalent", "different", "error", "timeout", "undecided")

    def __init__(self, enabled: bool, log, every: float = 30.0, first: float = 10.0, plan=None):
        self.enabled = enabled
        self.log = log
        self.tty = enabled and sys.stderr.isatty()
        self.every, self.first = every, first
        self.plan = plan  # a plan.PlanAhead (seeds, shards, finished), or None
        self.phase = "planning"
        self.done = self.resumed = self.pairs = 0
        self.verdicts: Counter = Counter()
        self.started = time.monotonic()
        self.work_started: float | None = None
        self.last_done: float | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.bar = None
        if self.tty:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=None, unit="shard", desc=self.phase, dynamic_ncols=True)
        self._thread = None
        if enabled:
            self._thread = threading.Thread(target=self._tick, name="semforge-progress", daemon=True)
            self._thread.start()

    def wrap(self, log):
        """``log`` that, while the bar is on screen, prints above it instead of through it."""
        def say(message: str) -> None:
            bar = self.bar
            if bar is None:
                log(message)
            else:
                bar.write(message, file=sys.stderr)
        return say

    # -- what the run reports

    def set_phase(self, phase: str) -> None:
        self.phase = phase

    def working(self) -> None:
        """The first shard was submitted: the ETA counts from here."""
        if self.work_started is None:
            self.work_started = time.monotonic()

    def shard_done(self, counters: dict[str, Any], resumed: bool = False) -> None:
        with self._lock:
            self.done += 1
            self.resumed += resumed
            if not resumed:
                self.last_done = time.monotonic()
            self.pairs += counters.get("pairs", 0)
            for v in self.VERDICTS:
                self.verdicts[v] += counters.get(f"verdict_{v}", 0)
        if self.bar is not None:
            self._refresh_bar(advance=1)

    # -- what is said

    def _planned(self) -> tuple[int, int, bool]:
        if self.plan is None:
            return 0, 0, True
        return self.plan.seeds, self.plan.shards, self.plan.finished

    def eta(self) -> float | None:
        """Seconds left: the shards left at the rate of this run's shards so far, counted down
        since the last one completed; None before that can be said."""
        seeds, shards, finished = self._planned()
        ran = self.done - self.resumed
        if not finished or ran <= 0 or self.work_started is None or self.last_done is None:
            return None
        rate = ran / max(self.last_done - self.work_started, 1e-9)
        left = max(shards - self.done, 0) / rate - (time.monotonic() - self.last_done)
        return left if left > 0 else None

    def line(self) -> str:
        seeds, shards, finished = self._planned()
        with self._lock:
            done, resumed, pairs = self.done, self.resumed, self.pairs
            verdicts = ", ".join(f"{v} {n}" for v, n in self.verdicts.items() if n)
        # "planning" and "running shards" show as the plan and shard counts themselves.
        parts = [] if self.phase in ("planning", "running shards") else [self.phase]
        if not finished:
            parts.append(f"planning: {seeds} seeds in {shards} shards so far")
        if done or self.work_started is not None:
            parts.append(f"{done}{f' of {shards}' if finished else ''} shards done"
                         + (f" ({resumed} resumed)" if resumed else ""))
            parts.append(f"{pairs} pairs" + (f" ({verdicts})" if verdicts else ""))
        parts.append(f"{_duration(time.monotonic() - self.started)} elapsed")
        eta = self.eta()
        if eta is not None and done < shards:
            parts.append(f"ETA {_duration(eta)}")
        return "; ".join(parts)

    def _refresh_bar(self, advance: int = 0) -> None:
        seeds, shards, finished = self._planned()
        with self._lock:
            if finished and self.plan is not None and self.bar.total != shards:
                self.bar.total = shards
            self.bar.set_description(self.phase if not self.plan or finished
                                     else f"planning ({seeds} seeds)", refresh=False)
            self.bar.set_postfix(pairs=self.pairs, equivalent=self.verdicts["equivalent"],
                                 refresh=False)
            if advance:
                self.bar.update(advance)
            else:
                self.bar.refresh()

    def _tick(self) -> None:
        wait = 1.0 if self.tty else self.first
        while not self._stop.wait(wait):
            if self.bar is not None:
                self._refresh_bar()
            else:
                self.log(f"progress: {self.line()}")
                wait = self.every

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.bar is not None:
            self.bar.set_description("shards", refresh=False)  # what stays on screen: the count
            self.bar.close()
            self.bar = None
