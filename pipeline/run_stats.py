"""stats.json: the run's counters (every shard's steps added up) and what the plan pass saw.

The keys users and tools read (``seeds.loaded``, ``seeds.rejected``, ``pairs``, ``verdicts``,
``perf_labels``, ``rejected_by_kind``) are only ever extended, never renamed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from semforge import __version__
from semforge.transforms.llm import DISCARD_REASONS
from semforge.transforms.naturalness import noise_summary

from .plan import ScanStats
from .steps import Stats

VERDICTS = ("equivalent", "different", "error", "timeout", "undecided")


def llm_summary(counters: Counter, config=None) -> dict[str, Any] | None:
    """The ``llm`` section of stats.json: requests, cache hits, samples kept and discarded."""
    if not counters.get("llm_requests") and config is None:
        return None
    return {
        "model": config.model_label if config else None,
        "requests": counters["llm_requests"],
        "requests_cached": counters["llm_requests_cached"],
        "samples": counters["llm_samples"],
        "kept": counters["llm_kept"],
        "discarded": {r: counters[f"llm_discarded_{r}"] for r in DISCARD_REASONS},
        "seeds_skipped": counters["llm_seeds_skipped"],
    }


def build_stats(total: Stats, scan: ScanStats, labels, digest, n_shards, skipped, failed,
                elapsed, elapsed_total=None, errors_total=None, n_run=None) -> dict[str, Any]:
    c = total.counters
    return {
        "semforge_version": __version__,
        "config_digest": digest,
        "corpora": labels,
        "seeds": {
            "loaded": scan.loaded,
            "rejected": scan.rejected,
            "with_variants": c["seeds"] - c["seeds_without_variants"],
            "without_variants": c["seeds_without_variants"],
            "over_budget": c["seeds_over_budget"],
            "per_corpus": dict(scan.per_corpus),
            "by_kind": dict(scan.by_kind.most_common()),
        },
        # Every function and method found in real code is a seed or a rejection with its
        # reason (counted by kind in rejected_by_kind).
        "functions_and_methods": {
            "found": sum(n for k, n in scan.by_kind.items() if k != "program")
            + scan.functions_rejected,
            "seeds": sum(n for k, n in scan.by_kind.items() if k != "program"),
            "rejected": scan.functions_rejected,
        },
        "dedup": {
            "duplicates": scan.duplicates_within + scan.duplicates_across,
            "within_corpus": scan.duplicates_within,
            "across_corpora": scan.duplicates_across,
            "by_corpus": dict(scan.duplicates_by_corpus),
        },
        "source_licenses": sorted(scan.licenses),
        "rejected_records": scan.listed_rejections,
        "rejected_by_kind": dict(scan.rejected_by_kind.most_common()),
        "pairs": c["pairs"],
        "verdicts": {v: c[f"verdict_{v}"] for v in VERDICTS},
        # the level each equivalent pair reached (the typed policy; strict: every pair strict)
        "equivalence": {e: c[f"equivalence_{e}"] for e in ("strict", "typed")},
        "perf_labels": {p: c[f"perf_{p}"] for p in ("faster", "slower", "same", "undecided")},
        "rules": {
            rule: {"applied": n, "equivalent": total.rules_equivalent[rule]}
            for rule, n in sorted(total.rules_applied.items())
        },
        "rule_errors": c["rule_errors"],
        "budget": {k: c[k] for k in ("seeds_over_time_budget", "seeds_over_memory_budget",
                                     "seeds_over_shard_budget", "seeds_process_died",
                                     "seed_processes")},
        "errors": total.errors,
        "errors_total": errors_total if errors_total is not None else len(total.errors),
        "shards": {"total": n_shards, "skipped": skipped, "failed": failed,
                   **({"run": n_run} if n_run is not None else {})},
        "seconds": round(elapsed, 2),
        "seconds_total": round(elapsed_total if elapsed_total is not None else elapsed, 2),
        "llm": llm_summary(c),  # model requests, cache hits, samples kept and discarded by reason
        # rule variants dropped for adding linter noise, per rule and per finding
        "naturalness": noise_summary(c),
    }
