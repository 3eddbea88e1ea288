"""Rewrite ``"a{}b{!r:>4}".format(x, y)`` as the f-string ``f"a{x}b{y!r:>4}"``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, PositionProvider, ScopeProvider

from ..analysis import bound_before, global_nonlocal_names, replace_expression, uses_dynamic_scope
from ..base import Rule, RuleTransformer
from ..registry import register

_CALL = m.Call(func=m.Attribute(value=m.SimpleString(), attr=m.Name("format")))


def split_fields(body: str) -> list[str | tuple[str, str]] | None:
    """Split a format string's source text into literal text and ``(conversion, spec)`` for
    each auto-numbered field; None for anything else (named/numbered fields, nested fields,
    unbalanced braces)."""
    out: list[str | tuple[str, str]] = []
    i = 0
    while i < len(body):
        c = body[i]
        if c in "{}" and body[i + 1:i + 2] == c:
            out.append(c + c)
            i += 2
        elif c == "}":
            return None
        elif c == "{":
            j = body.find("}", i)
            if j < 0 or "{" in body[i + 1:j]:
                return None
            inner = body[i + 1:j]
            conversion = ""
            if inner.startswith("!"):
                conversion, inner = inner[:2], inner[2:]
                if conversion[1:] not in ("r", "s", "a"):
                    return None
            if inner and not inner.startswith(":"):
                return None  # a field name or index
            out.append((conversion, inner))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return out


def _dotted(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.Attribute):
        return _dotted(expr.value)
    return isinstance(expr, cst.Name) and not expr.lpar


@register
class FormatToFString(Rule):
    """``"a{}b{!r:>4}".format(x, y)`` -> ``f"a{x}b{y!r:>4}"``.

    Both convert each value (``!r``/``!s``/``!a``) and call ``format(value, spec)`` in field
    order; ``{{``/``}}`` mean the same. ``.format`` evaluates all arguments before formatting,
    the f-string interleaves, so: with one field the argument may be a name or a dotted
    attribute (evaluated, then formatted, in both); with several, every argument must be a
    parameter of the enclosing function (bound, and not rebindable by a ``__format__``: no
    ``global``/``nonlocal``/``del``/``exec`` there). Only plain auto-numbered fields ``{}``
    (no ``{0}``/``{name}``/nested ``{:{}}``), as many as positional arguments; the literal has
    no backslash (escapes are decoded before ``.format`` sees braces) and no ``b``/``u``
    prefix.
    """

    id = "format-to-fstring"
    description = "Rewrite a str.format call on a literal as an f-string."
    category = "expression"
    family = "api-substitution"
    intent = "neutral"
    inverse = "fstring-to-format"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, PositionProvider)

        def visit_Module(self, node: cst.Module) -> None:
            self.lines = node.code.splitlines()

        def _params(self, node: cst.CSTNode) -> set[str]:
            scope = self.get_metadata(ScopeProvider, node, None)
            if not isinstance(scope, FunctionScope) or not isinstance(scope.node, cst.FunctionDef):
                return set()
            func = scope.node
            if uses_dynamic_scope(func) or global_nonlocal_names(func):
                return set()
            return bound_before(func, 0)

        def leave_Call(self, original_node, updated_node):
            if not m.matches(original_node, _CALL):
                return updated_node
            literal: cst.SimpleString = original_node.func.value
            prefix = literal.prefix.lower()
            if prefix not in ("", "r") or literal.lpar or "\\" in literal.value:
                self.skip("a prefixed, parenthesized or escaped format string")
                return updated_node
            quote = literal.quote
            body = literal.value[len(literal.prefix) + len(quote):-len(quote)]
            pieces = split_fields(body)
            args = original_node.args
            if pieces is None or any(a.star or a.keyword is not None for a in args):
                self.skip("named, numbered or nested fields, or starred/keyword arguments")
                return updated_node
            fields = [p for p in pieces if isinstance(p, tuple)]
            if not fields or len(fields) != len(args):
                self.skip("fields and arguments differ in number")
                return updated_node
            values = [a.value for a in args]
            if len(values) == 1:
                if not _dotted(values[0]):
                    self.skip("the argument is not a plain or dotted name")
                    return updated_node
            else:
                params = self._params(original_node)
                if not all(isinstance(v, cst.Name) and v.value in params for v in values):
                    self.skip("several arguments, not all parameters of a plain function "
                              "(formatting one could change another)")
                    return updated_node
            module = cst.Module(body=[])
            text, k = "", 0
            for piece in pieces:
                if isinstance(piece, tuple):
                    text += "{" + module.code_for_node(values[k]) + piece[0] + piece[1] + "}"
                    k += 1
                else:
                    text += piece
            try:
                new = cst.parse_expression(literal.prefix + "f" + quote + text + quote)
            except cst.ParserSyntaxError:
                self.skip("the f-string would not parse")
                return updated_node
            self.sites += 1
            where = self.get_metadata(PositionProvider, original_node, None)
            return replace_expression(original_node, new, self.lines, where)  # `return"{}"...`
