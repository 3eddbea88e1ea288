"""``min(a, b)`` -> ``b if b < a else a``; ``max(a, b)`` -> ``b if b > a else a``."""

from __future__ import annotations

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.minmax import OPERATOR, operands_ok

# Parents under which a conditional expression needs no parentheses of its own.
_LOOSE_PARENTS = (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Return)


@register
class MinMaxPairToConditional(Rule):
    """``min(a, b)`` -> ``b if b < a else a`` and ``max(a, b)`` -> ``b if b > a else a``, for
    two positional arguments that are plain locals or literals.

    The builtin computes ``b < a`` once (``>`` for ``max``) and returns ``b`` if it is true,
    else ``a``; the conditional makes the same comparison in the same operand order and skips
    the call and the tuple of arguments (``analysis.minmax`` gives the argument). What must
    hold (``minmax.operands_ok``):

    - ``min``/``max`` are the builtins whenever the code runs, called with exactly two
      positional arguments (one argument is an iterable, keywords add ``key``/``default``);
    - each argument is a literal or a plain local of the enclosing function that no nested
      function, lambda or comprehension sees: the conditional reads ``a`` again *after* the
      comparison, and only a closure could rebind a local in between;
    - one of the two is a literal or certainly bound: the builtin reads ``a`` first, the
      conditional ``b`` first, so with both unbound the ``UnboundLocalError`` would name the
      other variable;
    - the function uses no ``locals()``/``exec``/frames, and is on no recursion cycle of the
      module: on CPython 3.11 the call of ``min`` is itself a level of the recursion limit,
      so a recursion running through the comparison's dunders would meet ``RecursionError``
      one level per round later.
    """

    id = "min-max-pair-to-conditional"
    description = "Replace min/max of two locals by a conditional expression (no builtin call)."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    inverse = "conditional-to-min-max"

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            func = original_node.func
            if not (isinstance(func, cst.Name) and func.value in OPERATOR):
                return updated_node
            args = original_node.args
            if len(args) != 2 or any(a.keyword is not None or a.star for a in args):
                return updated_node
            if not operands_ok(self.ev, original_node, func.value, [a.value for a in args]):
                return updated_node
            first, second = (a.value.with_changes(lpar=[], rpar=[])
                             for a in updated_node.args)
            test = cst.Comparison(left=second, comparisons=[cst.ComparisonTarget(
                operator=OPERATOR[func.value](), comparator=first)])
            parent = self.ev.parent(original_node)
            loose = isinstance(parent, _LOOSE_PARENTS) or (
                isinstance(parent, cst.Arg) and not parent.star)
            parens = ([cst.LeftParen()], [cst.RightParen()]) if not loose else ([], [])
            self.sites += 1
            return cst.IfExp(test=test, body=second, orelse=first,
                             lpar=updated_node.lpar or parens[0],
                             rpar=updated_node.rpar or parens[1])
