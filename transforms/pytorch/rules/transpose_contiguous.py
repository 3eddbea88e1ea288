"""``torch.matmul(a, b.transpose(i, j))`` -> ``torch.matmul(a, b.transpose(i, j).contiguous())``:
the transposed operand copied into row-major layout before the product (a layout change, no
change of values)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from .. import register_pytorch
from ...base import Rule
from ._torch import TorchTransformer, code


@register_pytorch
class TransposeContiguous(Rule):
    id = "torch-transpose-contiguous"
    description = "Make a transposed matmul operand contiguous first."
    language = "pytorch"
    category = "layout"
    family = "api-substitution"
    intent = "neutral"

    class Transformer(TorchTransformer):
        def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
            if self.op(updated) not in (("torch", "matmul"), ("torch", "mm"), ("torch", "bmm")):
                return updated
            if len(updated.args) != 2 or any(a.keyword or a.star for a in updated.args):
                return updated
            new_args, changed = [], False
            for arg in updated.args:
                v = arg.value
                if m.matches(v, m.Call(func=m.Attribute(attr=m.Name("transpose") | m.Name("t")))):
                    new_args.append(arg.with_changes(value=cst.parse_expression(f"{code(v)}.contiguous()")))
                    changed = True
                else:
                    new_args.append(arg)
            if not changed:
                return updated
            self.sites += 1
            return updated.with_changes(args=new_args)
