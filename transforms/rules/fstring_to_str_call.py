"""``f"{x}"`` -> ``str(x)`` for a builtin scalar ``x``."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.fstrings import scalar_for_str
from ..analysis.numeric import RicherEvidence
from ..base import Rule
from ..registry import register


@register
class FStringToStrCall(Rule):
    """``f"{x}"`` (one field, nothing else: no text, conversion, spec or ``=``) -> ``str(x)``
    when ``x`` is known to be an exact int, bool, float or str, and ``str`` is the real
    builtin. The inverse of ``str-call-to-fstring`` (whose docstring says why both give the
    same text). A global lookup and a call more: a little slower.
    """

    id = "fstring-to-str-call"
    description = "Convert a number to text with str() instead of an f-string."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    inverse = "str-call-to-fstring"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        EVIDENCE = RicherEvidence

        def leave_FormattedString(self, original_node: cst.FormattedString,
                                  updated_node: cst.BaseExpression) -> cst.BaseExpression:
            parts = original_node.parts
            if not (len(parts) == 1 and isinstance(parts[0], cst.FormattedStringExpression)):
                return updated_node
            field = parts[0]
            if field.conversion is not None or field.format_spec is not None \
                    or field.equal is not None or "b" in original_node.prefix.lower():
                return updated_node
            ev = self.ev
            if not scalar_for_str(ev, field.expression):
                return self.skip("no evidence the field is an int, float, bool or str") \
                    or updated_node
            if not ev.real_builtin("str"):
                return updated_node  # it said why
            self.sites += 1
            value = updated_node.parts[0].expression
            return cst.Call(func=cst.Name("str"), args=[cst.Arg(value)],
                            lpar=updated_node.lpar, rpar=updated_node.rpar)
