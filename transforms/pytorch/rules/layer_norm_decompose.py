"""``self.ln(x)`` with ``self.ln = nn.LayerNorm(...)`` -> the normalization spelled out: mean and
biased variance over the normalized dims, ``(x - mean) / sqrt(var + eps) * weight + bias``.
Sound for the default affine LayerNorm (weight and bias present); the dims come from the
module's own ``normalized_shape`` at run time."""

from __future__ import annotations

import libcst as cst

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code, is_simple


@register_pytorch
class LayerNormDecompose(Rule):
    id = "torch-layer-norm-decompose"
    description = "LayerNorm module call as mean / variance arithmetic."
    language = "pytorch"
    category = "decompose"
    family = "spelled-out"
    intent = "slower"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            found = self.module_of(updated)
            if found is None or found[1] != "LayerNorm" or self.torch is None:
                return updated
            attr, _, ctor = found
            if any(a.keyword is not None and a.keyword.value in ("elementwise_affine", "bias")
                   for a in ctor.args) or len([a for a in ctor.args if a.keyword is None]) > 2:
                return updated
            if len(updated.args) != 1 or updated.args[0].keyword or not is_simple(updated.args[0].value):
                return updated
            x, t, ln = code(updated.args[0].value), self.torch, f"self.{attr}"
            dims = f"tuple(range(-len({ln}.normalized_shape), 0))"
            return self.replace(
                f"({x} - {x}.mean(dim={dims}, keepdim=True)) / {t}.sqrt({x}.var(dim={dims}, "
                f"unbiased=False, keepdim=True) + {ln}.eps) * {ln}.weight + {ln}.bias")
