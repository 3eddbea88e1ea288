"""What a run tells while it works: progress on the terminal or in a log, and the wall clock
that resumed invocations add up (``_runs/`` in the output)."""

from __future__ import annotations

import json
import sys
import threading
import time
import uuid
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

    def total(self) -> float:
        total = 0.0
        for name in self.out.names("_runs"):
            try:
                total += float(json.loads(self.out.read_bytes(f"_runs/{name}"))["seconds"])
            except (OSError, ValueError, KeyError, TypeError):
                continue
        return total


class Progress:
    """A bar on a terminal; on a redirected log, one plain line every ``every`` seconds
    (no carriage-return frames)."""

    def __init__(self, enabled: bool, log, every: float = 30.0):
        self.enabled = enabled
        self.log = log
        self.tty = enabled and sys.stderr.isatty()
        self.every = every
        self.done = self.pairs = self.equivalent = self.planned = 0
        self.planning = True
        self.started = time.monotonic()
        self.last = self.started
        self.bar = None
        if self.tty:
            from tqdm.auto import tqdm

            self.bar = tqdm(total=None, unit="shard", desc="generate+verify", dynamic_ncols=True)

    def planned_one(self) -> None:
        self.planned += 1

    def plan_done(self) -> None:
        self.planning = False
        if self.bar is not None:
            self.bar.total = self.planned
            self.bar.refresh()

    def shard_done(self, counters: dict[str, Any]) -> None:
        self.done += 1
        self.pairs += counters.get("pairs", 0)
        self.equivalent += counters.get("verdict_equivalent", 0)
        if self.bar is not None:
            self.bar.update(1)
            self.bar.set_postfix(pairs=self.pairs, equivalent=self.equivalent)
        elif self.enabled and time.monotonic() - self.last >= self.every:
            self.last = time.monotonic()
            total = f"{self.planned}+ (planning)" if self.planning else str(self.planned)
            elapsed = self.last - self.started
            self.log(f"progress: {self.done}/{total} shards, {self.pairs} pairs "
                     f"({self.equivalent} equivalent), {elapsed:.0f} s")

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
