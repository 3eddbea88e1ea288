"""``F.silu(x)`` -> ``x * torch.sigmoid(x)``: the fused activation split into its two ops. Sound:
the definition; only for a name argument (read twice) and no ``inplace``."""

from __future__ import annotations

import libcst as cst

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code, is_simple


@register_pytorch
class SiluUnfuse(Rule):
    id = "torch-silu-unfuse"
    description = "SiLU as x * sigmoid(x)."
    language = "pytorch"
    category = "unfuse"
    family = "spelled-out"
    intent = "slower"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if self.op(updated) != ("F", "silu") or self.torch is None:
                return updated
            if len(updated.args) != 1 or updated.args[0].keyword or not is_simple(updated.args[0].value):
                return updated
            x = code(updated.args[0].value)
            return self.replace(f"{x} * {self.torch}.sigmoid({x})")
