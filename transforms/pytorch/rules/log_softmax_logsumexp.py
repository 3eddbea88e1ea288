"""``torch.log_softmax(x, dim=d)`` -> ``x - torch.logsumexp(x, dim=d, keepdim=True)``. Sound: the
definition; logsumexp shifts by the max as log_softmax does. Name argument, int dim only."""

from __future__ import annotations

import libcst as cst

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code, is_simple, kwarg, literal


@register_pytorch
class LogSoftmaxLogsumexp(Rule):
    id = "torch-log-softmax-logsumexp"
    description = "log_softmax as x - logsumexp(x)."
    language = "pytorch"
    category = "decompose"
    family = "spelled-out"
    intent = "neutral"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if self.op(updated) not in (("F", "log_softmax"), ("torch", "log_softmax")) or self.torch is None:
                return updated
            if len(updated.args) != 2 or updated.args[0].keyword is not None:
                return updated
            dim = literal(kwarg(updated, "dim", 1))
            if not is_simple(updated.args[0].value) or not isinstance(dim, int) or isinstance(dim, bool):
                return updated
            x = code(updated.args[0].value)
            return self.replace(f"{x} - {self.torch}.logsumexp({x}, dim={dim}, keepdim=True)")
