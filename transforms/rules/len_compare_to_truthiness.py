"""``len(x) == 0`` -> ``not x`` (and ``len(x) > 0`` -> ``x`` in a condition) for builtin containers."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.conditions import in_condition
from ..analysis.evidence import sized
from ..analysis.syntax import wrap
from ..analysis import keep_lines_together
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register


# (operator, constant) pairs of ``len(x) OP constant`` meaning "x is empty" / "x is non-empty".
_EMPTY = {(cst.Equal, "0"), (cst.LessThan, "1"), (cst.LessThanEqual, "0")}
_NONEMPTY = {(cst.NotEqual, "0"), (cst.GreaterThan, "0"), (cst.GreaterThanEqual, "1")}
# The same tests written ``constant OP len(x)``.
_EMPTY_FLIPPED = {(cst.Equal, "0"), (cst.GreaterThan, "1"), (cst.GreaterThanEqual, "0")}
_NONEMPTY_FLIPPED = {(cst.NotEqual, "0"), (cst.LessThan, "0"), (cst.LessThanEqual, "1")}


@register
class LenCompareToTruthiness(Rule):
    """``len(x) == 0`` -> ``not x``, and ``len(x) > 0`` -> ``x`` where only its truth is used.

    Sound when ``x`` is known to be a str, bytes, list, tuple, dict, set or frozenset (literal,
    annotation, builtin constructor, str method...): the truth value of these is defined as
    ``len(x) != 0``, and neither ``len`` nor ``bool`` can raise on them. ``not x`` is a bool like
    ``len(x) == 0``, so the empty test is rewritten anywhere; the non-empty test would turn a
    bool into the container itself, so it is rewritten only where nothing but its truth value
    is observed (an if/while/assert/ternary test, under ``not``, or inside and/or that are
    themselves such a test). ``x`` is evaluated once in both forms. Not applied without
    evidence (a numpy array raises on ``bool``; a user class may lack ``__len__`` or define
    ``__bool__`` differently), to ``range`` (``len`` overflows where ``bool`` does not), to
    chained comparisons, or when ``len`` is rebound anywhere in the module.
    """

    id = "len-compare-to-truthiness"
    description = "Test emptiness of a builtin container by truthiness instead of len()."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "truthiness-to-len-compare"

    class Transformer(EvidenceTransformer):
        def _len_arg(self, node: cst.BaseExpression) -> cst.BaseExpression | None:
            if (self.ev.is_builtin_call(node, "len") and len(node.args) == 1
                    and not node.args[0].star and node.args[0].keyword is None
                    and sized(self.ev, node.args[0].value)):
                return node.args[0].value
            if m.matches(node, m.Call(func=m.Name("len"))) and not self.ev.is_builtin("len"):
                self.skip("len is shadowed")
            return None

        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.Comparison) -> cst.BaseExpression:
            if len(original_node.comparisons) != 1:
                return updated_node
            target = original_node.comparisons[0]
            op = type(target.operator)
            if isinstance(target.comparator, cst.Integer) and self._len_arg(original_node.left):
                key, empty, nonempty = (op, target.comparator.value), _EMPTY, _NONEMPTY
                arg = updated_node.left.args[0].value
            elif isinstance(original_node.left, cst.Integer) and self._len_arg(target.comparator):
                key, empty, nonempty = (op, original_node.left.value), _EMPTY_FLIPPED, _NONEMPTY_FLIPPED
                arg = updated_node.comparisons[0].comparator.args[0].value
            else:
                return updated_node
            if key in empty:
                new = cst.UnaryOperation(operator=cst.Not(), expression=wrap(arg))
            elif key in nonempty and in_condition(self.ev, original_node):
                new = wrap(arg)
            else:
                if key in nonempty:
                    self.skip("not in a condition (the container itself, not a bool, would result)")
                return updated_node
            self.sites += 1
            new = keep_lines_together(new)  # `len(a +\n b)` loses the call's brackets
            if updated_node.lpar:
                if new.lpar:
                    return new
                return new.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)
            return new
