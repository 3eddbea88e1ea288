"""Compile CUDA sources with nvcc to check them without a GPU (tests, rule preconditions).

``kernel_part(source)`` pulls the kernel half of a ``load_inline`` program's CUDA source
(everything before torch's headers; a generated program's source is all kernels);
``nvcc_check(source)`` compiles it to an object file and returns None or the compiler's first
error. ``torch_headers=True`` also compiles against the installed torch's headers (much slower:
those headers are large).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import tempfile

TORCH_HEADER = "#include <torch/extension.h>"


def nvcc_path() -> str | None:
    return shutil.which("nvcc") or next(
        (p for p in ("/usr/local/cuda/bin/nvcc",) if os.path.exists(p)), None)


def cuda_source(program: str) -> str | None:
    """The ``_cuda_source`` string of a generated program (or any module-level ``*cuda*`` string)."""
    tree = ast.parse(program)
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and "cuda" in node.targets[0].id.lower()
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    return None


def kernel_part(source: str) -> str:
    return source.split(TORCH_HEADER)[0]


def nvcc_check(source: str, torch_headers: bool = False, arch: str = "sm_90",
               timeout: float = 300) -> str | None:
    """None when ``source`` compiles, else the first error line (or the failure)."""
    nvcc = nvcc_path()
    if nvcc is None:
        return "nvcc not found"
    flags = ["-std=c++17", f"-arch={arch}", "-c", "-O1"]
    if torch_headers:
        import torch.utils.cpp_extension as ext

        for inc in ext.include_paths():
            flags += ["-I", inc]
        import sysconfig

        flags += ["-I", sysconfig.get_paths()["include"], "-DTORCH_EXTENSION_NAME=check"]
    with tempfile.TemporaryDirectory(prefix="semforge-nvcc-") as tmp:
        src = os.path.join(tmp, "k.cu")
        with open(src, "w") as fh:
            fh.write(source)
        try:
            proc = subprocess.run([nvcc, *flags, src, "-o", os.path.join(tmp, "k.o")],
                                  capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return f"nvcc timed out after {timeout:g}s"
    if proc.returncode == 0:
        return None
    lines = [ln for ln in (proc.stderr + proc.stdout).splitlines() if "error" in ln]
    return (lines[0] if lines else (proc.stderr or proc.stdout).strip()[-300:]).strip()
