"""``''.join([e for x in xs])`` -> ``''.join(e for x in xs)`` (and the first argument of
``sorted``)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.generators import without_user_code
from ..base import Rule
from ..registry import register


@register
class ListComprehensionToGenerator(Rule):
    """``''.join([e for x in xs])`` -> ``''.join(e for x in xs)``; likewise the first argument
    of ``sorted``.

    The inverse of ``generator-to-list-comprehension`` (whose docstring says why the two
    compute the same items at the same moments: ``str.join`` and ``sorted`` make a list of a
    generator before anything else): the item and filters must provably run no user code, so
    that no ``StopIteration`` behaves differently in the generator. The generator resumes once
    per item where the comprehension loops inline: slower.
    """

    id = "list-comprehension-to-generator"
    description = "Pass a generator instead of a list comprehension to join()/sorted()."
    category = "performance"
    family = "api-substitution"
    intent = "slower"
    inverse = "generator-to-list-comprehension"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call,
                       updated_node: cst.BaseExpression) -> cst.BaseExpression:
            ev = self.ev
            args = original_node.args
            if not args or args[0].star or args[0].keyword is not None \
                    or not isinstance(args[0].value, cst.ListComp) or args[0].value.lpar:
                return updated_node
            func = original_node.func
            join = m.matches(func, m.Attribute(value=m.SimpleString(), attr=m.Name("join"))) \
                and "b" not in func.value.prefix.lower() and len(args) == 1
            sort = ev.is_builtin_call(original_node, "sorted") and all(
                a.keyword is not None and not a.star for a in args[1:])
            if not (join or sort) or not without_user_code(ev, args[0].value):
                return updated_node
            comp = updated_node.args[0].value
            if not isinstance(comp, cst.ListComp):
                return updated_node
            alone = len(updated_node.args) == 1
            gen = cst.GeneratorExp(elt=comp.elt, for_in=comp.for_in,
                                   lpar=[] if alone else [cst.LeftParen()],
                                   rpar=[] if alone else [cst.RightParen()])
            self.sites += 1
            first = updated_node.args[0].with_changes(value=gen)
            return updated_node.with_changes(args=[first, *updated_node.args[1:]])
