# Planted fault: n / 256 blocks with no bounds check: the last n % 256 elements are never written
# Seed: sigmoid
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Sigmoid activation."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(x)


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
__global__ void sigmoid_kernel(const float* x, float* y) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = 1.f / (1.f + expf(-x[i]));
}
torch::Tensor sigmoid_fwd(torch::Tensor x) {
    auto c = x.contiguous();
    auto y = torch::empty_like(c);
    long long n = c.numel();
    if (n / 256 > 0) sigmoid_kernel<<<n / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(c.data_ptr<float>(), y.data_ptr<float>());
    return y;
}
"""

_ext = load_inline(
    name="fault_skips_tail",
    cpp_sources="torch::Tensor sigmoid_fwd(torch::Tensor x);",
    cuda_sources=_cuda_source,
    functions=["sigmoid_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(Model):
    def forward(self, x):
        return _ext.sigmoid_fwd(x)
