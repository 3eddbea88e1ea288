"""``"db" + s + "db"`` -> ``f"db{s}db"`` when every piece is a str."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.fstrings import field_text, inside_fstring
from ..analysis.types import STR
from ..base import Rule
from ..registry import register

# Text a literal piece may carry into the f-string as it is (printable, and no braces,
# escapes or quotes).
_PLAIN_TEXT = frozenset("{}\\'\"\n\r")


def _pieces(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The operands of a left-nested ``a + b + c`` chain, left to right (parenthesized
    sub-sums stay one piece)."""
    if (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add)
            and not node.lpar):
        return [*_pieces(node.left), node.right]
    return [node]


def _literal_text(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.SimpleString) and not set(node.prefix.lower()) & {"b", "r"}:
        value = node.evaluated_value
        if isinstance(value, str) and value.isprintable() and not _PLAIN_TEXT & set(value):
            return value
    return None


@register
class ConcatToFString(Rule):
    """``"db" + s + "db"`` -> ``f"db{s}db"``, ``a + "." + b`` -> ``f"{a}.{b}"``: a chain of
    ``+`` whose every piece is known to be an exact str, with at least one str literal and one
    other piece, or at least three pieces.

    Adding exact strs concatenates them, and an exact str formats in a field as itself
    (``format(s, "")`` is ``s``): the same text, and no user code runs in either form, so the
    interleaving of evaluating pieces and joining them cannot show (pieces are evaluated left
    to right in both). Literal pieces become the f-string's text, so they must hold no braces,
    quotes or backslashes; other pieces are written into fields unchanged (text a Python 3.11
    field can hold). Not inside another f-string. Types often come from the seed's domain.
    One string is built instead of one per ``+``.
    """

    id = "concat-to-fstring"
    description = "Build a string with an f-string instead of concatenating str pieces."
    category = "performance"
    family = "api-substitution"
    intent = "neutral"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_BinaryOperation(self, original_node: cst.BinaryOperation,
                                  updated_node: cst.BaseExpression) -> cst.BaseExpression:
            if not isinstance(original_node.operator, cst.Add):
                return updated_node
            parent = self.ev.parent(original_node)
            if (isinstance(parent, cst.BinaryOperation) and isinstance(parent.operator, cst.Add)
                    and parent.left is original_node and not original_node.lpar):
                return updated_node  # the outermost + of the chain rewrites it
            pieces = _pieces(original_node)
            literal = [_literal_text(p) is not None for p in pieces]
            if all(literal) or not (any(literal) or len(pieces) >= 3):
                return updated_node
            ev = self.ev
            if not all(ev.type_of(p) == STR for p in pieces):
                return self.skip("no evidence every piece is an exact str") or updated_node
            if inside_fstring(ev, original_node):
                return self.skip("already inside an f-string") or updated_node
            code = cst.Module(body=[]).code_for_node
            text = ""
            for piece in _pieces(updated_node):
                plain = _literal_text(piece)
                if plain is not None:
                    text += plain
                    continue
                field = field_text(code(piece.with_changes(lpar=[], rpar=[])
                                        if len(piece.lpar) == 1 else piece))
                if field is None:
                    return self.skip("a piece's text cannot stand in an f-string field") \
                        or updated_node
                text += field[2:-1]  # f"{x}" -> {x}
            self.sites += 1
            return cst.parse_expression(f'f"{text}"').with_changes(
                lpar=updated_node.lpar, rpar=updated_node.rpar)
