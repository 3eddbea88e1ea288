"""Static checks on KernelBench-format programs, made before anything runs.

* ``program_shape``: the program defines the model class, ``get_inputs`` and ``get_init_inputs``.
* ``needs_cuda``: the program compiles CUDA code or puts tensors on a CUDA device, so it cannot
  be judged on a machine without a GPU.
* ``fallback_reason``: a variant that ships CUDA kernels but still calls every compute op of the
  reference's ``forward`` (the kernels replace nothing: the "silent fallback" that lets a
  KernelBench submission pass by calling PyTorch).
* ``side_stream_reason``: work launched on a stream other than the caller's current one escapes
  the synchronisation that timing and checking rely on.
"""

from __future__ import annotations

import ast
import re

# Calls that move, view or allocate data rather than compute what a model computes.
NON_COMPUTE = {
    "view", "reshape", "contiguous", "size", "dim", "numel", "transpose", "permute", "flatten",
    "unsqueeze", "squeeze", "to", "float", "half", "double", "expand", "expand_as", "clone",
    "empty", "empty_like", "zeros", "zeros_like", "ones", "ones_like", "tensor", "cuda", "cpu",
    "detach", "super", "__init__", "len", "range", "int", "float", "isinstance", "tuple",
    "list", "getattr", "is_contiguous", "stride", "data_ptr", "broadcast_tensors", "movedim",
    "prod", "math", "max_", "min_", "print", "type", "new_empty", "item",
}

_CUDA_MARKERS = re.compile(
    r"load_inline|cpp_extension|__global__|\.cuda\(|device\s*=\s*['\"]cuda|torch\.cuda\.|"
    r"['\"]cuda['\"]|triton"
)
_SIDE_STREAM = re.compile(
    r"torch\.cuda\.Stream\s*\(|torch\.cuda\.stream\s*\(|cudaStreamCreate|getStreamFromPool|"
    r"cudaStreamNonBlocking|c10::cuda::CUDAStream\s*\(|at::cuda::getStreamFromExternal|"
    r"cudaLaunchHostFunc|torch\.cuda\.ExternalStream"
)


def parse(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def top_level(tree: ast.Module) -> dict[str, ast.AST]:
    names: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            names[node.name] = node
    return names


def program_shape(source: str, classes: tuple[str, ...] = ("Model",)) -> str | None:
    """None when ``source`` is a KernelBench-format program, else the reason it is not."""
    tree = parse(source)
    if tree is None:
        return "not valid Python"
    names = top_level(tree)
    if not any(isinstance(names.get(c), ast.ClassDef) for c in classes):
        return f"no top-level class {' or '.join(classes)}"
    for fn in ("get_inputs", "get_init_inputs"):
        if not isinstance(names.get(fn), ast.FunctionDef):
            return f"no top-level function {fn}()"
    return None


def model_class(source: str) -> str:
    """The class a variant is judged by: ``ModelNew`` when defined, else ``Model``."""
    tree = parse(source)
    if tree is not None and isinstance(top_level(tree).get("ModelNew"), ast.ClassDef):
        return "ModelNew"
    return "Model"


def needs_cuda(source: str) -> bool:
    """True when the program compiles CUDA code or places work on a CUDA device."""
    return bool(_CUDA_MARKERS.search(source))


def has_custom_kernels(source: str) -> bool:
    return bool(re.search(r"load_inline|cpp_extension\.load|__global__|triton\.jit", source))


def side_stream_reason(source: str) -> str | None:
    found = _SIDE_STREAM.search(source)
    if found:
        return (f"launches work on a side stream ({found.group(0).strip()}): results and timings "
                "would escape the caller's stream synchronisation")
    return None


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Attribute):
        if isinstance(func.value, ast.Name) and func.value.id == "self":
            return f"self.{func.attr}"
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def _class_calls(tree: ast.Module, cls: str, method: str | None = None) -> set[str]:
    node = top_level(tree).get(cls)
    if not isinstance(node, ast.ClassDef):
        return set()
    out = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and (method is None or item.name == method):
            out |= {n for c in ast.walk(item) if isinstance(c, ast.Call)
                    if (n := _call_name(c)) is not None}
    return out


def _binops(tree: ast.Module, cls: str, method: str | None = None) -> set[str]:
    node = top_level(tree).get(cls)
    if not isinstance(node, ast.ClassDef):
        return set()
    ops = set()
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and (method is None or item.name == method):
            ops |= {type(n.op).__name__ for n in ast.walk(item) if isinstance(n, ast.BinOp)}
    return ops


def fallback_reason(original: str, variant: str) -> str | None:
    """A variant with custom kernels whose model still calls every compute op of the reference."""
    if not has_custom_kernels(variant):
        return None
    ref_tree, var_tree = parse(original), parse(variant)
    if ref_tree is None or var_tree is None:
        return None
    cls = model_class(variant)
    ref_ops = {n for n in _class_calls(ref_tree, "Model", "forward") if n not in NON_COMPUTE}
    # arithmetic operators are compute too: a kernel may replace the `/` and keep a norm call
    ref_ops |= {f"operator {op}" for op in _binops(ref_tree, "Model", "forward")}
    if not ref_ops:
        return None
    var_calls = _class_calls(var_tree, cls) | {f"operator {op}" for op in _binops(var_tree, cls)}
    if cls == "ModelNew":
        # Module-level helpers the variant's methods call count as the variant's own calls.
        helpers = {name: node for name, node in top_level(var_tree).items()
                   if isinstance(node, ast.FunctionDef)}
        for name in list(var_calls):
            if name in helpers:
                var_calls |= {n for c in ast.walk(helpers[name]) if isinstance(c, ast.Call)
                              if (n := _call_name(c)) is not None}
    if ref_ops <= var_calls:
        return ("silent fallback: the variant's kernels replace nothing, its model still calls "
                f"{', '.join(sorted(ref_ops))} like the reference")
    return None
