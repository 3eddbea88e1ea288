# Planted fault: softmax returned as zeros: within KernelBench's atol=1e-2 when rows are long
# Seed: softmax
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Softmax over the last dimension."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=-1)


batch_size = 64
dim = 4096


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []

from torch.utils.cpp_extension import load_inline

_cuda_source = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
__global__ void zero_kernel(float* y, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 0.f;
}
torch::Tensor softmax_fwd(torch::Tensor x) {
    auto y = torch::empty_like(x.contiguous());
    long long n = y.numel();
    zero_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(y.data_ptr<float>(), n);
    return y;
}
"""

_ext = load_inline(
    name="fault_zeros_softmax",
    cpp_sources="torch::Tensor softmax_fwd(torch::Tensor x);",
    cuda_sources=_cuda_source,
    functions=["softmax_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(Model):
    def forward(self, x):
        return _ext.softmax_fwd(x)
