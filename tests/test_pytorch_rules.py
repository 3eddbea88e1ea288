"""Before/after fixtures of every PyTorch rewrite rule (one class per rule file)."""

import pytest

from semforge.transforms.pytorch import pytorch_rule_classes
from semforge.transforms.testing import assert_rewrites, assert_untouched

RULES = pytorch_rule_classes()
HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n\n"


def model(init: str, forward: str) -> str:
    return HEAD + f"""class Model(nn.Module):
    def __init__(self):
        super().__init__()
        {init}

    def forward(self, x, y):
        return {forward}
"""


CASES = {
    "torch-gelu-formula": [
        (model("pass", "F.gelu(x)"), model("pass", "0.5 * x * (1.0 + torch.erf(x * 0.7071067811865476))")),
        (model("pass", "F.gelu(x, approximate='tanh')"),
         model("pass", "0.5 * x * (1.0 + torch.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))")),
    ],
    "torch-softmax-decompose": [
        (model("pass", "torch.softmax(x, dim=-1)"),
         model("pass", "torch.exp(x - x.amax(dim=-1, keepdim=True)) / torch.exp(x - x.amax(dim=-1, keepdim=True)).sum(dim=-1, keepdim=True)")),
    ],
    "torch-log-softmax-logsumexp": [
        (model("pass", "F.log_softmax(x, dim=1)"), model("pass", "x - torch.logsumexp(x, dim=1, keepdim=True)")),
    ],
    "torch-mse-loss-decompose": [
        (model("pass", "F.mse_loss(x, y)"), model("pass", "torch.mean((x - y) ** 2)")),
    ],
    "torch-mse-loss-recompose": [
        (model("pass", "torch.mean((x - y) ** 2)"), model("pass", "torch.nn.functional.mse_loss(x, y)")),
    ],
    "torch-layer-norm-decompose": [
        (model("self.ln = nn.LayerNorm(64)", "self.ln(x)"),
         model("self.ln = nn.LayerNorm(64)",
               "(x - x.mean(dim=tuple(range(-len(self.ln.normalized_shape), 0)), keepdim=True)) / "
               "torch.sqrt(x.var(dim=tuple(range(-len(self.ln.normalized_shape), 0)), unbiased=False, "
               "keepdim=True) + self.ln.eps) * self.ln.weight + self.ln.bias")),
    ],
    "torch-sigmoid-formula": [
        (model("pass", "torch.sigmoid(x + y)"), model("pass", "1.0 / (1.0 + torch.exp(-(x + y)))")),
    ],
    "torch-silu-unfuse": [
        (model("pass", "F.silu(x)"), model("pass", "x * torch.sigmoid(x)")),
    ],
    "torch-relu-as-clamp": [
        (model("pass", "torch.relu(x)"), model("pass", "torch.clamp(x, min=0)")),
    ],
    "torch-linear-unfuse": [
        (model("self.fc = nn.Linear(8, 4)", "self.fc(x)"),
         model("self.fc = nn.Linear(8, 4)", "torch.matmul(x, self.fc.weight.t()) + self.fc.bias")),
    ],
    "torch-transpose-contiguous": [
        (model("pass", "torch.matmul(x, y.transpose(-2, -1))"),
         model("pass", "torch.matmul(x, y.transpose(-2, -1).contiguous())")),
    ],
}

UNTOUCHED = {
    "torch-gelu-formula": [model("pass", "F.gelu(x + y)"), model("pass", "gelu(x)")],
    "torch-softmax-decompose": [model("pass", "torch.softmax(x, dim=-1, dtype=torch.float64)"),
                                model("pass", "torch.softmax(x, dim=d)")],
    "torch-log-softmax-logsumexp": [model("pass", "F.log_softmax(x)")],
    "torch-mse-loss-decompose": [model("pass", "F.mse_loss(x, y, reduction='sum')")],
    "torch-mse-loss-recompose": [model("pass", "torch.mean((x - y) ** 3)")],
    "torch-layer-norm-decompose": [model("self.ln = nn.LayerNorm(64, elementwise_affine=False)", "self.ln(x)"),
                                   model("self.ln = nn.LayerNorm(64)", "self.ln(x + y)")],
    "torch-sigmoid-formula": [model("pass", "x.sigmoid()")],
    "torch-silu-unfuse": [model("pass", "F.silu(x, inplace=True)")],
    "torch-relu-as-clamp": [model("pass", "F.relu(x, inplace=True)")],
    "torch-linear-unfuse": [model("self.fc = nn.Linear(8, 4, bias=False)", "self.fc(x)")],
    "torch-transpose-contiguous": [model("pass", "torch.matmul(x, y)")],
}


def test_every_rule_has_fixtures():
    assert set(RULES) == set(CASES) == set(UNTOUCHED)
    for cls in RULES.values():
        assert cls.language == "pytorch" and cls.description


@pytest.mark.parametrize("rule_id", sorted(CASES))
def test_rewrites(rule_id):
    for before, after in CASES[rule_id]:
        assert_rewrites(RULES[rule_id], before, after)


@pytest.mark.parametrize("rule_id", sorted(UNTOUCHED))
def test_untouched(rule_id):
    for source in UNTOUCHED[rule_id]:
        assert_untouched(RULES[rule_id], source)


def test_aliases_are_resolved():
    src = "import torch as th\nfrom torch.nn import functional as fn\n\ny = fn.silu(x)\n"
    assert_rewrites(RULES["torch-silu-unfuse"], src,
                    "import torch as th\nfrom torch.nn import functional as fn\n\ny = x * th.sigmoid(x)\n")
    assert_untouched(RULES["torch-silu-unfuse"], "import numpy as F\n\ny = F.silu(x)\n")
