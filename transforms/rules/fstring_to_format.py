"""Rewrite an f-string as ``str.format``: ``f"a{x!r:>4}"`` -> ``"a{!r:>4}".format(x)``."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import FunctionScope, ParentNodeProvider, ScopeProvider

from ..analysis import bound_before, global_nonlocal_names, is_literal, uses_dynamic_scope
from ..base import Rule, RuleTransformer
from ..registry import register

_PAREN = {"lpar": [cst.LeftParen()], "rpar": [cst.RightParen()]}


def _field(part: cst.FormattedStringExpression) -> str | None:
    """The ``str.format`` replacement field for one f-string field, or None if it has none
    (``=`` debugging, nested fields in the spec, escapes)."""
    if part.equal is not None:
        return None
    spec = ""
    if part.format_spec is not None:
        for piece in part.format_spec:
            if not isinstance(piece, cst.FormattedStringText) or "\\" in piece.value:
                return None
            spec += piece.value
    conversion = f"!{part.conversion}" if part.conversion else ""
    return "{" + conversion + (":" + spec if part.format_spec is not None else "") + "}"


@register
class FStringToFormat(Rule):
    """``f"a{x}b{y!r:>4}"`` -> ``"a{}b{!r:>4}".format(x, y)``.

    Both forms convert each value (``!r``/``!s``/``!a``) and call ``format(value, spec)`` in
    field order, and ``{{``/``}}`` escapes mean the same in both. The difference is *when*
    operands are evaluated: the f-string interleaves evaluating and formatting, ``.format``
    evaluates every argument first. So with one field any expression is fine; with several,
    every field must be a literal or a parameter of the enclosing function (always bound, and
    no ``__format__`` can rebind it: no ``global``/``nonlocal``/``del``/``exec`` in the
    function). Not rewritten: ``{x=}``, nested fields in a spec (``{x:{w}}``), backslashes in
    the literal text (escapes are decoded before ``.format`` parses braces: ``\\x7b`` is
    ``{``), f-strings inside an implicit concatenation, f-strings without fields.
    """

    id = "fstring-to-format"
    description = "Rewrite an f-string as a str.format call."
    category = "expression"
    family = "api-substitution"
    intent = "neutral"
    inverse = "format-to-fstring"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

        def _stable(self, node: cst.FormattedString, exprs) -> bool:
            if len(exprs) == 1:
                return True
            scope = self.get_metadata(ScopeProvider, node, None)
            if not isinstance(scope, FunctionScope) or not isinstance(scope.node, cst.FunctionDef):
                return self.skip("several fields outside a function")
            func = scope.node
            if uses_dynamic_scope(func) or global_nonlocal_names(func):
                return self.skip("several fields in a function with exec/eval/locals() "
                                 "or global/nonlocal")
            params = bound_before(func, 0)
            return all(is_literal(e) or (isinstance(e, cst.Name) and e.value in params)
                       for e in exprs) or self.skip(
                "several fields, not all literals or parameters (formatting one could change "
                "another)")

        def leave_FormattedString(self, original_node, updated_node):
            if isinstance(self.get_metadata(ParentNodeProvider, original_node, None),
                          cst.ConcatenatedString):
                self.skip("part of an implicitly concatenated string")
                return updated_node
            text, exprs = "", []
            for part in updated_node.parts:
                if isinstance(part, cst.FormattedStringText):
                    if "\\" in part.value:
                        self.skip("a backslash in the text")
                        return updated_node
                    text += part.value
                    continue
                field = _field(part)
                if field is None:
                    self.skip("a field with `=`, or a nested or escaped format spec")
                    return updated_node
                text += field
                exprs.append(part.expression)
            if not exprs or not self._stable(original_node, [
                    p.expression for p in original_node.parts
                    if isinstance(p, cst.FormattedStringExpression)]):
                return updated_node
            prefix = updated_node.start[:-len(updated_node.end)].replace("f", "").replace("F", "")
            literal = cst.SimpleString(prefix + updated_node.end + text + updated_node.end)
            args = []
            for e in exprs:
                # `f"{a, b}"` formats one tuple; as call arguments it would be two values
                if isinstance(e, (cst.Tuple, cst.GeneratorExp, cst.NamedExpr)) and not e.lpar:
                    e = e.with_changes(**_PAREN)
                args.append(cst.Arg(value=e))
            self.sites += 1
            return cst.Call(func=cst.Attribute(value=literal, attr=cst.Name("format")), args=args,
                            lpar=updated_node.lpar, rpar=updated_node.rpar)
