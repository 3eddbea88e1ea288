"""Fold a local read once, first thing in the next statement, back into it:
``n = len(s)`` + ``return n - 1`` -> ``return len(s) - 1``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ScopeProvider

from ..analysis import BUILTIN_NAMES, assigned_names, uses_dynamic_scope
from ..analysis.intermediates import UNMOVABLE, fits_anywhere, spine, statement_value
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..base import Rule, RuleTransformer
from ..registry import register


def _assigned(line: cst.CSTNode) -> tuple[str, cst.BaseExpression] | None:
    """(name, value) of a line ``name = value`` (one plain target, no annotation)."""
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    small = line.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1 \
            and isinstance(small.targets[0].target, cst.Name):
        return small.targets[0].target.value, small.value
    return None


@register
class InlineIntermediate(Rule):
    """``t = e`` followed by a statement that reads ``t`` first (``return t - 1``,
    ``x = t.strip()``, ``return t``) and nowhere else -> the statement with ``e`` in place of
    ``t``: the inverse of ``name-intermediate``.

    Sound because ``t`` is the first thing the next statement evaluates (its spine,
    ``analysis.intermediates``), so ``e`` is evaluated at the same moment with the same
    effects and exceptions, and the statement then uses the same object. ``t`` must be a local
    of the function bound by this one assignment and read by this one reference (nothing else,
    no closure, no later read, no ``del``), the function must use no ``exec``/``eval``/
    ``locals()``... (which could look the local up), and ``e`` holds no ``yield``, ``await``
    or walrus and no unparenthesized tuple. ``e`` is parenthesized where precedence needs it.
    A comment at the end of the assignment's line would be lost: then it is left alone.
    """

    id = "inline-intermediate"
    description = "Fold a local that the next statement reads first, and only there, into it."
    category = "helpers"
    family = "spelled-out"
    intent = "neutral"
    inverse = "name-intermediate"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider,)

        def visit_Module(self, node: cst.Module) -> None:
            bound = assigned_names(node)
            star = bool(m.findall(node, m.ImportStar()))
            self.builtin = lambda name: name in BUILTIN_NAMES and name not in bound and not star
            self.dynamic: dict[cst.CSTNode, bool] = {}

        def _site(self, first: cst.CSTNode, second: cst.CSTNode) -> cst.Name | None:
            """The reference to replace in ``second`` when ``first`` may be folded into it."""
            assigned = _assigned(first)
            if assigned is None or not isinstance(second, cst.SimpleStatementLine):
                return None
            name, value = assigned
            target = statement_value(second)
            if target is None:
                return None
            leaf = list(spine(target, self.builtin))[-1]
            if not (isinstance(leaf, cst.Name) and leaf.value == name):
                return None
            scope = self.get_metadata(ScopeProvider, first, None)
            if not isinstance(scope, FunctionScope) or not isinstance(scope.node, cst.FunctionDef):
                return None
            if m.findall(value, UNMOVABLE) or (isinstance(value, cst.Tuple) and not value.lpar):
                return self.skip("the value holds yield, await or a walrus, or is a bare tuple") \
                    or None
            if first.trailing_whitespace.comment is not None:
                return self.skip("a comment at the end of the assignment would be lost") or None
            assignments = [a for a in scope.assignments[name] if a.scope is scope]
            references = [r for a in assignments for r in a.references]
            if len(assignments) != 1 or [r.node for r in references] != [leaf] \
                    or len(scope.accesses[name]) != 1:
                return self.skip(f"{name!r} is bound or read elsewhere too") or None
            func = scope.node
            if func not in self.dynamic:
                self.dynamic[func] = uses_dynamic_scope(func)
            if self.dynamic[func]:
                return self.skip(DYNAMIC_FUNCTION) or None
            return leaf

        def _fold(self, original: cst.BaseSuite, updated: cst.BaseSuite):
            body = list(updated.body)
            old = list(original.body)
            if len(body) != len(old):
                return updated
            out, i, changed = [], 0, False
            while i < len(body):
                leaf = self._site(old[i], old[i + 1]) if i + 1 < len(body) else None
                if leaf is None:
                    out.append(body[i])
                    i += 1
                    continue
                value = _assigned(old[i])[1]
                whole = statement_value(old[i + 1]) is leaf
                new = old[i + 1].deep_replace(leaf, value.with_changes(lpar=[], rpar=[])
                                              if whole and not isinstance(value, cst.Tuple)
                                              else fits_anywhere(value))
                out.append(new.with_changes(leading_lines=[*old[i].leading_lines,
                                                           *old[i + 1].leading_lines]))
                self.sites += 1
                changed = True
                i += 2
            return updated.with_changes(body=out) if changed else updated

        def leave_IndentedBlock(self, original_node, updated_node):
            return self._fold(original_node, updated_node)
