"""``torch.softmax(x, dim=d)`` -> ``torch.exp(x - x.amax(dim=d, keepdim=True))`` divided by its
sum over ``d``: softmax through max, exp and sum. Sound: the max shift cancels in the ratio and
is what the library does to avoid overflow. Only for a name argument and an explicit int dim
(no ``dtype``)."""

from __future__ import annotations

import libcst as cst

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code, is_simple, kwarg, literal


@register_pytorch
class SoftmaxDecompose(Rule):
    id = "torch-softmax-decompose"
    description = "Softmax as exp(x - max) / sum(exp(x - max))."
    language = "pytorch"
    category = "decompose"
    family = "spelled-out"
    intent = "slower"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if self.op(updated) not in (("F", "softmax"), ("torch", "softmax")) or self.torch is None:
                return updated
            if len(updated.args) != 2 or updated.args[0].keyword is not None:
                return updated
            x = updated.args[0].value
            dim = literal(kwarg(updated, "dim", 1))
            if not is_simple(x) or not isinstance(dim, int) or isinstance(dim, bool):
                return updated
            x, t = code(x), self.torch
            e = f"{t}.exp({x} - {x}.amax(dim={dim}, keepdim=True))"
            return self.replace(f"{e} / {e}.sum(dim={dim}, keepdim=True)")
