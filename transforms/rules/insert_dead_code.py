"""Insert a statement that does nothing into every function body."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import NameAllocator, uses_dynamic_scope
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..base import Rule, RuleTransformer
from ..registry import register

_DOCSTRING = m.SimpleStatementLine(body=[m.Expr(value=m.SimpleString() | m.ConcatenatedString())])
_UNWRAPPABLE = m.SimpleStatementLine(body=[m.AtLeastN(m.Global() | m.Nonlocal(), n=1)])


@register
class InsertDeadCode(Rule):
    """Add one do-nothing statement to each function, at a position drawn from ``self.rng``:
    ``pass``, ``if False:`` with an assignment to a fresh name, an unused fresh local
    (``name = None``), or wrap one existing statement in ``if True:``.

    Sound: none of these changes what runs. The names they introduce are fresh in the whole
    module, so no global or free variable becomes local (an assignment under ``if False:``
    still makes its name local to the compiler); nothing adds ``yield``/``await`` (the function
    kind is unchanged); the docstring stays the first statement; ``global``/``nonlocal``
    declarations are never wrapped. Not in functions using ``exec``/``eval``/``locals()``...,
    which could see the new local; not at module or class level.
    """

    id = "insert-dead-code"
    description = "Insert a no-op statement (pass, if False, unused local, if True guard)."
    category = "dead-code"
    family = "dead-code"
    intent = "neutral"

    class Transformer(RuleTransformer):
        def visit_Module(self, node: cst.Module) -> None:
            self.names = NameAllocator(node, taken=self.protected, rng=self.rng)

        def leave_FunctionDef(self, original_node, updated_node):
            if uses_dynamic_scope(original_node):
                self.skip(DYNAMIC_FUNCTION)
                return updated_node
            body = updated_node.body
            if isinstance(body, cst.SimpleStatementSuite):
                body = cst.IndentedBlock(body=[cst.SimpleStatementLine(body=body.body)])
            stmts = list(body.body)
            start = 1 if stmts and m.matches(stmts[0], _DOCSTRING) else 0
            wrappable = [i for i in range(start, len(stmts))
                         if not m.matches(stmts[i], _UNWRAPPABLE)]
            kind = self.rng.choice(["pass", "if-false", "unused", "if-true"] if wrappable
                                   else ["pass", "if-false", "unused"])
            if kind == "if-true":
                i = self.rng.choice(wrappable)
                stmt = stmts[i]
                guarded = cst.If(test=cst.Name("True"), body=cst.IndentedBlock(
                    body=[stmt.with_changes(leading_lines=())]),
                    leading_lines=stmt.leading_lines)
                stmts[i] = guarded
            else:
                i = self.rng.randint(start, len(stmts))
                if kind == "pass":
                    new = cst.parse_statement("pass\n")
                elif kind == "if-false":
                    new = cst.parse_statement(f"if False:\n    {self.names.fresh()} = 0\n")
                else:
                    new = cst.parse_statement(f"{self.names.fresh()} = None\n")
                stmts.insert(i, new)
            self.sites += 1
            return updated_node.with_changes(body=body.with_changes(body=stmts))
