"""Negate an ``if`` condition and swap its two branches."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.syntax import NOT_A_COMPARISON, natural_negation
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register


@register
class SwapIfElse(Rule):
    """``if not c: A else: B`` -> ``if c: B else: A``, and ``if c: A else: B`` -> ``if not (c):
    B else: A`` (``a in b`` becomes ``a not in b``, ``a is b`` ``a is not b``).

    Sound everywhere: ``if`` calls ``bool()`` on its condition exactly once, and so does ``not``,
    so the condition is evaluated once, its ``__bool__`` is called once, and the branch taken is
    the same; ``not in`` and ``is not`` are defined as the negations. No other comparison is
    ever flipped (``not a < b`` is not ``a >= b`` with NaN), and none is wrapped in ``not``
    either (``if not a == b:`` is noise no one writes): then the rule does not fire. Fires only on an ``if``/``elif`` with a plain
    ``else:`` (an ``elif`` chain would need its tail re-nested), which must be non-empty.
    """

    id = "swap-if-else"
    description = "Negate an if condition and swap its then/else branches."
    category = "control-flow"
    family = "control-flow"
    intent = "neutral"

    class Transformer(EvidenceTransformer):
        def leave_If(self, original_node: cst.If, updated_node: cst.If) -> cst.If:
            if not isinstance(updated_node.orelse, cst.Else):
                if updated_node.orelse is not None:
                    self.skip("an elif chain (its tail would need re-nesting)")
                return updated_node
            new_test = natural_negation(updated_node.test, self.complement_is_exact,
                                        original_node.test)
            if new_test is None:
                self.skip(NOT_A_COMPARISON)
                return updated_node
            self.sites += 1
            return updated_node.with_changes(
                test=new_test,
                whitespace_before_test=cst.SimpleWhitespace(" "),  # `if(x):` had none
                body=updated_node.orelse.body,
                orelse=updated_node.orelse.with_changes(body=updated_node.body),
            )
