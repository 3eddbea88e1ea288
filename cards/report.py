"""report.md and its plots: what a run produced, at a glance.

Plots are drawn with matplotlib's Agg backend (no display needed): verdicts, pairs and equivalent
pairs per rule, the distribution of measured speedups, labelled against unlabelled pairs (and
why), the share of each transformation family and the families per seed.
"""

from __future__ import annotations

import io
from typing import Any

import pyarrow.parquet as pq


def _speedups(fs, root: str) -> list[float]:
    values: list[float] = []
    for path in sorted(fs.glob(f"{root}/data/default/train-*.parquet")):
        with fs.open(path, "rb") as fh:
            column = pq.read_table(fh, columns=["speedup"]).column("speedup").to_pylist()
        values.extend(v for v in column if v is not None and v > 0)
    return values


class _Plots:
    """Saves figures under ``plots/`` through fsspec and remembers which exist."""

    def __init__(self, fs, root: str) -> None:
        self.fs, self.dir = fs, f"{root}/plots"
        fs.makedirs(self.dir, exist_ok=True)
        for stale in fs.glob(f"{self.dir}/*.png"):  # a plot a rerun does not draw must not linger
            fs.rm(stale)

    def save(self, fig, name: str) -> None:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=100)
        with self.fs.open(f"{self.dir}/{name}", "wb") as fh:
            fh.write(buf.getvalue())


def _mix_plots(plt, plots: _Plots, mix: dict[str, Any]) -> list[str]:
    """Labelled vs unlabelled pairs, pairs per family, families per seed."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, 3), gridspec_kw={"width_ratios": [1, 1.4]})
    labels = mix["labels"]
    names = [k for k in ("faster", "same", "slower", "none") if labels.get(k)]
    left.bar(names, [labels[k] for k in names],
             color=["#8d99ae" if k == "none" else "#2a9d8f" for k in names])
    left.set_title("Equivalent pairs by speed label", fontsize=10)
    reasons = mix["unlabelled_reasons"]
    if reasons:
        right.barh(list(reasons), list(reasons.values()), color="#8d99ae")
    right.set_title("Why a pair has no label", fontsize=10)
    fig.tight_layout()
    plots.save(fig, "labels.png")
    plt.close(fig)

    families = mix["families"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(9, max(2.5, 0.3 * len(families))))
    order = sorted(families, key=families.get)
    left.barh(order, [families[f] for f in order], color="#264653")
    left.set_title("Pairs per transformation family", fontsize=10)
    per_seed = mix["families_per_seed"]
    right.bar(list(per_seed), list(per_seed.values()), color="#e9c46a")
    right.set_xlabel("distinct families among a seed's pairs")
    right.set_ylabel("seeds")
    right.set_title("Families per seed", fontsize=10)
    fig.tight_layout()
    plots.save(fig, "families.png")
    plt.close(fig)
    return ["labels", "families"]


def write_report(fs, root: str, stats: dict[str, Any]) -> str:
    """Write report.md and its plots; the report links only plots that were drawn."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plots = _Plots(fs, root)

    fig, ax = plt.subplots(figsize=(6, 3))
    names, counts = zip(*stats["verdicts"].items())
    ax.bar(names, counts, color=["#2a9d8f", "#e76f51", "#e9c46a", "#f4a261", "#8d99ae"])
    ax.set_title("Pairs per verdict")
    fig.tight_layout()
    plots.save(fig, "verdicts.png")
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
        plots.save(fig, "rules.png")
        plt.close(fig)

    speedups = _speedups(fs, root)
    if speedups:
        import math

        fig, ax = plt.subplots(figsize=(6, 3))
        ax.hist([math.log2(s) for s in speedups], bins=40, color="#264653")
        ax.axvline(0, color="black", linewidth=0.8)
        ax.set_xlabel("log2 speedup (time original / time variant); right = variant faster")
        ax.set_title("Measured speed of equivalent pairs")
        fig.tight_layout()
        plots.save(fig, "speedups.png")
        plt.close(fig)

    mix = stats.get("mix") or {}
    drawn = _mix_plots(plt, plots, mix) if mix.get("pairs") else []

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
    ]
    if stats.get("configs"):
        lines.append("- published rows: " + ", ".join(
            f"`{name}` {c['rows']}" for name, c in stats["configs"].items()))
    cur = stats.get("curation")
    if cur:
        lines.append(
            f"- curation dropped: exact duplicates {sum(cur['exact_duplicates'].values())}, "
            f"near duplicates {sum(cur['near_duplicates'].values())}, in the previous version "
            f"{sum(cur['previous_version']['dropped'].values())}, contaminated "
            + (", ".join(f"{b} {n}" for b, n in cur["contaminated"].items()) or "(no benchmark)"))
    lines += [
        "",
        "![verdicts](plots/verdicts.png)",
        "",
    ]
    if rules:
        lines += ["![rules](plots/rules.png)", ""]
    if speedups:
        lines += ["![speedups](plots/speedups.png)", ""]
    if drawn:
        lines += ["## What the pairs teach", "",
                  f"- pairs with a speed label: {mix['labelled_share']:.1%} "
                  f"({', '.join(f'{k} {n}' for k, n in mix['labels'].items())}); without one: "
                  + (", ".join(f"{k} {n}" for k, n in mix["unlabelled_reasons"].items()) or "none"),
                  f"- distinct transformation families per seed: {mix['mean_families_per_seed']} "
                  "on average",
                  "- pairs per family: " + ", ".join(
                      f"{f} {n} ({mix['family_share'][f]:.0%})" for f, n in mix["families"].items()),
                  ""]
        lines += [f"![{name}](plots/{name}.png)" for name in drawn] + [""]
    if stats["rejected_records"]:
        lines += ["## Rejected corpus records", "", "| source id | reason |", "| --- | --- |"]
        lines += [f"| `{r['source_id']}` | {r['reason']} |" for r in stats["rejected_records"][:200]]
        lines.append("")
    report = f"{root}/report.md"
    with fs.open(report, "w") as fh:
        fh.write("\n".join(lines))
    return report
