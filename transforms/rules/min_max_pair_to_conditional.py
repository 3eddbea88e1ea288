"""``min(a, b)`` -> ``b if b < a else a``; ``max(a, b)`` -> ``b if b > a else a``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import certainly_bound, local_only
from ..analysis.scopes import DYNAMIC_FUNCTION

_OPERATOR = {"min": cst.LessThan, "max": cst.GreaterThan}
# Parents under which a conditional expression needs no parentheses of its own.
_LOOSE_PARENTS = (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Return)


def _literal(e: cst.BaseExpression) -> bool:
    """A number, string or constant name, or a negated number: reading it twice is free."""
    if isinstance(e, cst.UnaryOperation) and isinstance(e.operator, cst.Minus):
        e = e.expression
    return (isinstance(e, (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString))
            or isinstance(e, cst.Name) and e.value in ("True", "False", "None"))


@register
class MinMaxPairToConditional(Rule):
    """``min(a, b)`` -> ``b if b < a else a`` and ``max(a, b)`` -> ``b if b > a else a``, for
    two positional arguments that are plain locals or literals.

    The builtin walks its arguments in order and replaces the current best by a later item
    only when ``item < best`` (``>`` for ``max``) is true: with two arguments it computes
    ``b < a`` once, takes its truth with ``bool()`` as ``if`` does, and returns ``b`` if true,
    else ``a`` (the first of equal items, NaN kept where it stands). The conditional does the
    same comparison on the same objects, in the same operand order, so the same dunders run
    (``b.__lt__(a)``, then the reflected ``a.__gt__(b)``) with the same errors; it only skips
    the call of the builtin and the tuple of arguments. What must hold:

    - ``min``/``max`` are the unshadowed builtins, called with exactly two positional
      arguments (one argument is an iterable, keywords add ``key``/``default``);
    - each argument is a literal or a plain local of the enclosing function that no nested
      function, lambda or comprehension sees (``local_only``): the conditional reads ``a``
      again *after* the comparison, and only a closure could rebind a local in between;
    - one of the two is a literal or certainly bound (``certainly_bound``): the builtin reads
      ``a`` first, the conditional ``b`` first, so with both unbound the ``UnboundLocalError``
      would name the other variable;
    - the function uses no ``locals()``/``exec``/frames, and is on no recursion cycle of the
      module: on CPython 3.11 the call of ``min`` is itself a level of the recursion limit,
      so a recursion running through the comparison's dunders would meet ``RecursionError``
      one level per round later.
    """

    id = "min-max-pair-to-conditional"
    description = "Replace min/max of two locals by a conditional expression (no builtin call)."
    category = "performance"
    intent = "faster"

    class Transformer(EvidenceTransformer):
        def _operands_ok(self, call: cst.Call) -> bool:
            ev = self.ev
            name = call.func.value
            if not ev.is_builtin(name):
                return self.skip(f"{name} is shadowed")
            func = ev.function_of(call)
            if func is None:
                return self.skip("not in a function's own scope")
            if not ev.simple_function(func):
                return self.skip(DYNAMIC_FUNCTION)
            if not ev.not_recursive(func):
                return False
            scope = ev.scopes.get(call)
            bound = None
            settled = False
            for arg in call.args:
                value = arg.value
                if _literal(value):
                    settled = True
                    continue
                if not isinstance(value, cst.Name):
                    return self.skip("an argument is not a plain local or a literal "
                                     "(reading it twice could run code twice)")
                if not scope.assignments[value.value]:
                    return self.skip(f"{value.value!r} is not a local (a global can change "
                                     "while the comparison runs)")
                if not local_only(ev, func, scope, value.value):
                    return False
                if bound is None:
                    bound = certainly_bound(ev, func, call)
                settled = settled or value.value in bound
            return settled or self.skip(
                "neither argument is certainly bound (an UnboundLocalError would name the "
                "other variable)")

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            func = original_node.func
            if not (isinstance(func, cst.Name) and func.value in _OPERATOR):
                return updated_node
            args = original_node.args
            if len(args) != 2 or any(a.keyword is not None or a.star for a in args):
                return updated_node
            if not self._operands_ok(original_node):
                return updated_node
            first, second = (a.value.with_changes(lpar=[], rpar=[])
                             for a in updated_node.args)
            test = cst.Comparison(left=second, comparisons=[cst.ComparisonTarget(
                operator=_OPERATOR[func.value](), comparator=first)])
            parent = self.ev.parent(original_node)
            loose = isinstance(parent, _LOOSE_PARENTS) or (
                isinstance(parent, cst.Arg) and not parent.star)
            parens = ([cst.LeftParen()], [cst.RightParen()]) if not loose else ([], [])
            self.sites += 1
            return cst.IfExp(test=test, body=second, orelse=first,
                             lpar=updated_node.lpar or parens[0],
                             rpar=updated_node.rpar or parens[1])
