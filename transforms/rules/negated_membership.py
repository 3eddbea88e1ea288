"""``not (a in b)`` <-> ``a not in b`` and ``not (a is b)`` <-> ``a is not b``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import PositionProvider

from ..analysis import is_multiline, replace_expression
from ..base import Rule, RuleTransformer
from ..registry import register

_POSITIVE = {cst.In: cst.NotIn, cst.Is: cst.IsNot}
_NEGATIVE = {v: k for k, v in _POSITIVE.items()}
_SINGLE = m.Comparison(comparisons=[m.ComparisonTarget(operator=m.In() | m.Is())])


@register
class NegatedMembership(Rule):
    """``not (a in b)`` -> ``a not in b``, ``not (a is b)`` -> ``a is not b``. Never back:
    ``not a in b`` is what linters flag (E713), noise no one writes.

    Python defines ``x not in y`` as ``not (x in y)`` and ``x is not y`` as ``not (x is y)``:
    ``__contains__`` runs once and its result is converted to bool once in both forms, and
    ``is`` runs no user code. Only these two operators: ``not a == b`` is *not* ``a != b``
    (``__ne__`` may be defined independently), nor ``not a < b`` ``a >= b`` (NaN). Single
    comparisons only (never chains). The ``not`` form binds looser than a comparison, so it
    gets parentheses whenever the comparison had them.
    """

    id = "negated-membership"
    description = "Rewrite `not (a in b)` as `a not in b` (and `not (a is b)` as `a is not b`)."
    category = "expression"
    family = "expression"
    intent = "neutral"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (PositionProvider,)

        def visit_Module(self, node: cst.Module) -> None:
            self.lines = node.code.splitlines()

        def _replace(self, original, new):
            where = self.get_metadata(PositionProvider, original, None)
            return replace_expression(original, new, self.lines, where)

        def leave_UnaryOperation(self, original_node, updated_node):
            inner = updated_node.expression
            if not (isinstance(updated_node.operator, cst.Not) and m.matches(inner, _SINGLE)):
                if isinstance(updated_node.operator, cst.Not) and m.matches(
                        inner, m.Comparison(comparisons=[m.AtLeastN(n=2)])):
                    self.skip("a chained comparison")
                return updated_node
            link = inner.comparisons[0]
            op = link.operator
            self.sites += 1
            flipped = _POSITIVE[type(op)](whitespace_before=op.whitespace_before,
                                          whitespace_after=op.whitespace_after)
            # parentheses around a comparison broken over lines must stay
            lpar = updated_node.lpar or (inner.lpar if is_multiline(inner) else [])
            rpar = updated_node.rpar or (inner.rpar if lpar else [])
            new = inner.with_changes(comparisons=[link.with_changes(operator=flipped)],
                                     lpar=lpar, rpar=rpar)
            return self._replace(original_node, new)
