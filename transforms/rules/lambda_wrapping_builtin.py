"""``map(lambda x: int(x), xs)`` -> ``map(int, xs)``; likewise ``filter`` and ``key=``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.lambdas import function_slots, simple_lambda, wrappable_builtin


@register
class LambdaWrappingBuiltin(Rule):
    """``lambda x: f(x)`` -> ``f`` where ``f`` is a builtin and the lambda is the function of
    ``map(..., xs)`` (one iterable) or ``filter(..., xs)``, or the ``key=`` of ``sorted``,
    ``min`` or ``max``.

    Each of those calls its function with exactly one positional argument, an item; the lambda
    then calls ``f`` with that same object and returns what ``f`` returned, or lets its
    exception through: calling ``f`` directly does the same, minus a Python frame per item. Its
    identity is unobservable (only the builtin consumer holds it). What must hold: ``f`` is the
    builtin whenever the lambda would have run (never bound in the module, and no ``exec``/
    ``globals()``/``builtins`` that could rebind it, ``builtins_pinned``), ``f`` does not read
    its caller's frame (``eval``, ``vars``, ``locals``... are not on the list), and the
    enclosing function is not on a recursion cycle: one frame less per item changes where a
    deep recursion meets ``RecursionError``.
    """

    id = "lambda-wrapping-builtin"
    description = "Pass a builtin directly instead of a lambda that only calls it."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    inverse = "builtin-to-wrapping-lambda"

    class Transformer(EvidenceTransformer):
        def _wrapped_builtin(self, lam: cst.BaseExpression) -> str | None:
            """``f`` for ``lambda x: f(x)`` with ``f`` an unshadowed frame-free builtin."""
            param = simple_lambda(lam)
            if param is None:
                return None
            body = lam.body
            if not (isinstance(body, cst.Call) and isinstance(body.func, cst.Name)
                    and len(body.args) == 1 and body.args[0].keyword is None
                    and not body.args[0].star and isinstance(body.args[0].value, cst.Name)
                    and body.args[0].value.value == param and body.func.value != param):
                return None
            name = body.func.value
            return name if wrappable_builtin(self.ev, name, lam) else None

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            slots = function_slots(self.ev, original_node)
            if not slots:
                return updated_node
            args = list(updated_node.args)
            for i in slots:
                name = self._wrapped_builtin(original_node.args[i].value)
                if name is not None:
                    args[i] = args[i].with_changes(value=cst.Name(name))
                    self.sites += 1
            return updated_node.with_changes(args=args)
