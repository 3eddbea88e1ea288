"""Negate an ``if`` condition and swap its two branches."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.syntax import _ATOMIC, is_multiline, negate
from ..base import Rule, RuleTransformer
from ..registry import register


@register
class SwapIfElse(Rule):
    """``if not c: A else: B`` -> ``if c: B else: A``, and ``if c: A else: B`` -> ``if not (c):
    B else: A``.

    Sound everywhere: ``if`` calls ``bool()`` on its condition exactly once, and so does ``not``,
    so the condition is evaluated once, its ``__bool__`` is called once, and the branch taken is
    the same. No comparison is ever flipped (``not a < b`` is not ``a >= b`` with NaN); the
    condition is wrapped in ``not`` as it is. Fires only on an ``if``/``elif`` with a plain
    ``else:`` (an ``elif`` chain would need its tail re-nested), which must be non-empty.
    """

    id = "swap-if-else"
    description = "Negate an if condition and swap its then/else branches."
    category = "control-flow"
    family = "control-flow"
    intent = "neutral"

    class Transformer(RuleTransformer):
        def leave_If(self, original_node: cst.If, updated_node: cst.If) -> cst.If:
            if not isinstance(updated_node.orelse, cst.Else):
                if updated_node.orelse is not None:
                    self.skip("an elif chain (its tail would need re-nesting)")
                return updated_node
            test = updated_node.test
            if m.matches(test, m.UnaryOperation(operator=m.Not())) and not test.lpar:
                new_test = test.expression
                if new_test.lpar and isinstance(new_test, _ATOMIC) and not is_multiline(new_test):
                    # ``not (x)`` -> ``x``: keep source as-is otherwise (walrus, lambda need them)
                    new_test = new_test.with_changes(lpar=[], rpar=[])
            else:
                new_test = negate(test)
            self.sites += 1
            return updated_node.with_changes(
                test=new_test,
                whitespace_before_test=cst.SimpleWhitespace(" "),  # `if(x):` had none
                body=updated_node.orelse.body,
                orelse=updated_node.orelse.with_changes(body=updated_node.body),
            )
