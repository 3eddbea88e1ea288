"""``F.mse_loss(a, b)`` -> ``torch.mean((a - b) ** 2)``: the loss as its elementwise terms and a
mean. Sound for the default ``reduction='mean'`` (the only form rewritten)."""

from __future__ import annotations

import libcst as cst

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code, kwarg, literal


@register_pytorch
class MseLossDecompose(Rule):
    id = "torch-mse-loss-decompose"
    description = "MSE loss as mean((a - b) ** 2)."
    language = "pytorch"
    category = "decompose"
    family = "spelled-out"
    intent = "slower"
    inverse = "torch-mse-loss-recompose"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if self.op(updated) != ("F", "mse_loss") or self.torch is None:
                return updated
            positional = [a for a in updated.args if a.keyword is None]
            if len(positional) != 2 or any(a.star for a in updated.args):
                return updated
            if any(a.keyword is not None and a.keyword.value != "reduction" for a in updated.args):
                return updated
            if literal(kwarg(updated, "reduction")) not in (None, "mean"):
                return updated
            a, b = (code(p.value) for p in positional)
            return self.replace(f"{self.torch}.mean(({a} - {b}) ** 2)")
