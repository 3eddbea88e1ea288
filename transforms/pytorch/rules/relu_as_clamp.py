"""``torch.relu(x)`` -> ``torch.clamp(x, min=0)``. Sound: relu is clamp_min(0) in PyTorch (NaN
stays NaN in both); an int bound keeps the dtype of integer tensors."""

from __future__ import annotations

import libcst as cst

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code


@register_pytorch
class ReluAsClamp(Rule):
    id = "torch-relu-as-clamp"
    description = "ReLU as clamp(x, min=0)."
    language = "pytorch"
    category = "recompose"
    family = "api-substitution"
    intent = "neutral"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if self.op(updated) not in (("torch", "relu"), ("F", "relu")) or self.torch is None:
                return updated
            if len(updated.args) != 1 or updated.args[0].keyword or updated.args[0].star:
                return updated
            return self.replace(f"{self.torch}.clamp({code(updated.args[0].value)}, min=0)")
