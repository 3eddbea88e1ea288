"""Kernels built before a GPU shard starts, on a CPU worker.

``runner`` submits ``precompile_shard`` (no GPU resource) ahead of every shard that needs the
GPU, and the shard's task depends on it: the shard's PyTorch variants are made here (the same
deterministic generation the shard repeats) and the kernels they compile (cubins of generated
programs, ``load_inline`` extensions) land in the shared cache, so the GPU worker only loads
them while the next shard's kernels compile on the CPUs.
"""

from __future__ import annotations


def precompile_shard(task) -> dict:
    """Build the kernels of the shard's PyTorch variants; returns the build counts."""
    from semforge.verifiers.cuda.build import precompile

    from ..config import Config
    from ..plan import read_shard_seeds
    from ..steps.generate import pytorch_variants
    from ..steps.verify import torch_config

    config = Config.model_validate(task.config)
    seeds = task.seeds if task.seeds is not None else read_shard_seeds(task.refs or [], task.corpora,
                                                                         task.labels)
    programs = [v.code for seed in seeds if seed.language == "pytorch"
                for v in pytorch_variants(seed.code, config.generate).variants]
    return precompile(programs, torch_config(config.verify)) if programs else {}
