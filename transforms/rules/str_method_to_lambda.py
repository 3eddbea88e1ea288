"""``map(str.lower, words)`` -> ``map(lambda s: s.lower(), words)`` for items that are strs."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.lambdas import function_slots
from ..analysis.str_methods import NO_ARG_METHODS, str_items
from ..base import Rule
from ..registry import register


@register
class StrMethodToLambda(Rule):
    """``str.m`` -> ``lambda s: s.m()`` as the function of ``map``/``filter`` or the ``key=``
    of ``sorted``/``min``/``max``, when every item is known to be an exact str: the inverse of
    ``lambda-to-str-method`` (whose docstring says why both give the same). A Python frame
    per item more: slower.
    """

    id = "str-method-to-lambda"
    description = "Pass a lambda calling a str method instead of the unbound method."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    inverse = "lambda-to-str-method"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def visit_Module(self, node: cst.Module) -> None:
            super().visit_Module(node)
            self.__dict__.pop("param", None)

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            slots = function_slots(self.ev, original_node)
            args = list(updated_node.args)
            for i in slots:
                value = original_node.args[i].value
                if not (m.matches(value, m.Attribute(value=m.Name("str"))) and not value.lpar
                        and value.attr.value in NO_ARG_METHODS):
                    continue
                if not str_items(self.ev, original_node, i, value):
                    continue
                # one fresh name serves every lambda (each is its own scope)
                param = self.__dict__.setdefault("param", self.names.fresh("x"))
                lam = cst.Lambda(
                    params=cst.Parameters(params=[cst.Param(cst.Name(param))]),
                    body=cst.Call(func=cst.Attribute(value=cst.Name(param),
                                                     attr=cst.Name(value.attr.value))))
                args[i] = args[i].with_changes(value=lam)
                self.sites += 1
            return updated_node.with_changes(args=args) if args != list(updated_node.args) \
                else updated_node
