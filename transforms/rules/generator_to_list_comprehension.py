"""A generator expression fed to a consumer that builds a list anyway -> a list comprehension."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.loops import as_list_comp
from ..analysis.generators import without_user_code
from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer


@register
class GeneratorToListComprehension(Rule):
    """``''.join(e for x in xs)`` -> ``''.join([e for x in xs])``; likewise the first argument
    of ``sorted``, and ``list(e for x in xs)`` -> ``[e for x in xs]``.

    ``str.join`` and ``sorted`` turn any non-list argument into a list before doing anything
    else, and ``list(g)`` is that list, so the items are computed in the same order, at the
    same moment relative to the rest of the program, either way. The one difference between a
    generator and a comprehension is ``StopIteration``: raised inside a generator it becomes
    ``RuntimeError`` (PEP 479), inside a comprehension it propagates as is, and only user code
    can raise it (``next`` is no builtin ``Inert`` admits). So the rule only fires when the
    item and the filters provably run no user code (``analysis.purity.Inert``: builtin
    operations on values with builtin-type evidence; they may raise other exceptions, which
    pass through both forms alike), with a single synchronous ``for`` clause (the first
    iterable is evaluated outside the generator in both forms, and exhausting it ends both
    alike). The separator must be a str literal; ``list``/``sorted`` must not be rebound in
    the module.
    """

    id = "generator-to-list-comprehension"
    description = "Pass a list comprehension instead of a generator to join()/sorted()/list()."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "list-comprehension-to-generator"

    class Transformer(EvidenceTransformer):
        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
            ev = self.ev
            args = original_node.args
            if not args or args[0].star or args[0].keyword is not None \
                    or not isinstance(args[0].value, cst.GeneratorExp):
                return updated_node
            func = original_node.func
            join = m.matches(func, m.Attribute(value=m.SimpleString(), attr=m.Name("join"))) \
                and "b" not in func.value.prefix.lower() and len(args) == 1
            sort = ev.is_builtin_call(original_node, "sorted") and all(
                a.keyword is not None and not a.star for a in args[1:])
            to_list = ev.is_builtin_call(original_node, "list") and len(args) == 1
            if not (join or sort or to_list):
                if m.matches(func, m.Name("sorted") | m.Name("list")) and not ev.is_builtin(func.value):
                    self.skip(f"{func.value} is shadowed")
                return updated_node
            if not without_user_code(ev, args[0].value):  # it says why
                return updated_node
            new_gen = updated_node.args[0].value
            if not isinstance(new_gen, cst.GeneratorExp):
                return updated_node
            comp = as_list_comp(new_gen)
            self.sites += 1
            if to_list:
                return comp.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)
            first = updated_node.args[0].with_changes(value=comp)
            if len(updated_node.args) > 1 and first.comma == cst.MaybeSentinel.DEFAULT:
                first = first.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
            return updated_node.with_changes(args=[first, *updated_node.args[1:]])
