"""Verify: judge every (seed, candidate) pair and make one dataset row per pair.

Python pairs go to ``verifiers.verify_variants`` (the original's runs are shared by all of a
seed's variants); PyTorch pairs to ``verifiers.cuda``, which runs on the GPU when there is one
and otherwise judges plain-PyTorch variants on the CPU and marks CUDA ones ``undecided``. A pair
the verifier does not accept becomes a row of the ``rejected`` config with its verdict and
reason; if the verifier itself fails, every pair of the seed gets ``error`` and the failure is
listed in ``stats.errors``: no pair is published on a verifier's bug.

Counters: ``pairs``, ``verdict_<verdict>``, ``equivalence_<level>``, ``perf_<label>``, ``perf_undecided`` (timed, but the
interval crossed an edge of the band), and per rule ``rules_applied`` / ``rules_equivalent``.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterable, Iterator
from typing import Any

from hypothesis.errors import HypothesisDeprecationWarning

from semforge import __version__
from semforge.domain_infer import seed_domain
from semforge.record import Seed, content_id
from semforge.transforms.catalog import families_of
from semforge.transforms.compose import Variant
from semforge.verifiers import Verdict, VerifyConfig, verify_variants

from ..config import VerifySettings
from .base import SeedWork, Step


def verifier_config(settings: VerifySettings) -> VerifyConfig:
    from semforge.sandbox.counting import valgrind

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
        # auto: instruction counts (labels that repeat between runs) where Valgrind is here
        timing=settings.timing if settings.timing != "auto" else (
            "instructions" if valgrind() else "wall"),
        crosshair=settings.crosshair,
        crosshair_budget_s=settings.crosshair_budget_s,
    )


def torch_config(settings: VerifySettings):
    from semforge.verifiers.cuda import TorchVerifyConfig

    t = settings.pytorch
    return TorchVerifyConfig(
        seed=settings.seed, cases_per_shape=t.cases_per_shape, shapes=t.shapes, device=t.device,
        compile_timeout_s=t.compile_timeout_s, run_timeout_s=t.run_timeout_s,
        measure_speed=settings.measure_speed, speed_band=t.speed_band, sanitize=t.sanitize,
        cache_dir=t.cache_dir, parallel=t.parallel, engine=t.engine, cuda_arch=t.cuda_arch)


class Verify(Step):
    """``SeedWork`` in, dataset rows out (see the module docstring)."""

    name = "verify"

    def __init__(self, settings: VerifySettings, config_digest: str):
        super().__init__()
        self.settings = settings
        self.config_digest = config_digest
        self.vconfig = verifier_config(settings)

    def run(self, data: Iterable[SeedWork], rank: int = 0, world_size: int = 1) -> Iterator[dict]:
        with warnings.catch_warnings():
            # A Dask worker's own threads draw from the global `random` while Hypothesis
            # generates inputs; Hypothesis takes that for a strategy using `random` and warns,
            # burying the progress bar. Our strategies never touch the global `random`.
            warnings.filterwarnings("ignore", message="Do not use the `random` module",
                                    category=HypothesisDeprecationWarning)
            for work in data:
                yield from self.rows(work.seed, work.variants)

    def verdicts(self, seed: Seed, variants: list[Variant]) -> list[Verdict | None]:
        try:
            if seed.language == "pytorch":
                from semforge.verifiers.cuda import verify_pytorch_variants

                return verify_pytorch_variants(seed.code, [v.code for v in variants],
                                               torch_config(self.settings))
            return verify_variants(seed.code, seed.entry_point, [v.code for v in variants],
                                   seed.inputs, self.vconfig, atol=seed.atol,
                                   context=seed.context,
                                   # (a def of real code: read from the seed inputs instead)
                                   domain=None if seed.context else seed_domain(
                                       seed.code, seed.entry_point, seed.inputs, seed.domain))
        except Exception as exc:  # the verifier must not raise; if it does, no pair is published
            self.stats.error(seed, "verify", exc)
            return [None] * len(variants)

    def rows(self, seed: Seed, variants: list[Variant]) -> list[dict[str, Any]]:
        """Rows of one seed's variants."""
        if not variants:
            return []
        c = self.stats.counters
        rows = []
        for variant, verdict in zip(variants, self.verdicts(seed, variants)):
            row = make_row(seed, variant, verdict, self.vconfig, self.config_digest)
            c[f"verdict_{row['verdict']}"] += 1
            c["pairs"] += 1
            if row["equivalence"]:
                c[f"equivalence_{row['equivalence']}"] += 1
            if row["perf_label"]:
                c[f"perf_{row['perf_label']}"] += 1
            elif row["speedup"] is not None:
                c["perf_undecided"] += 1
            for rule_id in variant.transforms:
                self.stats.rules_applied[rule_id] += 1
                if row["verdict"] == "equivalent":
                    self.stats.rules_equivalent[rule_id] += 1
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
            # the input speed was measured on (argument, size, cost per call): `semforge
            # verify` with the same settings times the pair there again
            "speed_input": getattr(verdict, "speed_input", None),
            "perf_reason": perf_reason(verdict, vconfig),
        },
        "speedup": verdict.speedup,
        "speedup_ci": verdict.speedup_ci,
        "perf_label": verdict.perf_label,
        "timing": verdict.timing,
        "semforge_version": __version__,
        "config_digest": config_digest,
        "domain": getattr(verdict, "domain", None),
        "equivalence": getattr(verdict, "equivalence", None) if verdict.verdict == "equivalent" else None,
        "context": seed.context.published() if seed.context is not None else None,
        "families": getattr(variant, "families", None) or families_of(variant.transforms),
    }


def perf_reason(verdict: Verdict, vconfig: VerifyConfig) -> str | None:
    """Why a pair has no speed label (None when it has one)."""
    if verdict.perf_label:
        return None
    if verdict.verdict != "equivalent":
        return "not equivalent: only equivalent pairs are timed"
    if not vconfig.measure_speed:
        return "speed not measured (verify.measure_speed: false)"
    if verdict.speedup is not None:
        lo, hi = (verdict.speedup_ci or [None, None])[:2]
        return (f"the speedup interval [{lo}, {hi}] crosses an edge of the "
                f"1 ± {vconfig.speed_band} band")
    return "not timed: no input on which both programs run long enough to measure"
