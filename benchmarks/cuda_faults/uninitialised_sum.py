# Planted fault: row sums accumulated with atomicAdd into torch::empty memory that was never zeroed
# Seed: sum_reduction
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Sum over the last dimension, keeping it."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sum(x, dim=-1, keepdim=True)


batch_size = 128
dim = 4096


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []

from torch.utils.cpp_extension import load_inline

_cuda_source = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
__global__ void rowsum_kernel(const float* x, float* out, long long n, long long cols) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&out[i / cols], x[i]);
}
torch::Tensor rowsum_fwd(torch::Tensor x) {
    auto c = x.contiguous();
    long long cols = c.size(-1), n = c.numel();
    auto out = torch::empty({c.size(0), 1}, c.options());
    rowsum_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(c.data_ptr<float>(), out.data_ptr<float>(), n, cols);
    return out;
}
"""

_ext = load_inline(
    name="fault_uninitialised_sum",
    cpp_sources="torch::Tensor rowsum_fwd(torch::Tensor x);",
    cuda_sources=_cuda_source,
    functions=["rowsum_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(Model):
    def forward(self, x):
        return _ext.rowsum_fwd(x)
