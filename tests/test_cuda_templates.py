"""CUDA template programs and tree-sitter edits: generated for the built-in corpus, parsed with
tree-sitter-cuda and compiled with nvcc (no GPU needed). Running them is the verifier's job."""

import ast
from pathlib import Path

import pytest

from semforge.transforms.cuda.edits import EDITS, apply_edit, block_size, edit_program, grid_stride, has_errors
from semforge.transforms.cuda.generate import FORMS, cuda_variants
from semforge.transforms.cuda.nvcc import cuda_source, kernel_part, nvcc_check, nvcc_path
from semforge.verifiers.cuda.static import fallback_reason, needs_cuda, program_shape
from semforge.transforms.cuda.launcher import _cubin_key
from semforge.verifiers.cuda.build import generated_source

CORPUS = Path(__file__).resolve().parents[1] / "pipeline" / "data" / "pytorch"
PROGRAMS = {p.stem: p.read_text() for p in sorted(CORPUS.glob("*.py"))}
needs_nvcc = pytest.mark.skipif(nvcc_path() is None, reason="nvcc not installed")


def test_every_seed_with_elementwise_reduction_or_norm_gets_fast_and_slow_forms():
    made = {name: cuda_variants(code) for name, code in PROGRAMS.items()}
    # plain matmul keeps PyTorch only; cross entropy has its own template
    assert made["matmul"] == [] and made["cross_entropy"]
    with_templates = [n for n, v in made.items() if v]
    assert len(with_templates) >= 25
    for name in with_templates:
        forms = {v.transforms[0] for v in made[name]}
        assert "cuda-template:fused" in forms and "cuda-template:strided" in forms, name
        for v in made[name]:
            ast.parse(v.code)
            assert program_shape(v.code, ("ModelNew",)) is None
            assert needs_cuda(v.code)
            assert fallback_reason(PROGRAMS[name], v.code) is None, (name, v.transforms)
            assert not has_errors(cuda_source(v.code)), (name, v.transforms)


def test_model_keeps_torch_ops_without_templates():
    code = cuda_variants(PROGRAMS["linear_relu"])[0].code
    forward = code.split("class ModelNew(Model):")[1]
    assert "self.linear(x)" in forward and "torch.relu" not in forward


def test_identical_kernels_share_one_compile_across_programs():
    a = cuda_variants(PROGRAMS["relu"])[0].code
    b = cuda_variants(PROGRAMS["conv_relu"])[0].code
    assert a != b and generated_source(a) == generated_source(b)
    assert _cubin_key(generated_source(a), "sm_90") == _cubin_key(generated_source(b), "sm_90")
    assert generated_source(a) != generated_source(cuda_variants(PROGRAMS["sigmoid"])[0].code)


def test_programs_run_on_their_own_and_import_without_a_gpu():
    """A variant holds its runtime (no semforge import); loading it compiles nothing."""
    code = cuda_variants(PROGRAMS["layer_norm"])[0].code
    assert "import semforge" not in code and "from semforge" not in code
    namespace: dict = {}
    exec(compile(code, "variant.py", "exec"), namespace)
    assert isinstance(namespace["_k"], namespace["CudaKernels"]) and namespace["_k"]._modules == {}


@needs_nvcc
@pytest.mark.parametrize("name", ["rms_norm", "layer_norm", "log_softmax", "mse_loss", "max_reduction"])
def test_every_form_compiles_with_nvcc(name):
    for v in cuda_variants(PROGRAMS[name]):
        err = nvcc_check(kernel_part(cuda_source(v.code)))
        assert err is None, (name, v.transforms, err)


def test_edits_find_their_sites_and_keep_the_source_parseable():
    program = cuda_variants(PROGRAMS["rms_norm"])[1].code  # the "plain" form
    src = cuda_source(program)
    for name in EDITS:
        if name.startswith("block-size"):
            continue
        out = apply_edit(name, src)
        assert out is not None and out != src and not has_errors(out), name
    looped = grid_stride(src)
    assert "i += (long long)blockDim.x * gridDim.x" in looped and "if (i < n)" not in looped
    # launches are in Python: a block size edit changes the program's BLOCK
    bigger = edit_program(program, "block-size-512")
    assert "\nBLOCK = 512\n" in bigger and bigger.replace("BLOCK = 512", "BLOCK = 256") == program


def test_block_size_refuses_literals_used_for_anything_else():
    src = """
__global__ void k(float* y, long long n) { long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; if (i < n) y[i] = 1.f; }
void f(float* y, long long n) {
    if (n > 256) n = 256;
    k<<<(n + 256 - 1) / 256, 256>>>(y, n);
}
"""
    assert block_size(src, 128) is None
    assert block_size(src.replace("if (n > 256) n = 256;", ""), 128) is not None
    with pytest.raises(ValueError):
        block_size(src, 100)


@needs_nvcc
def test_edited_programs_compile():
    program = cuda_variants(PROGRAMS["softsign"])[1].code
    for name in EDITS:
        edited = edit_program(program, name)
        if edited is None:
            continue
        assert nvcc_check(kernel_part(cuda_source(edited))) is None, name
