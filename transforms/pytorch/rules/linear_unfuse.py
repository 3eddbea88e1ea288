"""``self.fc(x)`` with ``self.fc = nn.Linear(...)`` -> ``torch.matmul(x, self.fc.weight.t()) +
self.fc.bias``: the fused addmm split into a product and an add. Sound for the default Linear
(with bias); the sum is rounded once more, within float tolerance, which the verifier checks."""

from __future__ import annotations

import libcst as cst

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code


@register_pytorch
class LinearUnfuse(Rule):
    id = "torch-linear-unfuse"
    description = "Linear layer as matmul with the transposed weight plus the bias."
    language = "pytorch"
    category = "unfuse"
    family = "spelled-out"
    intent = "slower"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            found = self.module_of(updated)
            if found is None or found[1] != "Linear" or self.torch is None:
                return updated
            attr, _, ctor = found
            if any(a.keyword is not None and a.keyword.value == "bias" for a in ctor.args) \
                    or len([a for a in ctor.args if a.keyword is None]) > 2:
                return updated
            if len(updated.args) != 1 or updated.args[0].keyword or updated.args[0].star:
                return updated
            x = code(updated.args[0].value)
            return self.replace(f"{self.torch}.matmul({x}, self.{attr}.weight.t()) + self.{attr}.bias")
