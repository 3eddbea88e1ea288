"""What kinds of pairs a dataset holds: transformation families, families per seed, and which
pairs carry a speed label (and why the others do not).

``PairMix`` is fed the curated equivalent rows shard by shard (``add``) and summarised into the
``mix`` section of stats.json, which the card and the report read.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Iterable


def _reason_kind(reason: str | None) -> str:
    """A short name for why a pair has no speed label (row ``verification.perf_reason``)."""
    if not reason:
        return "unknown (a row from before perf_reason)"
    if reason.startswith("the speedup interval"):
        return "interval crosses the band's edge"
    if reason.startswith("not timed"):
        return "not timed"
    if reason.startswith("speed not measured"):
        return "speed not measured"
    return reason.split(":")[0]


class PairMix:
    def __init__(self) -> None:
        self.pairs = 0
        self.families: Counter = Counter()  # pairs in which a family appears
        self.seed_families: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.labels: Counter = Counter()
        self.unlabelled: Counter = Counter()

    def add(self, rows: Iterable[dict[str, Any]]) -> None:
        from semforge.transforms.catalog import families_of

        for row in rows:
            if row.get("verdict") != "equivalent":
                continue
            self.pairs += 1
            families = row.get("families")
            if families is None:  # rows from before the column
                families = families_of(row.get("transforms") or ())
            self.families.update(set(families))
            self.seed_families[(row.get("source") or "", row.get("source_id") or "")] |= \
                set(families)
            label = row.get("perf_label")
            self.labels[label or "none"] += 1
            if not label:
                reason = (row.get("verification") or {}).get("perf_reason")
                self.unlabelled[_reason_kind(reason)] += 1

    def to_json(self) -> dict[str, Any]:
        per_seed = Counter(len(f) for f in self.seed_families.values())
        seeds = len(self.seed_families)
        return {
            "pairs": self.pairs,
            "families": dict(self.families.most_common()),
            "family_share": {f: round(n / self.pairs, 4) for f, n in self.families.most_common()}
            if self.pairs else {},
            "families_per_seed": {str(k): per_seed[k] for k in sorted(per_seed)},
            "mean_families_per_seed": round(sum(k * n for k, n in per_seed.items()) / seeds, 3)
            if seeds else None,
            "labels": dict(self.labels),
            "labelled_share": round(1 - self.labels["none"] / self.pairs, 4) if self.pairs else None,
            "unlabelled_reasons": dict(self.unlabelled.most_common()),
        }
