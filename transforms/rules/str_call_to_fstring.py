"""``str(x)`` -> ``f"{x}"`` for a builtin scalar ``x``."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.fstrings import field_text, inside_fstring, scalar_for_str
from ..analysis.numeric import RicherEvidence
from ..base import Rule
from ..registry import register


@register
class StrCallToFString(Rule):
    """``str(x)`` -> ``f"{x}"`` when ``x`` is known to be an exact int, bool, float or str.

    ``f"{x}"`` evaluates ``x`` once and formats it with an empty spec, which for these types
    is ``str(x)`` (``analysis.fstrings``); ``str`` must be the real builtin. The argument is
    written into the field unchanged, so it must be text a Python 3.11 field can hold (no
    quotes, backslashes, braces, comments, lambdas, walrus), and the call must not already be
    inside an f-string. Types often come from the seed's domain (``n: int``). The f-string
    skips the global lookup and call of ``str``: a little faster.
    """

    id = "str-call-to-fstring"
    description = "Convert a number to text with an f-string instead of str()."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    inverse = "fstring-to-str-call"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        EVIDENCE = RicherEvidence

        def leave_Call(self, original_node: cst.Call,
                       updated_node: cst.BaseExpression) -> cst.BaseExpression:
            args = original_node.args
            if not (isinstance(original_node.func, cst.Name) and original_node.func.value == "str"
                    and len(args) == 1 and args[0].keyword is None and not args[0].star):
                return updated_node
            ev = self.ev
            if not scalar_for_str(ev, args[0].value):
                return self.skip("no evidence the argument is an int, float, bool or str") \
                    or updated_node
            if not ev.real_builtin("str"):
                return updated_node  # it said why
            if inside_fstring(ev, original_node):
                return self.skip("already inside an f-string") or updated_node
            value = updated_node.args[0].value
            if value.lpar:
                value = value.with_changes(lpar=[], rpar=[])
            text = field_text(cst.Module(body=[]).code_for_node(value))
            if text is None:
                return self.skip("the argument's text cannot stand in an f-string field") \
                    or updated_node
            self.sites += 1
            return cst.parse_expression(text).with_changes(lpar=updated_node.lpar,
                                                           rpar=updated_node.rpar)
