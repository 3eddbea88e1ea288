"""Compare a variant's outputs with the reference's: layout exactly, values within tolerance.

Values: NaN where and only where the reference has NaN, infinities with the same sign at the
same places, finite values within ``atol + rtol * |ref|`` element by element (``atol`` scaled by
the reference's RMS, so that sums of many terms are judged on the scale of their terms), and the
relative L2 error over the whole output below ``l2``. Tolerances depend on the dtype: float32
results must agree far more closely than KernelBench's 1e-2.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class Tol:
    rtol: float
    atol: float
    l2: float


TOLERANCES = {
    torch.float64: Tol(1e-9, 1e-11, 1e-10),
    torch.float32: Tol(1e-4, 1e-5, 1e-5),
    torch.float16: Tol(1e-2, 1e-3, 2e-3),
    torch.bfloat16: Tol(2e-2, 1e-2, 1e-2),
}


def tolerance(dtype: torch.dtype) -> Tol | None:
    return TOLERANCES.get(dtype)


CHUNK = 1 << 25  # elements compared at once: float64 copies of multi-GB outputs stay small


def _chunks(a: torch.Tensor, b: torch.Tensor):
    fa, fb = a.reshape(-1), b.reshape(-1)
    for start in range(0, fb.numel(), CHUNK):
        yield start, fa[start:start + CHUNK].double(), fb[start:start + CHUNK].double()


def _rms(t: torch.Tensor) -> float:
    total, count = 0.0, 0
    flat = t.reshape(-1)
    for start in range(0, flat.numel(), CHUNK):
        part = flat[start:start + CHUNK].double()
        fin = torch.isfinite(part)
        total += float(torch.where(fin, part, 0.0).pow(2).sum())
        count += int(fin.sum())
    return (total / count) ** 0.5 if count else 0.0


def _index(t: torch.Tensor, flat: int) -> list[int]:
    return list(map(int, torch.unravel_index(torch.tensor(flat), t.shape))) if t.dim() else []


def diff_tensor(ref: dict, got: dict) -> str | None:
    """None when equal, else a one-line description of the first difference. Works chunk by
    chunk on the tensors' device (a GPU's outputs are compared where they are)."""
    for key in ("shape", "dtype", "device"):
        if ref[key] != got[key]:
            return f"output {key} {got[key]} != reference {ref[key]}"
    if ref["stride"] != got["stride"] and ref["tensor"].numel() > 1:
        return f"output stride {got['stride']} != reference {ref['stride']}"
    a, b = got["tensor"], ref["tensor"]
    tol = tolerance(b.dtype)
    if tol is None:  # integers, booleans: exact
        if not torch.equal(a, b):
            bad = _index(b, int((a.reshape(-1) != b.reshape(-1)).nonzero()[0]))
            return f"value at {bad}: {a[tuple(bad)].item()} != {b[tuple(bad)].item()}"
        return None
    if b.numel() == 0:
        return None
    for start, x, y in _chunks(a, b):
        nan_a, nan_b = torch.isnan(x), torch.isnan(y)
        if not torch.equal(nan_a, nan_b):
            i = int((nan_a != nan_b).nonzero()[0])
            return (f"NaN pattern differs at {_index(b, start + i)}: {float(x[i])} vs reference "
                    f"{float(y[i])}")
        inf_a, inf_b = torch.isinf(x), torch.isinf(y)
        if not torch.equal(inf_a, inf_b) or not torch.equal(x[inf_a], y[inf_b]):
            i = int(((inf_a != inf_b) | (inf_a & (x != y))).nonzero()[0])
            return (f"infinity differs at {_index(b, start + i)}: {float(x[i])} vs reference "
                    f"{float(y[i])}")
    scale = max(_rms(b), 1.0) if b.numel() > 1 else max(abs(float(b.reshape(-1)[0].double())), 1.0)
    if not (scale < float("inf")):
        scale = 1.0
    err2 = ref2 = 0.0
    any_finite = False
    for start, x, y in _chunks(a, b):
        fin = torch.isfinite(y)
        if not bool(fin.any()):
            continue
        any_finite = True
        diff = torch.where(fin, (x - y).abs(), 0.0)
        bound = tol.atol * scale + tol.rtol * y.abs()
        over = fin & (diff > bound)
        if bool(over.any()):
            i = int(over.nonzero()[0])
            n_over = int(over.sum())
            return (f"value at {_index(b, start + i)}: {float(x[i]):.9g} vs reference "
                    f"{float(y[i]):.9g} (|diff| {float(diff[i]):.3g} > {float(bound[i]):.3g}; "
                    f"{n_over} of {int(fin.sum())} off in this chunk)"
                    if b.numel() > CHUNK else
                    f"value at {_index(b, start + i)}: {float(x[i]):.9g} vs reference "
                    f"{float(y[i]):.9g} (|diff| {float(diff[i]):.3g} > {float(bound[i]):.3g}; "
                    f"{n_over} of {int(fin.sum())} off)")
        err2 += float(diff.pow(2).sum())
        ref2 += float(torch.where(fin, y, 0.0).pow(2).sum())
    if not any_finite:
        return None
    rel = err2 ** 0.5 / ref2 ** 0.5 if ref2 > 0 else err2 ** 0.5
    if rel > tol.l2:
        return f"relative L2 error {rel:.3g} > {tol.l2:g}"
    return None


def diff_call(ref: dict, got: dict) -> str | None:
    """Compare one call's record (``_child.call``): outputs and input mutation."""
    if "error" in got:
        return f"raised {got['error']}"
    if got["struct"] != ref["struct"]:
        return f"returns {got['struct']}, reference returns {ref['struct']}"
    for i, (r, g) in enumerate(zip(ref["outputs"], got["outputs"])):
        if ("tensor" in r) != ("tensor" in g):
            return f"output {i}: tensor vs non-tensor"
        if "tensor" in r:
            d = diff_tensor(r, g)
            if d:
                return f"output {i}: {d}"
        elif r["value"] != g["value"] and not (r["value"] != r["value"] and g["value"] != g["value"]):
            return f"output {i}: {g['value']!r} != {r['value']!r}"
    if ref["mutated"] != got["mutated"]:
        return (f"modifies input(s) {got['mutated']}" if got["mutated"]
                else f"leaves input(s) {ref['mutated']} unchanged, the reference modifies them")
    for i in ref["mutated"]:
        d = diff_tensor(ref["post_args"][i], got["post_args"][i])
        if d:
            return f"input {i} after the call: {d}"
    return None


def near_constant(cases: list[dict]) -> bool:
    """True when a constant answer would pass: on every output, the first case's output (or
    zeros) is accepted as the output of every other case of the same shapes. Then a kernel that
    ignores its inputs passes too, and the test proves nothing."""
    by_shape: dict[int, list[dict]] = {}
    for c in cases:
        by_shape.setdefault(c["spec"][0], []).append(c)
    compared = False
    for group in by_shape.values():
        for other in group[1:]:
            for r, g in zip(other["outputs"], group[0]["outputs"]):
                compared = True
                if "tensor" not in r:
                    if r != g:
                        return False
                    continue
                zeros = dict(r, tensor=torch.zeros_like(r["tensor"]))
                if diff_tensor(r, g) is not None and diff_tensor(r, zeros) is not None:
                    return False
    return compared
