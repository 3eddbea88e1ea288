# Planted fault: ReLU computed in place: the output is right, the caller's input is overwritten
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
__global__ void relu_inplace(float* x, long long n) {
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = fmaxf(x[i], 0.f);
}
torch::Tensor relu_fwd(torch::Tensor x) {
    long long n = x.numel();
    relu_inplace<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(), n);
    return x;
}
"""

_ext = load_inline(
    name="fault_mutates_input",
    cpp_sources="torch::Tensor relu_fwd(torch::Tensor x);",
    cuda_sources=_cuda_source,
    functions=["relu_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(Model):
    def forward(self, x):
        return _ext.relu_fwd(x)
