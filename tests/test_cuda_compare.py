"""Output comparison of the PyTorch verifier: layout exactly, NaN/inf aware, dtype-aware
tolerances, relative L2 error, and the constant-output detector."""

import pytest

torch = pytest.importorskip("torch")

from semforge.verifiers.cuda.cases import redraw, schedule, shape_names, shrink  # noqa: E402
from semforge.verifiers.cuda.compare import diff_call, diff_tensor, near_constant  # noqa: E402


def rec(t: torch.Tensor) -> dict:
    return {"tensor": t.contiguous(), "stride": list(t.stride()), "device": t.device.type,
            "dtype": str(t.dtype), "shape": list(t.shape)}


def test_values_nan_inf_and_tolerances():
    ref = torch.tensor([1.0, float("nan"), float("inf"), -2.0])
    assert diff_tensor(rec(ref), rec(ref.clone())) is None
    assert "NaN" in diff_tensor(rec(ref), rec(torch.tensor([1.0, 0.0, float("inf"), -2.0])))
    assert "infinity" in diff_tensor(rec(ref), rec(torch.tensor([1.0, float("nan"), -float("inf"), -2.0])))
    close = torch.tensor([1.0 + 1e-6, float("nan"), float("inf"), -2.0])
    assert diff_tensor(rec(ref), rec(close)) is None
    off = torch.tensor([1.0 + 1e-3, float("nan"), float("inf"), -2.0])   # KernelBench's 1e-2 passes this
    assert "value at [0]" in diff_tensor(rec(ref), rec(off))
    half = ref.half()
    assert diff_tensor(rec(half), rec((ref + 1e-3).half())) is None      # fp16 tolerances are looser


def test_layout_dtype_and_shape():
    a = torch.randn(4, 6)
    assert "stride" in diff_tensor(rec(a), rec(a.t().contiguous().t()) | {"stride": [1, 4]})
    assert "dtype" in diff_tensor(rec(a), rec(a.double()))
    assert "shape" in diff_tensor(rec(a), rec(a.reshape(6, 4)))
    ints = torch.arange(5)
    assert diff_tensor(rec(ints), rec(ints + 0)) is None and diff_tensor(rec(ints), rec(ints + 1))


def test_relative_l2_catches_small_errors_everywhere():
    ref = torch.randn(10000) * 100
    got = ref * (1 + 5e-5)            # each element within rtol 1e-4, the whole off by 5e-5 in L2
    assert "relative L2" in diff_tensor(rec(ref), rec(got))


def test_calls_mutation_and_constant_detector():
    out = {"outputs": [rec(torch.ones(3))], "struct": "T", "mutated": [], "post_args": [None]}
    assert diff_call(out, dict(out, mutated=[0], post_args=[rec(torch.zeros(3))])) == "modifies input(s) [0]"
    assert diff_call(out, {"error": "RuntimeError: x"}) == "raised RuntimeError: x"
    softmax = [{"spec": [0, "uniform", i], "outputs": [rec(torch.softmax(torch.randn(8, 64), -1))]}
               for i in range(3)]
    assert not near_constant(softmax)
    flat = [{"spec": [0, "normal", i], "outputs": [rec(torch.full((8, 64), 1 / 64) + 1e-9 * i)]}
            for i in range(3)]
    assert near_constant(flat)


def test_cases_shapes_and_distributions():
    src = "batch = 16\nn = 1 << 10\nk = 3\ndef get_inputs():\n    return [batch, n]\ndef get_init_inputs():\n    return [k]\n"
    assert shape_names(src) == ["batch", "n"]
    assert shrink(16) % 2 == 1 and shrink(1024) < 1024 and shrink(3) == 4
    specs = schedule(6, 2)
    assert {s.dist for s in specs if s.shape == 0} == {"uniform", "normal", "negative", "large", "special"}
    assert any(s.shape == 1 for s in specs)
    gen = torch.Generator().manual_seed(0)
    like = torch.empty(1000)
    assert (redraw(like, "negative", gen) < 0).all()
    assert redraw(like, "large", gen).abs().max() > 100
    special = redraw(like, "special", gen)
    assert (special == 0).any() and (special == special.abs().max()).sum() > 1
    ints = torch.arange(4)
    assert redraw(ints, "normal", gen) is ints


def test_float64_second_look_accepts_rounding_noise_and_rejects_wrong_math():
    gen = torch.Generator().manual_seed(0)
    a, w = torch.rand(64, 4096, generator=gen), torch.randn(4096, 64, generator=gen) * 0.01
    b = torch.randn(64, generator=gen)
    ref = torch.addmm(b, a, w)                       # one fused product
    other = (a @ w) + b                              # the same sum, rounded in another order
    high = {"outputs": [rec(torch.addmm(b.double(), a.double(), w.double()))]}
    call = lambda t: {"outputs": [rec(t)], "struct": "T", "mutated": [], "post_args": [None]}  # noqa: E731
    tight = diff_call(call(ref), call(other))
    relaxed = diff_call(call(ref), call(other), lambda: high)
    assert relaxed is None, (tight, relaxed)
    wrong = other * (1 + 1e-4)                       # small, everywhere: not rounding
    assert "float64" in diff_call(call(ref), call(wrong), lambda: high)
    assert diff_call(call(ref), call(wrong)) is not None
