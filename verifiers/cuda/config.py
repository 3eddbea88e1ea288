"""Settings of the PyTorch / CUDA verifier, and what the machine offers."""

from __future__ import annotations

import os
import shutil
from dataclasses import asdict, dataclass

METHOD = "torch-diff"
NO_CUDA_REASON = "needs a CUDA GPU: the variant compiles or launches CUDA code and none is available"


@dataclass
class TorchVerifyConfig:
    seed: int = 0
    cases_per_shape: int = 6         # cases on the program's own shapes (half as many on odd shapes)
    shapes: int = 2                  # 1: only the program's own shapes
    device: str = "auto"             # auto | cuda | cpu
    compile_timeout_s: float = 600.0  # loading the variant (nvcc through load_inline)
    run_timeout_s: float = 120.0     # every case after loading
    measure_speed: bool = True
    speed_band: float = 0.08         # identical programs drift up to ~6.4% on an H200
    min_trials: int = 30
    max_trials: int = 400
    time_budget_s: float = 2.0
    warmup: int = 5
    parallel: int = 4                # variants of one original checked at once (compiles overlap)
    engine: str = "auto"             # worker: one long-lived process per GPU (contexts reused);
                                     # processes: one per variant; auto: worker on CUDA
    cuda_arch: str | None = None     # sm_90, ...: what kernels are compiled for ahead of the run
    sanitize: bool = True            # compute-sanitizer initcheck on passing CUDA variants
    sanitize_timeout_s: float = 300.0
    cache_dir: str | None = None     # compiled kernels; default ~/.cache/semforge/torch_extensions
    threads: int = 1                 # torch CPU threads per process
    keep_dirs: bool = False


_CUDA: bool | None = None



def cuda_available() -> bool:
    global _CUDA
    if _CUDA is None:
        try:
            import torch

            _CUDA = bool(torch.cuda.is_available())
        except Exception:
            _CUDA = False
    return _CUDA


def sanitizer_path() -> str | None:
    found = shutil.which("compute-sanitizer")
    if found:
        return found
    for cand in ("/usr/local/cuda/bin/compute-sanitizer",):
        if os.path.exists(cand):
            return cand
    return None


def config_dict(config: TorchVerifyConfig) -> dict:
    return asdict(config)
