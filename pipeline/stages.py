"""The pipeline's stages as plain functions over batches of records.

``generate_batch`` turns seeds into candidate variants, ``verify_batch`` judges them and builds the
dataset rows. Neither knows about Dask, files or shards (``shards.py`` does), so both can be
tested and reused on their own. Each takes a ``Stats`` to count what happened.

Every stage has one shape, the one datatrove's ``PipelineStep.run(data, rank, world_size)`` has,
with the executor's part played by the shards: a stage is ``(batch, settings, stats) -> batch``
over records (``Seed`` in, ``(Seed, [Variant])`` groups, then row dicts out), it counts its own
work in ``stats``, and nothing it rejects is silently dropped: a failed rule or seed becomes an
entry of ``stats.errors`` with the stage's name and a reason, a variant the verifier does not
accept becomes a row of the ``rejected`` config with its verdict and reason (datatrove's
exclusion writer). ``rank`` and ``world_size`` are the shard's index in the plan
(``plan.py``): a stage never needs them, since a shard is already its own slice of the corpus.
PyTorch programs go through the same two stages (``torch_stages.py`` holds their per-seed
parts); the LLM stage (``llm_stage.add_llm_variants``) extends the generate stage's groups in
place, counting its discards in ``stats``; curation (``curate/``) runs once over the finished
rows, where dropped rows are counted per reason.
"""

from __future__ import annotations

import traceback
import warnings
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from semforge import __version__
from semforge.record import Seed, content_id
from semforge.transforms import Rule, all_rules
from semforge.transforms.compose import Variant, generate_variants
from hypothesis.errors import HypothesisDeprecationWarning

from semforge.verifiers import Verdict, VerifyConfig, verify_variants

from . import torch_stages
from .config import GenerateSettings, VerifySettings


@dataclass
class Stats:
    """Counters of one batch; shards add them up (``merge``) into stats.json."""

    counters: Counter = field(default_factory=Counter)
    rules_applied: Counter = field(default_factory=Counter)
    rules_equivalent: Counter = field(default_factory=Counter)
    errors: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "counters": dict(self.counters),
            "rules_applied": dict(self.rules_applied),
            "rules_equivalent": dict(self.rules_equivalent),
            "errors": self.errors,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Stats":
        return cls(
            Counter(data.get("counters", {})),
            Counter(data.get("rules_applied", {})),
            Counter(data.get("rules_equivalent", {})),
            list(data.get("errors", [])),
        )

    def merge(self, other: "Stats") -> None:
        self.counters.update(other.counters)
        self.rules_applied.update(other.rules_applied)
        self.rules_equivalent.update(other.rules_equivalent)
        self.errors.extend(other.errors)


def select_rules(settings: GenerateSettings) -> list[Rule]:
    """Instantiate the configured rules (built-ins, plug-ins and ``rule_modules``)."""
    registry = all_rules(settings.rule_modules)
    wanted = list(registry) if settings.rules == "all" else settings.rules
    unknown = [r for r in [*wanted, *settings.exclude_rules] if r not in registry]
    if unknown:
        raise ValueError(
            f"generate.rules: unknown rule id(s) {', '.join(unknown)}; "
            "`semforge rules list` shows the registered ones"
        )
    return [registry[r]() for r in wanted if r not in settings.exclude_rules]


def generate_batch(
    seeds: Iterable[Seed], rules: list[Rule], settings: GenerateSettings, stats: Stats,
    *, llm_cache: str | None = None, use_llm: bool = True,
) -> list[tuple[Seed, list[Variant]]]:
    """Variants for each seed: seeded chains of rules, deduplicated by normalized AST; then,
    with ``settings.llm`` (and ``use_llm``), samples from the model (``llm_cache``: its request
    cache location)."""
    out = []
    for seed in seeds:
        try:
            result = torch_stages.generate(seed, settings) if seed.language == "pytorch" else generate_variants(
                seed.code,
                rules,
                count=settings.variants_per_seed,
                max_chain=settings.max_chain,
                seed=settings.seed,
                protected=[seed.entry_point],
            )
        except Exception as exc:  # a seed that breaks generation is reported, the batch goes on
            stats.counters["seeds_failed_generate"] += 1
            stats.errors.append(_error(seed, "generate", exc))
            continue
        for message in result.rule_errors:
            stats.counters["rule_errors"] += 1
            stats.errors.append({"source_id": seed.source_id, "stage": "generate", "reason": message})
        stats.counters["seeds"] += 1
        stats.counters["variants"] += len(result.variants)
        if not result.variants:
            stats.counters["seeds_without_variants"] += 1
        out.append((seed, result.variants))
    if settings.llm is not None and use_llm and out:
        from .llm_stage import add_llm_variants

        add_llm_variants(out, settings.llm, llm_cache, stats)
    return out


def verifier_config(settings: VerifySettings) -> VerifyConfig:
    return VerifyConfig(
        examples=settings.examples,
        seed=settings.seed,
        timeout_s=settings.timeout_s,
        memory_mb=settings.memory_mb,
        policy=settings.policy,
        rtol=settings.rtol,
        atol=settings.atol,
        measure_speed=settings.measure_speed,
        speed_band=settings.speed_band,
        speed_rounds=settings.speed_rounds,
        timing=settings.timing,
        crosshair=settings.crosshair,
        crosshair_budget_s=settings.crosshair_budget_s,
    )


def verify_batch(
    groups: Iterable[tuple[Seed, list[Variant]]],
    settings: VerifySettings,
    config_digest: str,
    stats: Stats,
) -> list[dict[str, Any]]:
    """Judge every (seed, variant) pair and return one dataset row per pair."""
    vconfig = verifier_config(settings)
    rows: list[dict[str, Any]] = []
    with warnings.catch_warnings():
        # A Dask worker's own threads draw from the global `random` while Hypothesis generates
        # inputs; Hypothesis takes that for a strategy using `random` and warns, burying the
        # progress bar. Our strategies never touch the global `random`.
        warnings.filterwarnings("ignore", message="Do not use the `random` module",
                                category=HypothesisDeprecationWarning)
        for seed, variants in groups:
            rows.extend(_verify_group(seed, variants, vconfig, config_digest, stats, settings))
    return rows


def _verify_group(seed: Seed, variants: list[Variant], vconfig: VerifyConfig, config_digest: str,
                  stats: Stats, settings: VerifySettings | None = None) -> list[dict[str, Any]]:
    """Rows of one seed's variants (the verifier reuses the original's runs across them)."""
    if not variants:
        return []
    try:
        if seed.language == "pytorch":
            verdicts = torch_stages.verify(seed, variants, settings or VerifySettings())
        else:
            verdicts = verify_variants(
                seed.code, seed.entry_point, [v.code for v in variants], seed.inputs, vconfig,
                atol=seed.atol,
            )
    except Exception as exc:  # the verifier must not raise; if it does, no pair is published
        stats.errors.append(_error(seed, "verify", exc))
        verdicts = [None] * len(variants)
    rows = []
    for variant, verdict in zip(variants, verdicts):
        row = make_row(seed, variant, verdict, vconfig, config_digest)
        stats.counters[f"verdict_{row['verdict']}"] += 1
        stats.counters["pairs"] += 1
        if row["perf_label"]:
            stats.counters[f"perf_{row['perf_label']}"] += 1
        elif row["speedup"] is not None:  # timed, but the interval crossed an edge of the band
            stats.counters["perf_undecided"] += 1
        for rule_id in variant.transforms:
            stats.rules_applied[rule_id] += 1
            if row["verdict"] == "equivalent":
                stats.rules_equivalent[rule_id] += 1
        rows.append(row)
    return rows


def make_row(seed: Seed, variant: Variant, verdict: Verdict | None, vconfig: VerifyConfig,
             config_digest: str) -> dict:
    """One dataset row (schema in semforge.record.SCHEMA). ``verdict=None``: the verifier failed."""
    if verdict is None:
        verdict = Verdict("error", "internal verifier error (see stats.json errors)", None, 0,
                          vconfig.seed, "hypothesis-diff", vconfig.policy, 0.0)
    return {
        "id": content_id(seed.language, seed.code, variant.code),
        "language": seed.language,
        "source": seed.source,
        "source_id": seed.source_id,
        "license": seed.license,
        "entry_point": seed.entry_point,
        "original": seed.code,
        "variant": variant.code,
        "generator": getattr(variant, "generator", "rules"),
        "transforms": list(variant.transforms),
        "model": getattr(variant, "model", None),
        "verdict": verdict.verdict,
        "verification": {
            "method": verdict.method,
            "inputs_run": verdict.examples,
            "seed": verdict.seed,
            "counterexample": verdict.counterexample,
            "reason": verdict.reason,
            "policy": verdict.policy,
            "input_classes": getattr(verdict, "input_classes", None),
            "tolerance": getattr(verdict, "tolerance", None),
        },
        "speedup": verdict.speedup,
        "speedup_ci": verdict.speedup_ci,
        "perf_label": verdict.perf_label,
        "timing": verdict.timing,
        "semforge_version": __version__,
        "config_digest": config_digest,
        "context": seed.context.published() if seed.context is not None else None,
    }


def _error(seed: Seed, stage: str, exc: BaseException) -> dict[str, str]:
    last = traceback.format_exception_only(type(exc), exc)[-1].strip()
    return {"source_id": seed.source_id, "stage": stage, "reason": last[:500]}
