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
        cache_dir=t.cache_dir, parallel=t.parallel, engine=t.engine, cuda_arch=t.cuda_arch)


def verify(seed: Seed, variants: list[Variant], settings: VerifySettings):
    from semforge.verifiers.cuda import verify_pytorch_variants

    return verify_pytorch_variants(seed.code, [v.code for v in variants], torch_config(settings))


def precompile_shard(task) -> dict:
    """On a CPU worker, before a GPU shard starts: make the shard's PyTorch variants and build
    the kernels they compile (cubins, ``load_inline`` extensions) into the shared cache, so the
    GPU worker that verifies them finds every kernel built. Returns the build counts."""
    from semforge.pipeline.config import Config
    from semforge.pipeline.shards import shard_seeds
    from semforge.verifiers.cuda.build import precompile

    config = Config.model_validate(task.config)
    programs = []
    for seed in shard_seeds(task):
        if seed.language == "pytorch":
            programs += [v.code for v in generate(seed, config.generate).variants]
    return precompile(programs, torch_config(config.verify)) if programs else {}
