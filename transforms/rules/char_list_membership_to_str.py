"""``ch in ["a", "e", "i", "o", "u"]`` -> ``ch in "aeiou"`` for a one-character ``ch``."""

from __future__ import annotations

import libcst as cst

from ..analysis.chars import char_membership, listed_chars
from ..analysis.evidence import EvidenceTransformer
from ..base import Rule
from ..registry import register


@register
class CharListMembershipToStr(Rule):
    """``c in ["a", "e", ...]`` / ``c not in (...)`` -> ``c in "ae..."``: one C search of a
    str instead of an equality test per item, when ``c`` is known to be a one-character str
    (``analysis.chars``). The reverse of ``str-membership-to-char-list`` and sound under the
    same conditions: for one character a substring test and an equality scan agree (for ``""``
    or ``"ab"`` they do not), and nothing runs user code. The display must list 2 to 12
    distinct one-character plain str literals without escapes, all in the same quotes.
    """

    id = "char-list-membership-to-str"
    description = "Test a character against a str literal instead of a list of characters."
    category = "performance"
    family = "expression"
    intent = "faster"
    uses_domain = True
    inverse = "str-membership-to-char-list"

    class Transformer(EvidenceTransformer):
        def leave_Comparison(self, original_node: cst.Comparison,
                             updated_node: cst.BaseExpression) -> cst.BaseExpression:
            site = char_membership(self.ev, original_node, listed_chars)
            if site is None:
                return updated_node
            target, (chars, quote) = site
            shown = target.comparator
            own = 1 if isinstance(shown, cst.Tuple) else 0  # a tuple's parentheses are its own
            text = cst.SimpleString(quote + "".join(chars) + quote,
                                    lpar=shown.lpar[own:], rpar=shown.rpar[:len(shown.rpar) - own])
            self.sites += 1
            new_target = updated_node.comparisons[0].with_changes(comparator=text)
            return updated_node.with_changes(comparisons=[new_target])
