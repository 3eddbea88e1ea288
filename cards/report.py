"""report.md and its plots: what a run produced, at a glance.

Plots are drawn with matplotlib's Agg backend (no display needed): verdicts, pairs and equivalent
pairs per rule, and the distribution of measured speedups.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow.parquet as pq


def _speedups(out_dir: Path) -> list[float]:
    values: list[float] = []
    for path in sorted((out_dir / "data" / "equivalent").glob("shard-*.parquet")):
        column = pq.read_table(path, columns=["speedup"]).column("speedup").to_pylist()
        values.extend(v for v in column if v is not None and v > 0)
    return values


def write_report(out_dir: Path, stats: dict[str, Any]) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plots = out_dir / "plots"
    plots.mkdir(exist_ok=True)

    fig, ax = plt.subplots(figsize=(6, 3))
    names, counts = zip(*stats["verdicts"].items())
    ax.bar(names, counts, color=["#2a9d8f", "#e76f51", "#e9c46a", "#f4a261", "#8d99ae"])
    ax.set_title("Pairs per verdict")
    fig.tight_layout()
    fig.savefig(plots / "verdicts.png", dpi=100)
    plt.close(fig)

    rules = stats["rules"]
    if rules:
        ids = sorted(rules, key=lambda r: rules[r]["applied"])
        fig, ax = plt.subplots(figsize=(7, max(2.5, 0.25 * len(ids))))
        ax.barh(ids, [rules[r]["applied"] for r in ids], color="#8d99ae", label="in a pair")
        ax.barh(ids, [rules[r]["equivalent"] for r in ids], color="#2a9d8f", label="equivalent")
        ax.set_title("Pairs per rule (every rule of a chain counts)", fontsize=10)
        ax.legend(loc="lower right")
        fig.tight_layout()
        fig.savefig(plots / "rules.png", dpi=100)
        plt.close(fig)

    speedups = _speedups(out_dir)
    if speedups:
        import math

        fig, ax = plt.subplots(figsize=(6, 3))
        ax.hist([math.log2(s) for s in speedups], bins=40, color="#264653")
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xlabel("log2 speedup (time original / time variant); right = variant faster")
        ax.set_title("Measured speed of equivalent pairs")
        fig.tight_layout()
        fig.savefig(plots / "speedups.png", dpi=100)
        plt.close(fig)

    v = stats["verdicts"]
    lines = [
        "# semforge run report",
        "",
        f"- seeds: {stats['seeds']['loaded']} loaded, {stats['seeds']['rejected']} corpus records "
        f"rejected, {stats['seeds']['with_variants']} with at least one variant",
        f"- pairs: {stats['pairs']} ({v['equivalent']} equivalent)",
        f"- measured speed: " + ", ".join(f"{k} {n}" for k, n in stats["perf_labels"].items()),
        f"- rule errors (bugs in rules, skipped): {stats['rule_errors']}",
        f"- shards: {stats['shards']['total']} ({stats['shards']['skipped']} resumed), "
        f"failed: {len(stats['shards']['failed'])}",
        f"- wall time of the last invocation: {stats['seconds']} s",
        "",
        "![verdicts](plots/verdicts.png)",
        "",
    ]
    if rules:
        lines += ["![rules](plots/rules.png)", ""]
    if speedups:
        lines += ["![speedups](plots/speedups.png)", ""]
    if stats["rejected_records"]:
        lines += ["## Rejected corpus records", "", "| source id | reason |", "| --- | --- |"]
        lines += [f"| `{r['source_id']}` | {r['reason']} |" for r in stats["rejected_records"][:200]]
        lines.append("")
    report = out_dir / "report.md"
    report.write_text("\n".join(lines))
    return report
