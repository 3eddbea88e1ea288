"""``torch.sigmoid(x)`` -> ``1.0 / (1.0 + torch.exp(-x))``. Sound: the definition; for large
negative x, exp overflows to inf and the quotient is 0, as sigmoid is."""

from __future__ import annotations

import libcst as cst

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code


@register_pytorch
class SigmoidFormula(Rule):
    id = "torch-sigmoid-formula"
    description = "Sigmoid as 1 / (1 + exp(-x))."
    language = "pytorch"
    category = "decompose"
    family = "spelled-out"
    intent = "slower"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if self.op(updated) not in (("torch", "sigmoid"), ("F", "sigmoid")) or self.torch is None:
                return updated
            if len(updated.args) != 1 or updated.args[0].keyword or updated.args[0].star:
                return updated
            x = code(updated.args[0].value)
            return self.replace(f"1.0 / (1.0 + {self.torch}.exp(-({x})))")
