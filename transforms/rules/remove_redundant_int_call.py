"""``int(round(x))`` -> ``round(x)``: the inner call already returns an exact int."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.numeric import RicherEvidence
from ..analysis.stdlib import math_call
from ..analysis.types import INT
from ..base import Rule
from ..registry import register

_NUMERIC = frozenset({"int", "bool", "float", "number"})


def _one_positional(call: cst.Call) -> cst.BaseExpression | None:
    if len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star:
        return call.args[0].value
    return None


@register
class RemoveRedundantIntCall(Rule):
    """``int(e)`` -> ``e`` where ``e`` is a call that returns an exact int: ``round(x)`` (one
    argument) or ``math.floor``/``math.ceil``/``math.trunc`` of ``x`` a builtin int, bool or
    float (a Python 2 habit: there they returned floats), or ``len(s)`` of anything.

    ``int()`` of an exact int returns that same object, so the call only costs time: the
    value, its identity and any exception (``round(nan)``'s ``ValueError``, ``math.floor(inf)``'s
    ``OverflowError``, ``len``'s ``TypeError``) are the inner call's either way, raised before
    ``int`` would run. On a builtin number ``round``, ``floor``, ``ceil`` and ``trunc`` call the
    builtin ``__round__``/``__floor__``/``__ceil__``/``__trunc__``, which return exact ints
    (``round(True)`` is ``1``), and ``len()`` always builds an exact int. ``int``, ``round``
    and ``len`` must be the builtins whenever the code runs (``real_builtin``), ``math`` the
    stdlib module (``analysis.stdlib.math_call``); the number's type is evidence, often the
    seed's domain (an object with its own ``__round__`` may return anything).

    Intent "faster": one builtin call less (HumanEval/77's ``int(round(a ** (1. / 3)))``:
    1.20x by instruction counts).
    """

    id = "remove-redundant-int-call"
    description = "Drop int() around round()/math.floor()/ceil()/trunc()/len(), already ints."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # the number's type may come from the seed's domain

    class Transformer(EvidenceTransformer):
        EVIDENCE = RicherEvidence

        def _exact_int(self, inner: cst.BaseExpression) -> bool:
            """``inner`` is a call that returns an exact int (or raises). Says why not."""
            if not isinstance(inner, cst.Call):
                return False
            ev = self.ev
            if isinstance(inner.func, cst.Attribute):
                return math_call(ev, inner) == INT or ev.skip(
                    "no evidence the math call's argument is a builtin number")
            if not isinstance(inner.func, cst.Name) or inner.func.value not in ("round", "len"):
                return False
            arg = _one_positional(inner)
            if arg is None:
                return False  # round(x, n) returns x's type
            if not ev.real_builtin(inner.func.value):
                return False
            if inner.func.value == "len":
                return True
            return self._number(arg) or ev.skip(
                "no evidence round()'s argument is a builtin number")

        def _number(self, e: cst.BaseExpression) -> bool:
            """``e`` is a builtin int, bool or float, or a power of two such, which may also be
            a complex (``(-8) ** (1 / 3)``): ``round`` of a complex raises ``TypeError`` before
            ``int`` would run, so that needs no telling apart."""
            t = self.ev.type_of(e)
            if t is not None and t.kind in _NUMERIC:
                return True
            return isinstance(e, cst.BinaryOperation) and isinstance(e.operator, cst.Power) \
                and self._number(e.left) and self._number(e.right)

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            if not (isinstance(original_node.func, cst.Name) and original_node.func.value == "int"):
                return updated_node
            inner = _one_positional(original_node)
            if inner is None or not self._exact_int(inner) or not self.ev.real_builtin("int"):
                return updated_node
            self.sites += 1
            return updated_node.args[0].value.with_changes(lpar=updated_node.lpar,
                                                           rpar=updated_node.rpar)
