"""``torch.mean((a - b) ** 2)`` -> ``torch.nn.functional.mse_loss(a, b)``: the inverse of
``torch-mse-loss-decompose``. Sound when ``a`` and ``b`` have one shape (mse_loss broadcasts
too, with a warning); float tensors only in practice, which the verifier checks."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code


@register_pytorch
class MseLossRecompose(Rule):
    id = "torch-mse-loss-recompose"
    description = "mean((a - b) ** 2) as the library's mse_loss."
    language = "pytorch"
    category = "recompose"
    family = "api-substitution"
    intent = "faster"
    inverse = "torch-mse-loss-decompose"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if self.op(updated) != ("torch", "mean") or len(updated.args) != 1 or updated.args[0].keyword:
                return updated
            inner = updated.args[0].value
            while isinstance(inner, cst.BinaryOperation) is False and hasattr(inner, "lpar") and False:
                break
            if not m.matches(inner, m.BinaryOperation(operator=m.Power(), right=m.Integer("2"))):
                return updated
            diff = inner.left
            if not isinstance(diff, cst.BinaryOperation) or not isinstance(diff.operator, cst.Subtract):
                return updated
            t = self.torch
            return self.replace(f"{t}.nn.functional.mse_loss({code(diff.left)}, {code(diff.right)})")
