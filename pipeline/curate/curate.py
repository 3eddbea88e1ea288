"""``Curator``: one pass over a run's rows, dropping duplicates and contaminated pairs.

Order of checks for each row: decontamination first (a contaminated pair is dropped whatever
else holds, and counted against its benchmark), then exact duplicates, then near duplicates, so
each dropped row is counted once, under the first reason that applies.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .decontam import ContaminationIndex, load_benchmark
from .dedup import Deduplicator, NearDupIndex
from .settings import BenchmarkSpec, CurateSettings


@dataclass
class CurationCounts:
    input: Counter = field(default_factory=Counter)         # per config
    output: Counter = field(default_factory=Counter)
    exact_duplicates: Counter = field(default_factory=Counter)
    near_duplicates: Counter = field(default_factory=Counter)
    previous_version: Counter = field(default_factory=Counter)  # per config: in the earlier version
    contaminated: Counter = field(default_factory=Counter)  # per benchmark
    contaminated_by_config: dict[str, Counter] = field(default_factory=dict)
    benchmarks: list[str] = field(default_factory=list)
    skipped_benchmarks: dict[str, str] = field(default_factory=dict)
    previous: str | None = None
    previous_rows: dict[str, int] = field(default_factory=dict)  # per config of that version

    def to_json(self) -> dict[str, Any]:
        return {
            "input": dict(self.input), "output": dict(self.output),
            "exact_duplicates": dict(self.exact_duplicates),
            "near_duplicates": dict(self.near_duplicates),
            "previous_version": {"source": self.previous, "rows": self.previous_rows,
                                 "dropped": dict(self.previous_version)},
            "contaminated": {b: self.contaminated[b] for b in self.benchmarks},
            "contaminated_by_config": {b: dict(self.contaminated_by_config.get(b, {}))
                                       for b in self.benchmarks},
            "benchmarks": self.benchmarks,
            "skipped_benchmarks": self.skipped_benchmarks,
        }


def _squash(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


class Curator:
    """Feed it each config's rows (``keep``); read ``counts`` at the end.

    ``previous_rows``: each config's rows of an earlier version. A row is checked against the same config of that version, by the within-run rules:
    an exact repeat of a published pair is dropped, and so is a near copy of one, except of a pair
    of the same seed (the same normalized original), since a new variant of a published seed is
    new data, as a second variant of one seed within a run is.
    """

    def __init__(self, settings: CurateSettings, contamination: ContaminationIndex | None,
                 previous_rows: dict[str, list[dict[str, Any]]] | None,
                 counts: CurationCounts) -> None:
        self.settings = settings
        self.contamination = contamination
        self.counts = counts
        self._dedup: dict[str, Deduplicator] = {}
        self._previous: dict[str, Deduplicator] = {}
        for config, rows in (previous_rows or {}).items():
            if rows:
                self._previous[config] = Deduplicator(self._near())
                self._previous[config].remember(rows)

    def _near(self) -> NearDupIndex | None:
        s = self.settings
        if not s.near_dup:
            return None
        return NearDupIndex(s.near_dup_threshold, s.minhash_perm, s.shingle, across_seeds_only=True)

    def keep(self, config: str, rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows of ``config`` that survive, in their order. Call in a fixed order of rows."""
        kept = []
        if self.settings.dedup or self.settings.near_dup:
            dedup = self._dedup.setdefault(config, Deduplicator(self._near(), self.settings.dedup))
        else:
            dedup = None
        previous = self._previous.get(config)
        for row in rows:
            self.counts.input[config] += 1
            if self.contamination is not None:
                hit = self.contamination.check(row)
                if hit is not None:
                    self.counts.contaminated[hit[0]] += 1
                    self.counts.contaminated_by_config.setdefault(hit[0], Counter())[config] += 1
                    continue
            if previous is not None and previous.seen(row):
                self.counts.previous_version[config] += 1
                continue
            reason = dedup.check(row) if dedup is not None else None
            if reason == "exact":
                self.counts.exact_duplicates[config] += 1
            elif reason == "near":
                self.counts.near_duplicates[config] += 1
            else:
                kept.append(row)
                self.counts.output[config] += 1
        return kept


def _benchmark_specs(settings: CurateSettings) -> list[BenchmarkSpec]:
    return [BenchmarkSpec(name=b) if isinstance(b, str) else b for b in settings.decontaminate]


def load_previous(source: str) -> dict[str, list[dict[str, Any]]]:
    """Rows (language, original, variant) of each config of an earlier version."""
    import fsspec
    import pyarrow.parquet as pq

    columns = ["language", "original", "variant"]
    fs, root = fsspec.core.url_to_fs(source)
    if fs.exists(root):
        base = root.rstrip("/")
        files = {"default": sorted(fs.glob(f"{base}/data/default/train-*.parquet")),
                 "rejected": sorted(fs.glob(f"{base}/data/rejected/train-*.parquet"))}
        if not files["default"]:  # a run directory of semforge before the Hub layout
            files = {"default": sorted(fs.glob(f"{base}/data/equivalent/*.parquet")),
                     "rejected": sorted(fs.glob(f"{base}/data/rejected/*.parquet"))}
        if not files["default"]:
            raise ValueError(f"curate.previous: {source} holds no data/default/train-*.parquet")
        rows: dict[str, list[dict[str, Any]]] = {}
        for config, paths in files.items():
            rows[config] = []
            for f in paths:
                with fs.open(f, "rb") as fh:
                    rows[config].extend(pq.read_table(fh, columns=columns).to_pylist())
        return rows
    repo, _, revision = source.partition("@")
    if repo.count("/") != 1:
        raise ValueError(f"curate.previous: {source} is neither an existing folder/URL nor a Hub "
                         "repo id ORG/NAME[@REVISION]")
    import datasets

    rows = {}
    for config in ("default", "rejected"):
        try:
            ds = datasets.load_dataset(repo, config, split="train", revision=revision or None)
        except ValueError as exc:
            # An empty config (its file holds only the schema): `datasets` refuses to load it.
            if config == "rejected" and "corresponds to no data" in str(exc):
                rows[config] = []
                continue
            raise
        rows[config] = ds.select_columns(columns).to_list()
    return rows


def build_curator(settings: CurateSettings, corpus_labels: list[str],
                  log: Callable[[str], None] = print) -> Curator:
    counts = CurationCounts()
    index = None
    specs = _benchmark_specs(settings)
    if specs:
        index = ContaminationIndex(settings.ngram, settings.contamination_threshold)
        for spec in specs:
            seeded = [label for label in corpus_labels if _squash(spec.name) in _squash(label)]
            if seeded:
                # Decontaminating against the run's own seed corpus would drop every pair; the
                # card says the data derives from it instead.
                counts.skipped_benchmarks[spec.name] = f"it is a seed corpus of this run ({seeded[0]})"
                log(f"not decontaminating against {spec.name}: it is a seed corpus of this run")
                continue
            index.add(load_benchmark(spec.name, spec.path, spec.split, spec.fields))
            counts.benchmarks.append(spec.name)
        if not counts.benchmarks:
            index = None
    previous = None
    if settings.previous:
        previous = load_previous(settings.previous)
        counts.previous = settings.previous
        counts.previous_rows = {config: len(rows) for config, rows in previous.items()}
        log(f"deduplicating against {settings.previous} (" + ", ".join(
            f"{config} {n} pairs" for config, n in counts.previous_rows.items()) + ")")
    return Curator(settings, index, previous, counts)
