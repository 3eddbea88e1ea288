"""``map(lambda x: int(x), xs)`` -> ``map(int, xs)``; likewise ``filter`` and ``key=``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.lambdas import simple_lambda

# Builtins whose call does not depend on the frame it is made from (unlike eval, exec, vars,
# locals, dir or super with no argument, which read the caller's variables): called by the
# lambda or directly by map/filter/sorted, they do the same.
_FRAME_FREE = frozenset({
    "abs", "all", "any", "ascii", "bin", "bool", "callable", "chr", "float", "frozenset",
    "hash", "hex", "int", "len", "list", "max", "min", "oct", "ord", "repr", "reversed",
    "round", "set", "sorted", "str", "sum", "tuple", "type",
})
# Where the lambda goes: a builtin that calls it with exactly one positional argument.
_POSITIONAL = frozenset({"map", "filter"})
_KEYED = frozenset({"sorted", "min", "max"})


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
    intent = "faster"

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
            if name not in _FRAME_FREE:
                self.skip(f"{name} is not a builtin known not to read its caller's frame")
                return None
            ev = self.ev
            if not ev.is_builtin(name):
                self.skip(f"{name} is shadowed")
                return None
            if not ev.builtins_pinned():
                self.skip("the module can rebind builtins at run time (exec, globals(), "
                          "builtins, ...)")
                return None
            func = self._enclosing_function(lam)
            if func is not None and not ev.not_recursive(func):
                return None
            return name

        def _enclosing_function(self, node: cst.CSTNode) -> cst.FunctionDef | None:
            current = self.ev.parent(node)
            while current is not None and not isinstance(current, cst.FunctionDef):
                current = self.ev.parent(current)
            return current

        def _consumer(self, call: cst.Call) -> str | None:
            func = call.func
            if not isinstance(func, cst.Name) or any(a.star for a in call.args):
                return None
            if func.value in _POSITIONAL and len(call.args) == 2 and all(
                    a.keyword is None for a in call.args):
                return func.value if self.ev.is_builtin(func.value) else None
            if func.value in _KEYED and any(
                    a.keyword is not None and a.keyword.value == "key" for a in call.args):
                return func.value if self.ev.is_builtin(func.value) else None
            return None

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            if self._consumer(original_node) is None:
                return updated_node
            keyed = original_node.func.value in _KEYED
            args = list(updated_node.args)
            for i, arg in enumerate(original_node.args):
                if keyed != (arg.keyword is not None and arg.keyword.value == "key"):
                    continue
                if not keyed and i != 0:
                    continue
                name = self._wrapped_builtin(arg.value)
                if name is None:
                    continue
                args[i] = args[i].with_changes(value=cst.Name(name))
                self.sites += 1
            return updated_node.with_changes(args=args)
