"""``map(lambda s: s.lower(), words)`` -> ``map(str.lower, words)`` for items that are strs."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.lambdas import function_slots, simple_lambda
from ..analysis.str_methods import NO_ARG_METHODS, str_items
from ..base import Rule
from ..registry import register


@register
class LambdaToStrMethod(Rule):
    """``lambda s: s.m()`` -> ``str.m`` (``m`` a str method that takes no argument: ``lower``,
    ``strip``, ``isdigit``, ``swapcase``...) where the lambda is the function of ``map(...,
    xs)``/``filter(..., xs)`` or the ``key=`` of ``sorted``/``min``/``max``, and every item of
    ``xs`` is known to be an exact str.

    Those builtins call the function with one item each; on an exact str ``s.m()`` and
    ``str.m(s)`` run the same method and return or raise the same. ``str`` must be the real
    builtin, and the function around it on no recursion cycle (one frame less per item changes
    where a deep recursion stops). Items of an exact str are themselves exact strs (iterating
    a str, the items of ``s.split()``...); types often come from the seed's domain. No Python
    frame per item: faster.
    """

    id = "lambda-to-str-method"
    description = "Pass an unbound str method instead of a lambda that calls it."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    inverse = "str-method-to-lambda"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        @staticmethod
        def _method(lam: cst.BaseExpression) -> str | None:
            param = simple_lambda(lam)
            body = lam.body if param is not None else None
            if (isinstance(body, cst.Call) and not body.args
                    and isinstance(body.func, cst.Attribute)
                    and isinstance(body.func.value, cst.Name)
                    and body.func.value.value == param and not body.func.value.lpar
                    and body.func.attr.value in NO_ARG_METHODS):
                return body.func.attr.value
            return None

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            slots = function_slots(self.ev, original_node)
            args = list(updated_node.args)
            for i in slots:
                lam = original_node.args[i].value
                method = self._method(lam)
                if method is None or not str_items(self.ev, original_node, i, lam):
                    continue
                args[i] = args[i].with_changes(
                    value=cst.Attribute(value=cst.Name("str"), attr=cst.Name(method)))
                self.sites += 1
            return updated_node.with_changes(args=args) if args != list(updated_node.args) \
                else updated_node
