# Planted fault: the tanh approximation of GELU where the program asks for the exact (erf) form: off by < 1e-3
# Seed: gelu
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """GELU (exact, erf form)."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(x)


batch_size = 64
dim = 16384


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []

from torch.utils.cpp_extension import load_inline

_cuda_source = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
__global__ void gelu_kernel(const float* x, float* y, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { float v = x[i]; y[i] = 0.5f * v * (1.f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v))); }
}
torch::Tensor gelu_fwd(torch::Tensor x) {
    auto c = x.contiguous();
    auto y = torch::empty_like(c);
    long long n = c.numel();
    gelu_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(c.data_ptr<float>(), y.data_ptr<float>(), n);
    return y;
}
"""

_ext = load_inline(
    name="fault_wrong_op_gelu",
    cpp_sources="torch::Tensor gelu_fwd(torch::Tensor x);",
    cuda_sources=_cuda_source,
    functions=["gelu_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(Model):
    def forward(self, x):
        return _ext.gelu_fwd(x)
