"""Give the first part a statement computes a name of its own: ``n = len(s)`` + ``return n - 1``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ScopeProvider

from ..analysis import BUILTIN_NAMES, NameAllocator, assigned_names, uses_dynamic_scope
from ..analysis.intermediates import statement_value, to_name
from ..analysis.naming import describe
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..analysis.syntax import moved_out
from ..base import Rule, RuleTransformer
from ..registry import register


@register
class NameIntermediate(Rule):
    """``return len(s) - s.count(c)`` -> ``length = len(s)`` + ``return length - s.count(c)``
    (likewise the value of ``x = ...``): one intermediate per function, named for what it
    computes.

    Sound because the part named is the first thing the statement evaluates (its *spine*,
    ``analysis.intermediates``: the left operand, a call's function, an attribute's object; a
    builtin's first argument, since looking a builtin up can neither fail nor run code):
    computing it one statement earlier, in the same block, runs the same code in the same
    order with the same effects and exceptions, and the rest of the statement then reads the
    same object. The new name is fresh in the module, so it shadows nothing; the function uses
    no ``exec``/``eval``/``locals()``/``super()``..., which could see the new local. Nothing
    holding ``yield``, ``await`` or a walrus is moved. Only statements directly in a function
    (not in a class body), a one-statement line, and never the whole value (``t = e; return
    t`` is noise).
    """

    id = "name-intermediate"
    description = "Compute the first part of a statement into a named local just before it."
    category = "helpers"
    family = "spelled-out"
    intent = "neutral"
    inverse = "inline-intermediate"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider,)

        def visit_Module(self, node: cst.Module) -> None:
            self.names = NameAllocator(node, taken=self.protected, rng=self.rng)
            bound = assigned_names(node)
            star = bool(m.findall(node, m.ImportStar()))
            self.builtin = lambda name: name in BUILTIN_NAMES and name not in bound and not star
            self.todo: dict[cst.SimpleStatementLine, tuple[cst.BaseExpression, str]] = {}
            self.done: set[cst.FunctionDef] = set()

        def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
            scope = self.get_metadata(ScopeProvider, node, None)
            if not isinstance(scope, FunctionScope) or not isinstance(scope.node, cst.FunctionDef):
                return
            func = scope.node
            if func in self.done:
                return  # one intermediate per function
            part = to_name(statement_value(node), self.builtin)
            if part is None:
                return
            if uses_dynamic_scope(func):
                self.skip(DYNAMIC_FUNCTION)
                self.done.add(func)
                return
            what = describe(part)
            if what == "value":
                return
            self.done.add(func)
            self.todo[node] = (part, self.names.fresh(what))

        def leave_SimpleStatementLine(self, original_node, updated_node):
            job = self.todo.get(original_node)
            if job is None:
                return updated_node
            part, name = job
            # Nothing inside a one-statement line holds another site: the original's parts are
            # the ones to move.
            rest = original_node.deep_replace(part, cst.Name(name))
            assign = cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(name))],
                                 value=moved_out(part, unparenthesize=True))],
                leading_lines=original_node.leading_lines)
            self.sites += 1
            return cst.FlattenSentinel([assign, rest.with_changes(leading_lines=[])])
