import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """A two-layer MLP with SiLU between the layers."""

    def __init__(self, features: int, hidden: int):
        super().__init__()
        self.fc1 = nn.Linear(features, hidden)
        self.fc2 = nn.Linear(hidden, features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = F.silu(self.fc1(x))
        return self.fc2(h)


batch_size = 64
features = 512
hidden = 2048


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [features, hidden]
