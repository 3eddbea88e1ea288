"""Finished dataset directories for publish/export/curation tests, without running the pipeline.

Rows are built with the pipeline's own ``make_row`` and written as work shards with completion
markers, exactly where ``semforge run`` writes them; then the real ``finalize`` curates them and
writes the Hub layout, stats and card.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq

from semforge.pipeline.config import parse_config
from semforge.pipeline.finalize import finalize
from semforge.pipeline.stages import make_row
from semforge.record import Seed, rows_to_table
from semforge.transforms.compose import Variant
from semforge.verifiers.python_diff import Verdict, VerifyConfig

# Programs unlike each other and unlike any benchmark problem, so curation keeps them all.
TEMPLATES = [
    "def f{i}(values):\n    total = {i}\n    for v in values:\n        if v % {m} == 0:\n"
    "            total += v * {i}\n    return total\n",
    "def g{i}(text):\n    words = text.split()\n    seen = {{}}\n    for w in words:\n"
    "        seen[w] = seen.get(w, 0) + {i}\n    return sorted(seen.items())[:{m}]\n",
    "class K{i}:\n    def __init__(self, n):\n        self.n = n * {m}\n\n"
    "    def step(self, k):\n        return [self.n ^ j for j in range(k + {i})]\n",
]


def seed_program(i: int) -> tuple[str, str]:
    code = TEMPLATES[i % len(TEMPLATES)].format(i=i, m=i % 7 + 2)
    name = code.split("(")[0].split()[-1].rstrip(":")
    return name, code


def pair_rows(n: int, verdict: str = "equivalent", start: int = 0, digest: str = "d",
              perf: list[str | None] | None = None) -> list[dict[str, Any]]:
    rows = []
    for i in range(start, start + n):
        entry, code = seed_program(i)
        seed = Seed("test-corpus@1", f"seed-{i}", entry, code, license="MIT")
        variant = code + f"\n\n# variant {i}\n"
        counterexample = None if verdict == "equivalent" else json.dumps({"args": [i]})
        row = make_row(seed, Variant(variant, ["test-rule"]),
                       Verdict(verdict, "same" if verdict == "equivalent" else "differs",
                               counterexample, 10, 0, "differential", "strict", 0.01),
                       VerifyConfig(), digest)
        if perf is not None:
            label = perf[(i - start) % len(perf)]
            row["perf_label"] = label
            row["speedup"] = {"faster": 1.5, "slower": 0.6, "same": 1.0, None: None}[label]
        rows.append(row)
    return rows


def stats_for(equivalent: int, rejected: int, failed: list[str] | None = None) -> dict[str, Any]:
    return {
        "semforge_version": "0.1.0",
        "config_digest": "d",
        "corpora": ["test-corpus@1"],
        "seeds": {"loaded": equivalent + rejected, "rejected": 0,
                  "with_variants": equivalent + rejected, "without_variants": 0},
        "source_licenses": ["MIT"],
        "rejected_records": [],
        "pairs": equivalent + rejected,
        "verdicts": {"equivalent": equivalent, "different": rejected, "error": 0, "timeout": 0,
                     "undecided": 0},
        "perf_labels": {"faster": 0, "slower": 0, "same": 0},
        "rules": {"test-rule": {"applied": equivalent + rejected, "equivalent": equivalent}},
        "rule_errors": 0,
        "errors": [],
        "shards": {"total": 1, "skipped": 0, "failed": failed or []},
        "seconds": 1.0,
    }


def write_work_shard(out: Path, index: int, equivalent: list[dict], rejected: list[dict]) -> None:
    """What ``shards.process_shard`` leaves for one shard: data files, then the marker."""
    for folder, rows in (("equivalent", equivalent), ("rejected", rejected)):
        if rows:
            path = out / "data" / folder / f"shard-{index:05d}.parquet"
            path.parent.mkdir(parents=True, exist_ok=True)
            pq.write_table(rows_to_table(rows), path)
    marker = out / "_shards" / f"shard-{index:05d}.done"
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.write_text(json.dumps({"config_digest": "d", "rows": len(equivalent) + len(rejected)}))


def make_dataset(out: Path, equivalent: int, rejected: int = 0, start: int = 0,
                 config: dict | None = None, failed: list[str] | None = None,
                 perf: list[str | None] | None = None) -> dict[str, Any]:
    """A finished dataset directory with the given numbers of pairs; returns its final stats."""
    eq = pair_rows(equivalent, start=start, perf=perf)
    rej = pair_rows(rejected, "different", start=start + equivalent)
    write_work_shard(out, 0, eq, rej)
    cfg = parse_config({"card": {"name": "test-pairs", "license": "mit"},
                        "curate": {"decontaminate": []}, **(config or {})})
    return finalize(str(out), stats_for(equivalent, rejected, failed), cfg, log=lambda _: None)
