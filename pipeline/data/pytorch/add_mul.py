import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Elementwise (a + b) * c."""

    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor, c: torch.Tensor) -> torch.Tensor:
        return (a + b) * c


n = 1 << 20


def get_inputs():
    return [torch.randn(n), torch.randn(n), torch.randn(n)]


def get_init_inputs():
    return []
