# Planted fault: an identity kernel for ReLU: right whenever inputs are >= 0 (KernelBench's torch.rand)
# Seed: relu
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ReLU activation."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(x)


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
__global__ void copy_kernel(const float* x, float* y, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i];
}
torch::Tensor relu_fwd(torch::Tensor x) {
    auto c = x.contiguous();
    auto y = torch::empty_like(c);
    long long n = c.numel();
    copy_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(c.data_ptr<float>(), y.data_ptr<float>(), n);
    return y;
}
"""

_ext = load_inline(
    name="fault_identity_relu",
    cpp_sources="torch::Tensor relu_fwd(torch::Tensor x);",
    cuda_sources=_cuda_source,
    functions=["relu_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(Model):
    def forward(self, x):
        return _ext.relu_fwd(x)
