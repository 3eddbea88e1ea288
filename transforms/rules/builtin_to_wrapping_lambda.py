"""``map(int, xs)`` -> ``map(lambda x: int(x), xs)``; likewise ``filter`` and ``key=``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.lambdas import FRAME_FREE_BUILTINS, function_slots, wrappable_builtin


@register
class BuiltinToWrappingLambda(Rule):
    """``f`` -> ``lambda x: f(x)`` where ``f`` is a builtin passed to ``map``/``filter`` (one
    iterable) or as the ``key=`` of ``sorted``/``min``/``max``: the inverse of
    ``lambda-wrapping-builtin``, under the same preconditions (the builtin is the real one
    whenever the lambda runs, does not read its caller's frame, and the enclosing function is
    on no recursion cycle: one more frame per item). Meant to be slower: a Python call per item.
    """

    id = "builtin-to-wrapping-lambda"
    description = "Wrap a builtin passed to map/filter/key= in a lambda that calls it."
    category = "expression"
    family = "api-substitution"
    intent = "slower"
    inverse = "lambda-wrapping-builtin"

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            slots = function_slots(self.ev, original_node)
            if not slots:
                return updated_node
            args = list(updated_node.args)
            for i in slots:
                value = original_node.args[i].value
                # Names that are no frame-free builtin are not candidates (no skip reason).
                if not (isinstance(value, cst.Name) and value.value in FRAME_FREE_BUILTINS
                        and wrappable_builtin(self.ev, value.value, value)):
                    continue
                # The lambda's own parameter: no frame-free builtin is named x.
                lam = cst.Lambda(
                    params=cst.Parameters(params=[cst.Param(cst.Name("x"))]),
                    body=cst.Call(func=cst.Name(value.value), args=[cst.Arg(cst.Name("x"))]))
                args[i] = args[i].with_changes(value=lam)
                self.sites += 1
            return updated_node.with_changes(args=args)
