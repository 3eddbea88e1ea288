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
from semforge.pipeline.steps import make_row
from semforge.record import Seed, rows_to_table
from semforge.transforms.compose import Variant
from semforge.verifiers import Verdict, VerifyConfig

# Statement shapes for seed programs; each seed draws its own sequence, names and constants, so
# seeds are unlike each other (and unlike benchmark problems) and curation keeps them all.
STATEMENTS = [
    "{a} = [{b} * {k} for {b} in range({n})]",
    "{a} = sum({b} % {k} for {b} in {c})",
    "{a} = {{{b}: {b} ** {k} for {b} in range({n})}}",
    "{a} = sorted({c}, key=lambda {b}: -{b} * {k})",
    "{a} = max({c} or [{k}]) - min({c} or [{n}])",
    "{a} = [{b} for {b} in {c} if {b} > {k}]",
    "{a} = len(str({c})) * {k} + {n}",
    "{a} = {c}[::{k}] + {c}[:{n}]",
]
NAMES = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta", "iota", "kappa",
         "lam", "mu", "nu", "xi", "omicron", "rho", "sigma", "tau", "upsilon", "phi"]


def seed_program(i: int) -> tuple[str, str]:
    import random

    rnd = random.Random(i)
    name = f"fn_{i}_{rnd.choice(NAMES)}"
    names = rnd.sample(NAMES, 8)
    lines = [f"def {name}({names[0]}):"]
    for j in range(6):
        stmt = rnd.choice(STATEMENTS)
        lines.append("    " + stmt.format(a=names[j + 1], b=names[7], c=names[j],
                                          k=rnd.randint(2, 999), n=rnd.randint(2, 999)))
    lines.append(f"    return {names[6]}")
    return name, "\n".join(lines) + "\n"


def pair_rows(n: int, verdict: str = "equivalent", start: int = 0, digest: str = "d",
              perf: list[str | None] | None = None, per_seed: int = 1) -> list[dict[str, Any]]:
    """``n`` pairs, ``per_seed`` consecutive ones from the same seed program."""
    rows = []
    for i in range(start, start + n):
        s = start + (i - start) // per_seed
        entry, code = seed_program(s)
        seed = Seed("test-corpus@1", f"seed-{s}", entry, code, license="MIT")
        variant = code + f"\n\nVARIANT_{i} = {i}\n"
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
                 perf: list[str | None] | None = None, per_seed: int = 1) -> dict[str, Any]:
    """A finished dataset directory with the given numbers of pairs; returns its final stats."""
    eq = pair_rows(equivalent, start=start, perf=perf, per_seed=per_seed)
    rej = pair_rows(rejected, "different", start=start + equivalent)
    write_work_shard(out, 0, eq, rej)
    cfg = parse_config({"card": {"name": "test-pairs", "license": "mit"},
                        "curate": {"decontaminate": []}, **(config or {})})
    return finalize(str(out), stats_for(equivalent, rejected, failed), cfg, log=lambda _: None)
