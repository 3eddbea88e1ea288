"""Judge KernelBench-format (original, variant) pairs by running them, on a GPU when there is one.

``verify_pytorch_variants(original, variants, config)`` returns one ``Verdict`` per variant:

0. static checks (``static.py``): both programs have the KernelBench shape; a variant that
   launches work on a side stream, or ships kernels yet calls every compute op of the reference
   (a silent fallback), is not ``equivalent``; a variant that needs CUDA on a machine without it
   is ``undecided``;
1. kernels are compiled before anything runs (``build.precompile``), in parallel;
2. the pairs run in one of two engines:
   * ``worker`` (``engine.py`` / ``worker.py``, the default on CUDA): a long-lived process per
     GPU holds the reference and the variants, draws each case's inputs on the device, runs the
     reference first, then each variant twice with the allocator poisoned, compares there, and
     times equivalent pairs; a crash is blamed on the variant running and a fresh worker resumes;
   * ``processes`` (``processes.py``, the default on the CPU): the reference once in a process of
     its own, each variant in another (variant -> reference -> variant), outputs compared in
     this process, ``compute-sanitizer initcheck`` on passing CUDA variants;
3. comparisons (``compare.py``): layout, NaN/inf places, dtype-aware tolerances and relative L2;
   outputs a constant would match make the pair ``undecided``;
4. timing (``_child.time_models``): CUDA events, an L2 flush, device-wide synchronisation,
   rotating inputs; speedup = ratio of medians with a bootstrap CI, labelled only outside the band.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..speed import bootstrap_ratio, perf_label
from ..verdict import Verdict
from . import static
from .build import precompile
from .config import NO_CUDA_REASON, TorchVerifyConfig, cuda_available
from .processes import judge_with_processes, verdict


def verify_pytorch_variants(original: str, variants: list[str],
                            config: TorchVerifyConfig | None = None) -> list[Verdict]:
    """One verdict per variant; never raises for a bad program."""
    config = config or TorchVerifyConfig()
    t0 = time.perf_counter()
    if not variants:
        return []
    reason = static.program_shape(original)
    if reason:
        return [verdict("error", f"original is not a KernelBench program: {reason}", config, t0)
                for _ in variants]
    device = config.device
    if device == "auto":
        device = "cuda" if cuda_available() else "cpu"
    results: list[Verdict | None] = [None] * len(variants)
    todo = []
    for i, variant in enumerate(variants):
        why = static.program_shape(variant, ("ModelNew", "Model"))
        if why:
            results[i] = verdict("error", f"variant is not a KernelBench program: {why}", config, t0)
        elif (why := static.side_stream_reason(variant)):
            results[i] = verdict("different", why, config, t0)
        elif (why := static.fallback_reason(original, variant)):
            results[i] = verdict("undecided", why, config, t0)
        elif device == "cpu" and static.needs_cuda(variant):
            results[i] = verdict("undecided", NO_CUDA_REASON, config, t0)
        else:
            todo.append(i)
    if not todo:
        return results  # type: ignore[return-value]
    if device == "cpu" and static.needs_cuda(original):
        for i in todo:
            results[i] = verdict("undecided", "needs a CUDA GPU: the original runs on CUDA", config, t0)
        return results  # type: ignore[return-value]
    if device == "cuda":
        precompile([variants[i] for i in todo], config)
    engine = config.engine if config.engine != "auto" else ("worker" if device == "cuda" else "processes")
    tmp = Path(tempfile.mkdtemp(prefix="semforge-torch-"))
    try:
        if engine == "worker":
            _with_workers(original, variants, todo, device, config, tmp, t0, results)
        else:
            judge_with_processes(original, variants, todo, device, config, tmp, t0, results)
    finally:
        if not config.keep_dirs:
            shutil.rmtree(tmp, ignore_errors=True)
    return results  # type: ignore[return-value]


def _with_workers(original: str, variants: list[str], todo: list[int], device: str,
                  config: TorchVerifyConfig, tmp: Path, t0: float, results: list) -> None:
    """The device workers: the variants split over every GPU this process sees."""
    from .engine import judge, worker_count

    n = max(1, min(worker_count(), len(todo)))
    parts = [todo[k::n] for k in range(n)]

    def run(k: int) -> dict[int, dict]:
        return judge(original, {i: (variants[i], static.model_class(variants[i])) for i in parts[k]},
                     config, device, tmp / f"part-{k}")

    with ThreadPoolExecutor(max_workers=n) as pool:
        for part in pool.map(run, range(n)):
            for i, r in part.items():
                v = verdict(r["verdict"], r["reason"], config, t0, r.get("examples", 0),
                            r.get("counterexample"))
                timing = r.get("timing")
                if v.verdict == "equivalent" and timing:
                    point, lo, hi = bootstrap_ratio(timing["reference_ns"], timing["candidate_ns"],
                                                    seed=config.seed)
                    v.speedup, v.speedup_ci = point, [lo, hi]
                    v.perf_label = perf_label(lo, hi, config.speed_band)
                    v.timing = timing["timing"]
                results[i] = v
