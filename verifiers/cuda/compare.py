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


CHUNK = 1 << 25  # elements compared at once on the host (float64 copies stay small)
DEVICE_CHUNK = 1 << 28  # on a GPU: fewer, larger chunks (each a few GB of float64)


def _chunk(t: torch.Tensor) -> int:
    return DEVICE_CHUNK if t.device.type == "cuda" else CHUNK


def _chunks(a: torch.Tensor, b: torch.Tensor):
    fa, fb = a.reshape(-1), b.reshape(-1)
    step = _chunk(b)
    for start in range(0, fb.numel(), step):
        yield start, fa[start:start + step].double(), fb[start:start + step].double()


def _rms(t: torch.Tensor) -> float:
    total, count = 0.0, 0
    flat = t.reshape(-1)
    step = _chunk(t)
    for start in range(0, flat.numel(), step):
        part = flat[start:start + step].double()
        fin = torch.isfinite(part)
        total += float(torch.where(fin, part, 0.0).pow(2).sum())
        count += int(fin.sum())
    return (total / count) ** 0.5 if count else 0.0


def _index(t: torch.Tensor, flat: int) -> list[int]:
    return list(map(int, torch.unravel_index(torch.tensor(flat), t.shape))) if t.dim() else []


def diff_tensor(ref: dict, got: dict) -> str | None:
    """None when equal, else a one-line description of the first difference. Works chunk by
    chunk on the tensors' device (a GPU's outputs are compared where they are): one pass for
    NaN and infinity places and the reference's RMS, one for the values."""
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
    total = count = 0.0
    for start, x, y in _chunks(a, b):
        nan_a, nan_b = torch.isnan(x), torch.isnan(y)
        inf_a, inf_b = torch.isinf(x), torch.isinf(y)
        bad = (nan_a != nan_b) | (inf_a != inf_b) | (inf_b & (x != y))
        if bool(bad.any()):
            i = int(bad.nonzero()[0])
            what = "NaN pattern differs" if bool(nan_a[i] != nan_b[i]) else "infinity differs"
            return f"{what} at {_index(b, start + i)}: {float(x[i])} vs reference {float(y[i])}"
        fin = torch.isfinite(y)
        total += float(torch.where(fin, y, 0.0).pow(2).sum())
        count += int(fin.sum())
    if not count:
        return None
    if b.numel() > 1:
        scale = max((total / count) ** 0.5, 1.0)
    else:
        scale = max(abs(float(b.reshape(-1)[0].double())), 1.0)
    if not (scale < float("inf")):
        scale = 1.0
    err2 = 0.0
    for start, x, y in _chunks(a, b):
        fin = torch.isfinite(y)
        diff = torch.where(fin, (x - y).abs(), 0.0)
        bound = tol.atol * scale + tol.rtol * y.abs()
        over = fin & (diff > bound)
        if bool(over.any()):
            i = int(over.nonzero()[0])
            where = "in this chunk" if b.numel() > _chunk(b) else ""
            return (f"value at {_index(b, start + i)}: {float(x[i]):.9g} vs reference "
                    f"{float(y[i]):.9g} (|diff| {float(diff[i]):.3g} > {float(bound[i]):.3g}; "
                    f"{int(over.sum())} of {int(fin.sum())} off{' ' + where if where else ''})")
        err2 += float(diff.pow(2).sum())
    # relative to the reference's norm, with the element-wise atol as a floor: an output that
    # is all rounding noise around zero is judged like its elements are
    if err2 ** 0.5 > tol.l2 * total ** 0.5 + tol.atol * scale * count ** 0.5:
        rel = err2 ** 0.5 / total ** 0.5 if total > 0 else err2 ** 0.5
        return f"relative L2 error {rel:.3g} > {tol.l2:g}"
    return None


def _is_value_difference(detail: str) -> bool:
    return detail.startswith(("value at", "relative L2"))


def within_rounding(ref: dict, got: dict, high: dict) -> str | None:
    """Second look at a value difference, against ``high`` (the reference computed in float64):
    the variant passes when its error is no larger than twice the reference's own float32
    rounding error, in L2 over the output and at the worst element (plus the usual bounds).
    Library kernels that are nondeterministic or sum in another order (convolutions, split-K
    matrix products) differ from themselves by that much; a wrong kernel differs by far more."""
    a, b, h = got["tensor"], ref["tensor"], high["tensor"]
    tol = tolerance(b.dtype)
    if tol is None or h.shape != b.shape:
        return "no float64 reference to compare with"
    e_ref2 = e_got2 = h2 = 0.0
    e_ref_max = e_got_max = 0.0
    fa, fb, fh = a.reshape(-1), b.reshape(-1), h.reshape(-1)
    step = _chunk(b)
    for start in range(0, fb.numel(), step):
        x, y, z = (t[start:start + step].double() for t in (fa, fb, fh))
        fin = torch.isfinite(y) & torch.isfinite(z)
        er = torch.where(fin, (y - z).abs(), 0.0)
        eg = torch.where(fin, (x - z).abs(), 0.0)
        e_ref2 += float(er.pow(2).sum())
        e_got2 += float(eg.pow(2).sum())
        h2 += float(torch.where(fin, z, 0.0).pow(2).sum())
        e_ref_max = max(e_ref_max, float(er.max()) if er.numel() else 0.0)
        e_got_max = max(e_got_max, float(eg.max()) if eg.numel() else 0.0)
    norm = h2 ** 0.5 or 1.0
    if e_got2 ** 0.5 > 2 * e_ref2 ** 0.5 + tol.l2 * norm:
        return (f"relative L2 error against a float64 reference {e_got2 ** 0.5 / norm:.3g}, over twice "
                f"the reference's own {e_ref2 ** 0.5 / norm:.3g}")
    scale = max(_rms(h.float()) if h.numel() > 1 else abs(float(fh[0])), 1.0)
    if e_got_max > 2 * e_ref_max + tol.atol * scale:
        return (f"largest error against a float64 reference {e_got_max:.3g}, over twice the "
                f"reference's own {e_ref_max:.3g}")
    return None


def diff_call(ref: dict, got: dict, high=None) -> str | None:
    """Compare one call's record (``_child.call``): outputs and input mutation. ``high``: a
    function giving the float64 reference's record, asked for only when a value differs."""
    if "error" in got:
        return f"raised {got['error']}"
    if got["struct"] != ref["struct"]:
        return f"returns {got['struct']}, reference returns {ref['struct']}"
    for i, (r, g) in enumerate(zip(ref["outputs"], got["outputs"])):
        if ("tensor" in r) != ("tensor" in g):
            return f"output {i}: tensor vs non-tensor"
        if "tensor" in r:
            d = diff_tensor(r, g)
            if d and high is not None and _is_value_difference(d):
                h = high()
                if h is not None and "outputs" in h and i < len(h["outputs"]) and "tensor" in h["outputs"][i]:
                    second = within_rounding(r, g, h["outputs"][i])
                    d = None if second is None else f"{d}; {second}"
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
