"""The plan: which seeds go in which shard, made in one streaming pass over the corpora.

The driver reads every corpus unit by unit (``corpora.units``), drops records that are not
seeds and seeds already seen (in this corpus or an earlier one: same entry point and the same
code once comments and layout are normalized away), and cuts the rest into shards of
``seeds_per_shard``. A shard carries *references* ``[corpus, unit, position]``, never seeds: the
worker reads its units from the corpus itself (``read_shard_seeds``), so neither the driver's
memory nor the task messages grow with the corpus.

Seen seeds are kept in an on-disk SQLite table (one row per distinct seed), not in memory.
The pass is deterministic: the same corpora give the same shards, which is what resume relies on.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from semforge.record import Rejection, Seed

from . import corpora
from .corpora import CorpusSpec
from .seeds import reason_kind

# Rejected records listed in stats.json; all of them go to rejected_records.jsonl.
MAX_LISTED_REJECTIONS = 1000


def dedup_key(seed: Seed) -> bytes:
    """Same key = same seed: language, entry point and the code's syntax tree (comments,
    blank lines, quotes and layout do not count; names and constants do)."""
    try:
        body = ast.dump(ast.parse(seed.code))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        body = seed.code
    text = f"{seed.language}\0{seed.entry_point}\0{body}"
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()[:16]


class SeenSeeds:
    """Keys of the seeds kept so far, on disk: memory stays flat whatever the corpus size."""

    def __init__(self, folder: str):
        os.makedirs(folder, exist_ok=True)
        self._db = sqlite3.connect(os.path.join(folder, "seen-seeds.sqlite"))
        self._db.execute("PRAGMA journal_mode=OFF")
        self._db.execute("PRAGMA synchronous=OFF")
        self._db.execute("CREATE TABLE IF NOT EXISTS seen "
                         "(key BLOB PRIMARY KEY, corpus INTEGER, source_id TEXT) WITHOUT ROWID")

    def first(self, key: bytes, corpus: int, source_id: str) -> tuple[int, str] | None:
        """None when ``key`` is new (it is recorded), else (corpus, source id) of its first seed."""
        row = self._db.execute("SELECT corpus, source_id FROM seen WHERE key = ?", (key,)).fetchone()
        if row is None:
            self._db.execute("INSERT INTO seen VALUES (?, ?, ?)", (key, corpus, source_id))
        return row

    def close(self) -> None:
        self._db.close()


@dataclass
class ScanStats:
    """What the pass saw, merged into stats.json."""

    loaded: int = 0
    rejected: int = 0
    rejected_by_kind: Counter = field(default_factory=Counter)
    listed_rejections: list[dict[str, str]] = field(default_factory=list)
    duplicates_within: int = 0
    duplicates_across: int = 0
    duplicates_by_corpus: Counter = field(default_factory=Counter)
    licenses: set = field(default_factory=set)
    per_corpus: Counter = field(default_factory=Counter)
    # Seeds by what they are: function, method, generator... of real code (their context's
    # kind), "program" for a seed that is a whole program (EvalPlus, built-in).
    by_kind: Counter = field(default_factory=Counter)
    # Functions and methods of real code that are not seeds (a module that does not load
    # counts all of its own).
    functions_rejected: int = 0

    def keep(self, seed: Seed) -> None:
        self.loaded += 1
        self.by_kind[seed.context.kind if seed.context is not None else "program"] += 1

    def reject(self, rejection: Rejection) -> None:
        self.rejected += 1
        self.functions_rejected += rejection.covers
        self.rejected_by_kind[reason_kind(rejection.reason)] += 1
        if len(self.listed_rejections) < MAX_LISTED_REJECTIONS:
            self.listed_rejections.append({"source": rejection.source, "source_id":
                                           rejection.source_id, "reason": rejection.reason})


Ref = list  # [corpus index, unit, position of the item in the unit]


def plan_shards(specs: list[CorpusSpec], labels: list[str], seeds_per_shard: int, scratch: str,
                stats: ScanStats, *, limit: int | None = None,
                on_rejection: Callable[[Rejection], None] | None = None) -> Iterator[list[Ref]]:
    """Shards of seed references, in order, as the pass makes them (a generator: the caller
    can submit the first shards while the pass goes on)."""
    seen = SeenSeeds(scratch)
    shard: list[Ref] = []
    kept = 0
    try:
        for ci, spec in enumerate(specs):
            records = 0
            for unit, items in corpora.units(spec, labels[ci]):
                for position, item in enumerate(items):
                    if spec.limit is not None and records >= spec.limit:
                        break
                    records += 1
                    if isinstance(item, Seed):
                        first = seen.first(dedup_key(item), ci, item.source_id)
                        if first is not None:
                            where = "" if first[0] == ci else f" in {labels[first[0]]}"
                            if first[0] == ci:
                                stats.duplicates_within += 1
                            else:
                                stats.duplicates_across += 1
                            stats.duplicates_by_corpus[labels[ci]] += 1
                            item = Rejection(item.source, item.source_id,
                                             f"duplicate of {first[1]}{where}",
                                             covers=int(item.context is not None))
                    if isinstance(item, Rejection):
                        stats.reject(item)
                        if on_rejection is not None:
                            on_rejection(item)
                        continue
                    stats.keep(item)
                    stats.per_corpus[labels[ci]] += 1
                    if item.license:
                        stats.licenses.add(item.license)
                    shard.append([ci, unit, position])
                    kept += 1
                    if len(shard) == seeds_per_shard:
                        yield shard
                        shard = []
                    if limit is not None and kept >= limit:
                        break
                else:
                    continue
                break  # the corpus's limit or the run's limit was reached inside the unit
            if limit is not None and kept >= limit:
                break
        if shard:
            yield shard
    finally:
        seen.close()


def read_shard_seeds(refs: list[Ref], specs: list[dict[str, Any]], labels: list[str]) -> list[Seed]:
    """The seeds a shard's references name, read from the corpora (each unit read once)."""
    out: list[Seed] = []
    cache_key, cache_items = None, []
    for ci, unit, position in refs:
        key = (ci, json.dumps(unit))
        if key != cache_key:
            spec = CorpusSpec.model_validate(specs[ci])
            cache_key, cache_items = key, list(corpora.read_unit(spec, unit, labels[ci]))
        item = cache_items[position] if position < len(cache_items) else None
        if not isinstance(item, Seed):
            raise RuntimeError(f"corpus {labels[ci]} changed since the run was planned: unit {unit} "
                               f"item {position} is no longer a seed; start over with --force")
        out.append(item)
    return out


class PlanAhead:
    """The plan pass (``plan_shards``) in a thread of its own, each shard's references written
    to ``<scratch>/plan.jsonl`` as it is made; iterate for ``(index, refs)`` in order.

    The run learns early how many seeds and shards there are (progress, ETA) while the first
    shards already run, and neither the driver's memory nor the window of shards in flight
    holds the pass back. An error of the pass (a corpus that cannot be read) is raised by the
    iteration, after the shards planned before it.
    """

    def __init__(self, specs: list[CorpusSpec], labels: list[str], seeds_per_shard: int,
                 scratch: str, stats: ScanStats, *, limit: int | None = None,
                 on_rejection: Callable[[Rejection], None] | None = None,
                 on_finished: Callable[["PlanAhead"], None] | None = None):
        self.stats = stats
        self._on_finished = on_finished  # called in the pass's thread once it is complete
        self.shards = 0
        self.finished = False
        self.error: BaseException | None = None
        os.makedirs(scratch, exist_ok=True)
        self._path = os.path.join(scratch, "plan.jsonl")
        open(self._path, "w").close()
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self._args = (specs, labels, seeds_per_shard, scratch, stats)
        self._kwargs = {"limit": limit, "on_rejection": on_rejection}
        self._thread = threading.Thread(target=self._plan, name="semforge-plan", daemon=True)
        self._thread.start()

    @property
    def seeds(self) -> int:
        return self.stats.loaded

    def _plan(self) -> None:
        try:
            with open(self._path, "a", encoding="utf-8") as fh:
                for refs in plan_shards(*self._args, **self._kwargs):
                    if self._stop.is_set():
                        return
                    fh.write(json.dumps(refs) + "\n")
                    fh.flush()  # whole lines only: the reader takes a shard once it is counted
                    with self._changed:
                        self.shards += 1
                        self._changed.notify_all()
            if self._on_finished is not None:
                self._on_finished(self)
        except BaseException as exc:  # noqa: BLE001 - raised again by the iteration
            self.error = exc
        finally:
            with self._changed:
                self.finished = True
                self._changed.notify_all()

    def __iter__(self) -> Iterator[tuple[int, list[Ref]]]:
        with open(self._path, encoding="utf-8") as fh:
            index = 0
            while True:
                with self._changed:
                    while index >= self.shards and not self.finished:
                        self._changed.wait(0.5)
                    if index >= self.shards:
                        if self.error is not None:
                            raise self.error
                        return
                yield index, json.loads(fh.readline())
                index += 1

    def close(self) -> None:
        """Stop the pass (an interrupted run) and wait for its thread."""
        self._stop.set()
        self._thread.join(timeout=30)
