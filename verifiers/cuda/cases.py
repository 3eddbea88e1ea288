"""Test cases for KernelBench-format programs: input distributions and shape variants.

KernelBench draws every input with ``torch.rand`` (uniform in [0, 1)): an identity kernel passes
for ReLU and a kernel that never reads negative values cannot be caught. Each case here keeps the
shapes, dtypes and non-float arguments of ``get_inputs()`` (called under its own seed) and
redraws every floating-point tensor from one of several distributions. A second set of shapes
comes from shrinking the module-level integers that only ``get_inputs`` reads (``batch_size``,
``dim``, ...) to odd sizes, so kernels that assume a multiple of their block size show it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

DISTRIBUTIONS = ("uniform", "normal", "negative", "large", "special")


@dataclass(frozen=True)
class CaseSpec:
    shape: int          # 0: the program's own shapes; 1: shrunk, odd shapes
    dist: str
    seed: int


def schedule(cases_per_shape: int = 6, shapes: int = 2, base_seed: int = 0,
             distributions: tuple[str, ...] = DISTRIBUTIONS) -> list[CaseSpec]:
    """Cases in run order: every distribution on the program's shapes, then on the odd shapes."""
    out = []
    seed = base_seed * 1000
    for shape in range(shapes):
        n = cases_per_shape if shape == 0 else max(3, cases_per_shape // 2)
        for i in range(n):
            dist = distributions[(i + shape) % len(distributions)]
            out.append(CaseSpec(shape, dist, seed))
            seed += 1
    return out


def shrink(value: int) -> int:
    """An odd size below ``value`` (a tail for any power-of-two block), or value + 1 if tiny."""
    if value >= 8:
        return value // 2 + 3 if (value // 2 + 3) % 2 else value // 2 + 2
    return value + 1


def shape_names(source: str) -> list[str]:
    """Module-level int constants read by ``get_inputs`` and by nothing else in the program."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    ints = set()
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            value = _int_expr(node.value)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                ints.add(node.targets[0].id)
    inside, outside = set(), set()
    for node in tree.body:
        names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        if isinstance(node, ast.FunctionDef) and node.name == "get_inputs":
            inside |= names
        else:
            outside |= names
    return sorted((ints & inside) - outside)


def _int_expr(node: ast.expr):
    """The value of an integer constant expression (``1 << 20``, ``4 * 1024``), else None."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, int) else None
    if isinstance(node, ast.BinOp):
        a, b = _int_expr(node.left), _int_expr(node.right)
        if not isinstance(a, int) or not isinstance(b, int) or isinstance(a, bool) or isinstance(b, bool):
            return None
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
               ast.LShift: lambda: a << b if 0 <= b < 64 else None,
               ast.FloorDiv: lambda: a // b if b else None, ast.Pow: lambda: a ** b if 0 <= b < 64 else None}
        f = ops.get(type(node.op))
        return f() if f else None
    return None


def redraw(t, dist: str, gen):
    """A tensor like ``t`` drawn from ``dist`` (floating tensors only; others are returned as is)."""
    import torch

    if not isinstance(t, torch.Tensor) or not t.is_floating_point():
        return t
    shape, dtype = t.shape, t.dtype
    big = 100.0 if dtype in (torch.float16,) else 1000.0
    dev = gen.device  # drawn where the generator lives (a GPU worker draws on the GPU)
    if dist == "program":
        return t.clone()  # the values get_inputs drew (KernelBench's own distribution)
    if dist == "uniform":
        x = torch.rand(shape, generator=gen, device=dev)
    elif dist == "normal":
        x = torch.randn(shape, generator=gen, device=dev)
    elif dist == "negative":
        x = -(torch.randn(shape, generator=gen, device=dev).abs() + 1e-3)
    elif dist == "large":
        x = torch.randn(shape, generator=gen, device=dev) * big
    elif dist == "special":
        x = torch.randn(shape, generator=gen, device=dev)
        flat = x.view(-1)
        n = flat.numel()
        if n:
            pick = torch.rand(n, generator=gen, device=dev)
            flat[pick < 0.10] = 0.0
            flat[(pick >= 0.10) & (pick < 0.15)] = -0.0
            flat[(pick >= 0.15) & (pick < 0.20)] = 1.0
            flat[(pick >= 0.20) & (pick < 0.25)] = -1.0
            # ties: a run of equal values at the largest magnitude present
            ties = (pick >= 0.25) & (pick < 0.30)
            flat[ties] = float(flat.abs().max())
    else:
        raise ValueError(f"unknown distribution {dist!r}")
    return x.to(dtype)
