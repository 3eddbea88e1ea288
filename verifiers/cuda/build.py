"""Compiled kernels: where they are cached, and compiling them ahead of the device.

Two kinds of programs compile kernels when they load:

* generated programs (``transforms/cuda``) hold one ``_cuda_source`` string that their runtime
  compiles with nvcc to a cubin cached under the source's hash (``SEMFORGE_CUBIN_CACHE``);
  ``precompile`` builds those cubins here, in parallel nvcc processes, before any device worker
  loads the program, so the device never waits for a compiler;
* programs calling ``torch.utils.cpp_extension.load_inline`` build a torch extension in a folder
  keyed by the content that decides it (``extension_dir``), shared by every worker of a machine.
"""

from __future__ import annotations

import ast
import hashlib
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from . import static
from .config import TorchVerifyConfig


def cache_root(config: TorchVerifyConfig) -> Path:
    root = config.cache_dir or os.environ.get("SEMFORGE_TORCH_EXTENSIONS") or \
        os.path.join(os.path.expanduser("~"), ".cache", "semforge", "torch_extensions")
    return Path(root)


def extension_dir(config: TorchVerifyConfig, source: str) -> Path:
    """Per-content build folder: the same kernels compile once per machine, whichever worker
    asks first (torch's own file lock serialises concurrent builds of one folder)."""
    import torch

    key = hashlib.sha256(f"{torch.__version__}\0{compile_key(source)}".encode()).hexdigest()[:20]
    return cache_root(config) / key


def compile_key(source: str) -> str:
    """What decides the compiled extensions: the module's string constants (kernel sources,
    extension names, flags) when they are all literal; the whole text otherwise. Programs that
    differ only in Python share one build."""
    tree = static.parse(source)
    if tree is None:
        return source
    if any(isinstance(n, ast.JoinedStr) for n in ast.walk(tree)):
        return source
    strings = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                strings[node.targets[0].id] = node.value.value
    parts = []
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
        if name not in ("load_inline", "load"):
            continue
        for arg in [*call.args, *(kw.value for kw in call.keywords)]:
            for sub in ast.walk(arg):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    parts.append(sub.value)
                elif isinstance(sub, ast.Name):
                    if sub.id not in strings:
                        return source  # a source built at run time: key on everything
                    parts.append(strings[sub.id])
    return "\0".join(parts) if parts else source


def cubin_cache(config: TorchVerifyConfig) -> str:
    return os.path.join(str(cache_root(config)), "cubin") if config.cache_dir else \
        os.environ.get("SEMFORGE_CUBIN_CACHE") or os.path.join(
            os.path.expanduser("~"), ".cache", "semforge", "cubin")


_ARCH: str | None = None


def device_arch(config: TorchVerifyConfig) -> str | None:
    """The compute capability kernels are built for: the config's, ``SEMFORGE_CUDA_ARCH``, or
    the first GPU ``nvidia-smi`` lists (None without one)."""
    global _ARCH
    if config.cuda_arch or os.environ.get("SEMFORGE_CUDA_ARCH"):
        return config.cuda_arch or os.environ["SEMFORGE_CUDA_ARCH"]
    if _ARCH is None:
        try:
            out = subprocess.run(["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader"],
                                 capture_output=True, text=True, timeout=30).stdout.split()
            _ARCH = "sm_" + out[0].replace(".", "") if out else ""
        except (OSError, subprocess.TimeoutExpired):
            _ARCH = ""
    return _ARCH or None


def torch_arch_list(config: TorchVerifyConfig) -> str | None:
    """``TORCH_CUDA_ARCH_LIST`` for the device (9.0 for sm_90): the builds made ahead and the
    worker's own load must agree, or the worker would build again."""
    arch = device_arch(config)
    return f"{arch[3:-1]}.{arch[-1]}" if arch and arch.startswith("sm_") else None


_RUNTIME_NAMES = {"_NVCC_FLAGS", "_cubin_cache", "_cubin_key", "_nvcc", "_compile_cubin"}


def generated_source(program: str) -> str | None:
    """The kernel source of a generated program (``_k = CudaKernels(_cuda_source)``)."""
    if "CudaKernels(_cuda_source)" not in program:
        return None
    tree = static.parse(program)
    for node in tree.body if tree is not None else []:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "_cuda_source"
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            return node.value.value
    return None


def program_compiler(program: str) -> str | None:
    """The program's own cubin builder (its module-level ``_compile_cubin`` and what it uses,
    imports included), as a script: the verifier builds a program's kernels the way the program
    would, with no copy of the generator's code, and in a process of its own."""
    tree = static.parse(program)
    if tree is None:
        return None
    keep = [n for n in tree.body
            if isinstance(n, (ast.Import, ast.ImportFrom))
            or (isinstance(n, ast.FunctionDef) and n.name in _RUNTIME_NAMES)
            or (isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id in _RUNTIME_NAMES
                                                  for t in n.targets))]
    if not any(isinstance(n, ast.FunctionDef) and n.name == "_compile_cubin" for n in keep):
        return None
    keep = [n for n in keep if not (isinstance(n, (ast.Import, ast.ImportFrom))
                                    and any(a.name.split(".")[0] == "torch" for a in n.names)
                                    or isinstance(n, ast.ImportFrom) and (n.module or "").startswith("torch"))]
    return ast.unparse(ast.Module(keep, type_ignores=[])) + (
        "\nimport sys\n_compile_cubin(open(sys.argv[1]).read(), sys.argv[2])\n")


def _build_cubin(program: str, source: str, arch: str, timeout: float) -> bool:
    import sys
    import tempfile

    script = program_compiler(program)
    if script is None:
        return False
    with tempfile.NamedTemporaryFile("w", suffix=".cu", delete=False) as fh:
        fh.write(source)
    try:
        return subprocess.run([sys.executable, "-c", script, fh.name, arch], timeout=timeout,
                              capture_output=True).returncode == 0
    except subprocess.TimeoutExpired:
        return False
    finally:
        os.unlink(fh.name)


_LOAD_ONLY = r"""
import sys, types
src = open(sys.argv[1]).read()
module = types.ModuleType("semforge_precompile")
exec(compile(src, sys.argv[1], "exec"), module.__dict__)
"""


def _build_extension(program: str, config: TorchVerifyConfig, timeout: float) -> bool:
    """Run a ``load_inline`` program's module level in a process without a GPU, so its extension
    is built into ``extension_dir`` before a device worker loads it."""
    import sys
    import tempfile

    folder = extension_dir(config, program)
    if (folder / ".built").exists():
        return True
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as fh:
        fh.write(program)
    env = dict(os.environ, TORCH_EXTENSIONS_DIR=str(folder), CUDA_VISIBLE_DEVICES="")
    env.setdefault("TORCH_CUDA_ARCH_LIST", torch_arch_list(config) or "")
    try:
        ok = subprocess.run([sys.executable, "-c", _LOAD_ONLY, fh.name], env=env, timeout=timeout,
                            capture_output=True).returncode == 0
    except subprocess.TimeoutExpired:
        ok = False
    finally:
        os.unlink(fh.name)
    if ok:
        (folder / ".built").write_text("")
    return ok


def precompile(programs: list[str], config: TorchVerifyConfig, jobs: int | None = None) -> dict:
    """Build what the programs compile when they load, in parallel, before a device worker
    loads them: the cubins of generated programs into the shared cache (each distinct source
    once) and the extensions of ``load_inline`` programs (each in a process of its own).
    Returns counts and seconds; failures are left for the program's own load to report."""
    import time

    arch = device_arch(config)
    sources = {}
    for p in programs:
        src = generated_source(p)
        if src is not None:
            sources.setdefault(src, p)
    inline = [p for p in programs if generated_source(p) is None and "load_inline" in p]
    os.environ["SEMFORGE_CUBIN_CACHE"] = cubin_cache(config)  # the workers started from here too
    t0 = time.perf_counter()

    def cubin(item: tuple[str, str]) -> bool:
        return _build_cubin(item[1], item[0], arch, config.compile_timeout_s)

    work = [(cubin, item) for item in sorted(sources.items())] if arch else []
    work += [(lambda p: _build_extension(p, config, config.compile_timeout_s), p) for p in inline]
    with ThreadPoolExecutor(max_workers=jobs or max(1, os.cpu_count() or 1)) as pool:
        ok = sum(pool.map(lambda item: item[0](item[1]), work))
    return {"sources": len(sources), "extensions": len(inline), "compiled": ok,
            "seconds": round(time.perf_counter() - t0, 3)}
