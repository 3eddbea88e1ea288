"""The generate and verify stages for PyTorch (KernelBench-format) seeds.

``stages.py`` routes seeds with ``language == "pytorch"`` here: variants are chains of PyTorch
rewrites (``transforms/pytorch``) plus ``ModelNew`` programs built from CUDA templates
(``transforms/cuda``); verdicts come from ``verifiers/cuda``, which runs on the GPU when there is
one and otherwise judges plain-PyTorch variants on the CPU and marks CUDA ones ``undecided``.
"""

from __future__ import annotations

from semforge.record import Seed
from semforge.transforms.compose import GenerateResult, Variant

from .config import GenerateSettings, VerifySettings


def generate(seed: Seed, settings: GenerateSettings) -> GenerateResult:
    from semforge.transforms.pytorch import pytorch_variants

    variants, errors = pytorch_variants(seed.code, count=settings.variants_per_seed,
                                        max_chain=settings.max_chain, seed=settings.seed,
                                        cuda_forms=settings.cuda_forms,
                                        cuda_edits=settings.cuda_edits)
    return GenerateResult(variants=variants, rule_errors=errors)


def torch_config(settings: VerifySettings):
    from semforge.verifiers.cuda import TorchVerifyConfig

    t = settings.pytorch
    return TorchVerifyConfig(
        seed=settings.seed, cases_per_shape=t.cases_per_shape, shapes=t.shapes, device=t.device,
        compile_timeout_s=t.compile_timeout_s, run_timeout_s=t.run_timeout_s,
        measure_speed=settings.measure_speed, speed_band=t.speed_band, sanitize=t.sanitize,
        cache_dir=t.cache_dir, parallel=t.parallel)


def verify(seed: Seed, variants: list[Variant], settings: VerifySettings):
    from semforge.verifiers.cuda import verify_pytorch_variants

    return verify_pytorch_variants(seed.code, [v.code for v in variants], torch_config(settings))
