"""``ch in "aeiou"`` -> ``ch in ["a", "e", "i", "o", "u"]`` for a one-character ``ch``."""

from __future__ import annotations

import libcst as cst

from ..analysis.chars import char_membership, literal_chars
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register


@register
class StrMembershipToCharList(Rule):
    """``c in "aeiouAEIOU"`` / ``c not in "..."`` -> the same test against a list of the
    characters, ``c in ["a", "e", ...]``, the form a programmer writes who thinks of the vowels
    as a collection, when ``c`` is known to be a one-character str (``analysis.chars``: a
    character of an exact str from ``for``, a comprehension, ``filter``/``map`` over it, or
    ``s[i]``).

    Sound only for one character: ``in`` on a str is a substring test (``"" in "ab"`` and
    ``"ab" in "abc"`` are true), on a list an equality test per item; for a one-character str
    the two agree, raise nothing and run no user code (the items are exact strs). ``c`` is
    evaluated once either way. The literal must be a plain str literal without escapes of 2 to
    12 distinct printable characters (repeated ones are listed once). The list (a tuple
    constant once compiled) is scanned item by item where the str test is one C search:
    measured slower.
    """

    id = "str-membership-to-char-list"
    description = "Test a character against a list of characters instead of a str literal."
    category = "performance"
    family = "expression"
    intent = "slower"
    uses_domain = True  # the characters' str often comes from the seed's domain
    inverse = "char-list-membership-to-str"

    class Transformer(EvidenceTransformer):
        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.BaseExpression) -> cst.BaseExpression:
            site = char_membership(self.ev, original_node, literal_chars)
            if site is None:
                return updated_node
            target, chars = site
            quote = target.comparator.quote
            listed = cst.List(
                elements=[cst.Element(cst.SimpleString(quote + c + quote)) for c in chars],
                lpar=target.comparator.lpar, rpar=target.comparator.rpar)
            self.sites += 1
            new_target = updated_node.comparisons[0].with_changes(comparator=listed)
            return updated_node.with_changes(comparisons=[new_target])
