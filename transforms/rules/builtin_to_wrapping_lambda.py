"""``map(int, xs)`` -> ``map(lambda x: int(x), xs)``; likewise ``filter`` and ``key=``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.lambdas import FRAME_FREE_BUILTINS, enclosing_function, function_slots


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
    intent = "slower"

    class Transformer(EvidenceTransformer):
        def _wrappable(self, value: cst.BaseExpression) -> bool:
            if not (isinstance(value, cst.Name) and value.value in FRAME_FREE_BUILTINS):
                return False
            ev = self.ev
            if not ev.is_builtin(value.value):
                return self.skip(f"{value.value} is shadowed")
            if not ev.builtins_pinned():
                return self.skip("the module can rebind builtins at run time (exec, "
                                 "globals(), builtins, ...)")
            func = enclosing_function(ev, value)
            return func is None or ev.not_recursive(func)

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            slots = function_slots(self.ev, original_node)
            if not slots:
                return updated_node
            args = list(updated_node.args)
            for i in slots:
                if not self._wrappable(original_node.args[i].value):
                    continue
                name = original_node.args[i].value.value
                # The parameter is the lambda's own: the body reads only it and the builtin,
                # none of which is named x.
                param = "x"
                lam = cst.Lambda(
                    params=cst.Parameters(params=[cst.Param(cst.Name(param))]),
                    body=cst.Call(func=cst.Name(name), args=[cst.Arg(cst.Name(param))]))
                args[i] = args[i].with_changes(value=lam)
                self.sites += 1
            return updated_node.with_changes(args=args)
