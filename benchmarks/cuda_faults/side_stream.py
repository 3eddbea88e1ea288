# Planted fault: the kernel runs on a stream of its own, unsynchronised with the caller's
# Seed: tanh
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Tanh activation."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tanh(x)


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
__global__ void tanh_kernel(const float* x, float* y, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = tanhf(x[i]);
}
torch::Tensor tanh_fwd(torch::Tensor x) {
    auto c = x.contiguous();
    auto y = torch::empty_like(c);
    long long n = c.numel();
    static cudaStream_t side = nullptr;
    if (!side) cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking);
    tanh_kernel<<<(n + 255) / 256, 256, 0, side>>>(c.data_ptr<float>(), y.data_ptr<float>(), n);
    return y;
}
"""

_ext = load_inline(
    name="fault_side_stream",
    cpp_sources="torch::Tensor tanh_fwd(torch::Tensor x);",
    cuda_sources=_cuda_source,
    functions=["tanh_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(Model):
    def forward(self, x):
        return _ext.tanh_fwd(x)
