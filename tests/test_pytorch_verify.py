"""The PyTorch verifier on the CPU: real child processes, real torch, hostile variants.

Each ``verify_pytorch_variants`` call runs the reference once and every variant in its own
process; variants of one seed are judged together to keep the suite fast.
"""

import json
import textwrap
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

from semforge.transforms.cuda.generate import cuda_variants  # noqa: E402
from semforge.verifiers.cuda import NO_CUDA_REASON, TorchVerifyConfig, verify_pytorch_variants  # noqa: E402

CORPUS = Path(__file__).resolve().parents[1] / "pipeline" / "data" / "pytorch"
CPU = TorchVerifyConfig(device="cpu", measure_speed=False, parallel=2, cases_per_shape=5)


def seed(name: str) -> str:
    return (CORPUS / f"{name}.py").read_text()


def with_forward(original: str, body: str) -> str:
    """The original plus a ModelNew(Model) whose forward is ``body`` (argument x)."""
    lines = "\n".join("        " + line for line in textwrap.dedent(body).strip().splitlines())
    return original + f"\n\nclass ModelNew(Model):\n    def forward(self, x):\n{lines}\n"


def test_relu_variants_are_told_apart():
    relu = seed("relu")
    variants = {
        "clamp": with_forward(relu, "return x.clamp(min=0)"),
        "identity": with_forward(relu, "return x.clone()"),              # right on torch.rand inputs
        "in_place": with_forward(relu, "return x.relu_()"),              # right output, input clobbered
        "tail": with_forward(relu, """
            y = torch.relu(x)
            flat = y.view(-1)
            flat[flat.numel() // 256 * 256:] = 0.5   # the tail past a multiple of 256 is wrong
            return y"""),
        "raises": with_forward(relu, "raise RuntimeError('boom')"),
        "wrong_dtype": with_forward(relu, "return torch.relu(x).double()"),
        "cuda": cuda_variants(relu)[0].code,
        "side_stream": with_forward(relu, "s = torch.cuda.Stream()\nreturn torch.relu(x)"),
    }
    verdicts = dict(zip(variants, verify_pytorch_variants(relu, list(variants.values()), CPU)))
    assert verdicts["clamp"].verdict == "equivalent", verdicts["clamp"].reason
    assert verdicts["identity"].verdict == "different"
    # the first case is KernelBench's own distribution (uniform in [0, 1)), where identity passes:
    # the counterexample names another distribution
    assert json.loads(verdicts["identity"].counterexample)["case"]["distribution"] != "uniform"
    assert verdicts["in_place"].verdict == "different"
    assert "modifies input" in verdicts["in_place"].reason
    assert verdicts["tail"].verdict == "different"
    assert json.loads(verdicts["tail"].counterexample)["case"]["shapes"] == "odd"
    assert verdicts["raises"].verdict == "different" and "boom" in verdicts["raises"].reason
    assert verdicts["wrong_dtype"].verdict == "different" and "dtype" in verdicts["wrong_dtype"].reason
    assert verdicts["cuda"].verdict == "undecided" and verdicts["cuda"].reason == NO_CUDA_REASON
    assert verdicts["side_stream"].verdict == "different" and "side stream" in verdicts["side_stream"].reason


def test_softmax_zeros_and_close_ops_are_rejected_decomposition_accepted():
    sm = seed("softmax")
    variants = [
        with_forward(sm, "return torch.zeros_like(x)"),       # KernelBench's atol=1e-2 passes it
        with_forward(sm, """
            e = torch.exp(x - x.amax(dim=-1, keepdim=True))
            return e / e.sum(dim=-1, keepdim=True)"""),
        with_forward(sm, "return torch.softmax(x, dim=-1).t().contiguous().t()"),  # stride differs
    ]
    zeros, decomposed, strided = verify_pytorch_variants(sm, variants, CPU)
    assert zeros.verdict == "different"
    assert decomposed.verdict == "equivalent", decomposed.reason
    assert strided.verdict == "different" and "stride" in strided.reason

    gelu = seed("gelu")
    tanh_form, = verify_pytorch_variants(gelu, [with_forward(gelu, "return F.gelu(x, approximate='tanh')")], CPU)
    assert tanh_form.verdict == "different"  # within 1e-3 of the exact GELU: KernelBench passes it


def test_constant_reference_is_undecided_and_mutation_must_match():
    constant = seed("relu").replace("return torch.relu(x)", "return x * 0.0")
    verdict, = verify_pytorch_variants(constant, [with_forward(constant, "return torch.zeros_like(x)")], CPU)
    assert verdict.verdict == "undecided" and "constant" in verdict.reason

    mutating = seed("relu").replace("return torch.relu(x)", "return x.relu_()")
    same, pure = verify_pytorch_variants(mutating, [
        with_forward(mutating, "torch.relu_(x)\nreturn x"),
        with_forward(mutating, "return torch.relu(x)"),
    ], CPU)
    assert same.verdict == "equivalent", same.reason
    assert pure.verdict == "different" and "unchanged" in pure.reason


def test_bad_programs_are_errors_not_crashes():
    relu = seed("relu")
    bad_original, = verify_pytorch_variants("x = 1\n", [relu], CPU)
    assert bad_original.verdict == "error" and "not a KernelBench program" in bad_original.reason
    not_python, import_fails = verify_pytorch_variants(relu, [
        "class ModelNew(:\n", relu + "\nimport not_a_module_semforge\n"], CPU)
    assert not_python.verdict == "error"
    assert import_fails.verdict == "error" and "not_a_module_semforge" in import_fails.reason


def test_timing_on_cpu_is_wall_clock_with_an_interval():
    relu = seed("relu")
    config = TorchVerifyConfig(device="cpu", measure_speed=True, min_trials=5, max_trials=10,
                               time_budget_s=0.2, cases_per_shape=2, shapes=1)
    verdict, = verify_pytorch_variants(relu, [with_forward(relu, "return x.clamp(min=0)")], config)
    assert verdict.verdict == "equivalent"
    assert verdict.timing == "wall"
    lo, hi = verdict.speedup_ci
    assert lo <= verdict.speedup <= hi
    # The label is what the interval shows against the band, not any label at all.
    band = config.speed_band
    expected = ("faster" if lo > 1 + band else "slower" if hi < 1 - band
                else "same" if 1 - band <= lo and hi <= 1 + band else None)
    assert verdict.perf_label == expected, (verdict.perf_label, verdict.speedup_ci, band)


@pytest.mark.gpu
def test_templates_and_planted_faults_on_cuda():
    if not torch.cuda.is_available():
        pytest.skip("needs CUDA")
    config = TorchVerifyConfig(measure_speed=False, engine="processes")
    relu = seed("relu")
    for v in verify_pytorch_variants(relu, [v.code for v in cuda_variants(relu)], config):
        assert v.verdict == "equivalent", v.reason
    faults = Path(__file__).resolve().parents[1] / "benchmarks" / "cuda_faults"
    for engine in ("processes", "worker"):
        for path in sorted(faults.glob("*.py")):
            name = path.read_text().splitlines()[1].split(":", 1)[1].strip()
            verdict, = verify_pytorch_variants(seed(name), [path.read_text()],
                                               TorchVerifyConfig(measure_speed=False, engine=engine))
            assert verdict.verdict != "equivalent", (engine, path.name)


def test_device_worker_engine_tells_variants_apart_and_survives_crashes():
    """The long-lived worker (the engine used on GPUs) on the CPU: one process judges every
    variant; a crash or a patched torch takes a worker down and the rest resume in a new one."""
    relu = seed("relu")
    config = TorchVerifyConfig(device="cpu", engine="worker", measure_speed=False, cases_per_shape=3)
    verdicts = verify_pytorch_variants(relu, [
        with_forward(relu, "return x.clamp(min=0)"),
        with_forward(relu, "return x.clone()"),
        with_forward(relu, "import os\nos._exit(3)"),
        with_forward(relu, "torch.relu = lambda t: t\nreturn x.clamp(min=0)"),
        with_forward(relu, "return x.relu_()"),
        with_forward(relu, "return torch.relu(x) + 0.0"),
    ], config)
    kinds = [v.verdict for v in verdicts]
    assert kinds == ["equivalent", "different", "different", "different", "different", "equivalent"], \
        [(v.verdict, v.reason) for v in verdicts]
    assert "crashed" in verdicts[2].reason and "changes torch" in verdicts[3].reason
    assert "modifies input" in verdicts[4].reason


@pytest.mark.gpu
def test_generated_kernels_match_torch_on_cuda():
    """Every template form on broadcasting, odd sizes, reductions over middle dims, row ops with
    epilogues and cross entropy, run on the GPU through the driver-API launcher."""
    if not torch.cuda.is_available():
        pytest.skip("needs CUDA")
    config = TorchVerifyConfig(measure_speed=False, engine="worker")
    for name in ("rms_norm", "softmax", "layer_norm", "mse_loss", "cross_entropy", "scale_shift",
                 "max_reduction", "linear_gelu_scale"):
        code = seed(name)
        for v, got in zip(cuda_variants(code), verify_pytorch_variants(code, [v.code for v in cuda_variants(code)], config)):
            assert got.verdict == "equivalent", (name, v.transforms, got.reason)
