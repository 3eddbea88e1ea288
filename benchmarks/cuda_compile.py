"""Compile seconds per CUDA variant of the built-in PyTorch corpus: cubins (nvcc, no torch
headers) against ``load_inline`` extensions of the baseline generator, in one run.

    python benchmarks/cuda_compile.py [--base COMMIT] [--baseline-variants N] [--jobs J]

* new: every template variant of every built-in seed; each distinct kernel source compiled once
  with ``nvcc -cubin`` into an empty cache (what ``precompile`` does before the device runs);
  seconds per variant = wall / variants, and CPU seconds per distinct source;
* baseline: the first N template variants of the baseline commit's generator (``git show``),
  each built by ``torch.utils.cpp_extension.load_inline`` in a process of its own, as the
  verifier did. Without a CUDA build of torch (a machine with no GPU) the build cannot finish:
  the extension's ``.cu`` needs torch's CUDA headers, which CPU wheels lack. What is timed is the
  build up to that failure, i.e. the host-side C++ compile of the extension (``torch/extension.h``
  and pybind11) that every ``load_inline`` build runs: a lower bound of a real build, so the
  ratio printed is a lower bound too.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from semforge.pipeline.kernelbench import builtin_programs
from semforge.transforms.cuda import launcher
from semforge.transforms.cuda.generate import cuda_variants
from semforge.transforms.cuda.nvcc import cuda_source, nvcc_path

ROOT = Path(__file__).resolve().parents[1]

# Headers CUDAContextLight.h includes that a toolkit without cuSPARSE/cuBLAS/cuSOLVER lacks:
# declarations only, so the baseline compile gets as far as it can (it is still a lower bound).
STUBS = {
    "cusparse.h": "typedef struct cusparseContext* cusparseHandle_t; typedef int cusparseStatus_t;",
    "cublas_v2.h": "typedef struct cublasContext* cublasHandle_t; typedef int cublasStatus_t;",
    "cublasLt.h": "typedef struct cublasLtContext* cublasLtHandle_t;",
    "cusolverDn.h": "typedef struct cusolverDnContext* cusolverDnHandle_t; typedef int cusolverStatus_t;",
}

BUILD = r'''
import os, sys, time
import torch.utils.cpp_extension as ce
ce.CUDA_HOME = ce.CUDA_HOME or os.path.dirname(os.path.dirname(sys.argv[2]))
src = open(sys.argv[1]).read()
t = time.perf_counter()
try:
    exec(compile(src, "variant.py", "exec"), {"__name__": "variant"})
    print("BUILT", time.perf_counter() - t)
except Exception as exc:
    print("FAILED", time.perf_counter() - t, type(exc).__name__)
'''


def baseline_programs(commit: str, tmp: Path) -> list[str]:
    """Template variants made by the generator of ``commit`` (its three modules, imported as a
    package of their own)."""
    pkg = tmp / "sf_base_cuda"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name in ("generate", "kernels", "analyze"):
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:transforms/cuda/{name}.py"],
                              capture_output=True, text=True, check=True).stdout
        (pkg / f"{name}.py").write_text(text)
    sys.path.insert(0, str(tmp))
    from sf_base_cuda.generate import cuda_variants as base_variants

    return [v.code for code in builtin_programs().values() for v in base_variants(code)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="34b5b32", help="commit whose generator used load_inline")
    ap.add_argument("--baseline-variants", type=int, default=4)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--arch", default="sm_90")
    args = ap.parse_args()
    nvcc = nvcc_path()
    if nvcc is None:
        sys.exit("nvcc not found")
    tmp = Path(tempfile.mkdtemp(prefix="semforge-compile-"))
    try:
        programs = [v.code for code in builtin_programs().values() for v in cuda_variants(code)]
        sources = sorted({cuda_source(p) for p in programs})
        os.environ["SEMFORGE_CUBIN_CACHE"] = str(tmp / "cubin")
        from concurrent.futures import ThreadPoolExecutor

        cpu = []

        def one(src: str) -> None:
            t = time.perf_counter()
            launcher._compile_cubin(src, args.arch)
            cpu.append(time.perf_counter() - t)

        t0 = time.perf_counter()
        with ThreadPoolExecutor(args.jobs) as pool:
            list(pool.map(one, sources))
        wall = time.perf_counter() - t0
        new = wall / len(programs)
        print(f"new: {len(programs)} variants, {len(sources)} distinct kernel sources, "
              f"{args.jobs} nvcc at a time: {wall:.1f}s wall, {new:.2f}s per variant, "
              f"{sum(cpu) / len(cpu):.2f}s per nvcc compile")

        stubs = tmp / "stubs"
        stubs.mkdir()
        for name, text in STUBS.items():
            (stubs / name).write_text(f"#pragma once\n{text}\n")
        base = baseline_programs(args.base, tmp)[: args.baseline_variants]
        times, outcomes = [], []
        for k, program in enumerate(base):
            path = tmp / f"base_{k}.py"
            path.write_text(program)
            env = dict(os.environ, TORCH_EXTENSIONS_DIR=str(tmp / f"ext_{k}"),
                       TORCH_CUDA_ARCH_LIST="9.0", CPATH=str(stubs))
            proc = subprocess.run([sys.executable, "-c", BUILD, str(path), nvcc], capture_output=True,
                                  text=True, env=env, timeout=3600)
            line = next((ln for ln in proc.stdout.splitlines() if ln.startswith(("BUILT", "FAILED"))),
                        "FAILED 0")
            outcome, secs = line.split()[:2]
            times.append(float(secs))
            outcomes.append(outcome)
        per = sum(times) / len(times)
        print(f"baseline ({args.base}, load_inline): {len(base)} variants, one at a time: "
              f"{per:.1f}s per variant ({', '.join(f'{t:.0f}s' for t in times)}; builds "
              f"{'finished' if set(outcomes) == {'BUILT'} else 'stopped at the CUDA compile: a lower bound'})")
        print(f"ratio: load_inline / cubin = {per / new:.0f}x per variant "
              f"({per / (sum(cpu) / len(cpu)):.0f}x per compile)")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
