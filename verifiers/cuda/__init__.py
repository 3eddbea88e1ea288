"""Verification of KernelBench-format PyTorch / CUDA programs (``language: pytorch``).

    from semforge.verifiers.cuda import TorchVerifyConfig, verify_pytorch_variants

See ``verify.py`` for the steps (``engine.py``/``worker.py`` and ``processes.py`` run them) and docs/cuda.md for what is checked and what is not.
"""

from .config import NO_CUDA_REASON, TorchVerifyConfig, cuda_available
from .verify import verify_pytorch_variants

__all__ = ["TorchVerifyConfig", "verify_pytorch_variants", "cuda_available", "NO_CUDA_REASON"]
