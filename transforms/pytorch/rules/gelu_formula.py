"""``F.gelu(x)`` -> ``0.5 * x * (1.0 + torch.erf(x * 0.7071067811865476))``: the exact GELU spelled
out (the tanh-approximate form gets its own formula). Sound: the definition of the op; only
for an argument that is a name (it is read twice) and no other keyword than ``approximate``."""

from __future__ import annotations

import libcst as cst

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code, is_simple, kwarg, literal


@register_pytorch
class GeluFormula(Rule):
    id = "torch-gelu-formula"
    description = "Spell GELU out through erf (or tanh for approximate='tanh')."
    language = "pytorch"
    category = "decompose"
    family = "spelled-out"
    intent = "slower"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if self.op(updated) not in (("F", "gelu"), ("torch", "gelu")) or self.torch is None:
                return updated
            if not updated.args or updated.args[0].keyword is not None or not is_simple(updated.args[0].value):
                return updated
            if any(a.keyword is not None and a.keyword.value != "approximate" for a in updated.args[1:]) \
                    or len([a for a in updated.args if a.keyword is None]) > 1:
                return updated
            approx = literal(kwarg(updated, "approximate"))
            x, t = code(updated.args[0].value), self.torch
            if approx in (None, "none"):
                return self.replace(f"0.5 * {x} * (1.0 + {t}.erf({x} * 0.7071067811865476))")
            if approx == "tanh":
                return self.replace(f"0.5 * {x} * (1.0 + {t}.tanh(0.7978845608028654 * ({x} + 0.044715 * {x} * {x} * {x})))")
            return updated
