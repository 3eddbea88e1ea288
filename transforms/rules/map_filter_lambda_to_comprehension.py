"""``list(map(lambda x: e, xs))`` -> ``[e for x in xs]``; ``filter(lambda x: p, xs)`` likewise."""

from __future__ import annotations

from functools import cached_property

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer, TypeEvidence
from ..analysis.lambdas import iterating_consumer, map_or_filter, simple_lambda
from ..analysis.numeric import RicherEvidence
from ..analysis.purity import Inert
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..analysis.types import T

_NEEDS_PARENS = (cst.IfExp, cst.Lambda, cst.NamedExpr, cst.Yield)


class _LambdaEvidence(RicherEvidence):
    """Type evidence that also knows the parameter of the lambdas handed to ``map``/``filter``
    (it holds the items of the iterable) and reads free names of such a lambda as the
    enclosing function's locals."""

    def __init__(self, module, metadata, skip=None, domain=None) -> None:
        super().__init__(module, metadata, skip, domain)
        self.lambda_params: dict[int, tuple[str, T]] = {}

    def name_type(self, name: cst.Name) -> T | None:
        scope = self.scopes.get(name)
        if isinstance(scope, FunctionScope) and isinstance(scope.node, cst.Lambda):
            known = self.lambda_params.get(id(scope.node))
            if known is None:
                return None
            param, t = known
            if name.value == param:
                return t
            if scope.assignments[name.value]:
                return None
            parent = scope.parent
            if isinstance(parent, FunctionScope) and isinstance(parent.node, cst.FunctionDef):
                return self.local_type(parent, name.value)
            return None
        return super().name_type(name)


def _paren(e: cst.BaseExpression) -> cst.BaseExpression:
    if isinstance(e, _NEEDS_PARENS) and not e.lpar:
        return e.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    return e


@register
class MapFilterLambdaToComprehension(Rule):
    """``list(map(lambda x: E, xs))`` -> ``[E for x in xs]``, ``list(filter(lambda x: P, xs))``
    -> ``[x for x in xs if P]``; as the argument of ``sorted``/``tuple``/``set``/``frozenset``/
    ``str.join`` the same list comprehension, of ``sum``/``min``/``max``/``any``/``all`` the
    generator expression ``(E for x in xs)``.

    Both forms evaluate ``xs`` once, before any item (creating the lambda has no effect), call
    ``iter`` on it once, and compute E (or test P) for the items in order, lazily for the lazy
    consumers, each exactly when the other form does: the consumer sees the same items with the
    same interleaving. The lambda's free names and the comprehension's are both read from the
    enclosing function when the item is computed. ``filter`` tests P's truth as ``if P`` does.
    What differs is ``StopIteration``: raised by the lambda it silently ends ``map``/``filter``,
    raised inside a comprehension it propagates (a generator turns it into ``RuntimeError``).
    So E/P must not raise it, and any user code can (a call, a property, an operator
    overload, ``__bool__``): they must provably run no user code (``analysis.purity.Inert``,
    with ``x`` holding an item of ``xs``, whose exact type must then be known). The map/filter object itself is never visible (the consumer, a builtin,
    only iterates it). Fires inside functions, for a lambda with one plain parameter, when
    ``map``/``filter`` and the consumer are unshadowed builtins (``str.join`` on a str).
    """

    id = "map-filter-lambda-to-comprehension"
    description = "Replace map/filter with a lambda by a comprehension when the consumer only iterates."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "comprehension-to-map-filter-lambda"

    class Transformer(EvidenceTransformer):
        @cached_property
        def ev(self) -> TypeEvidence:
            ev = _LambdaEvidence(self._module, self.metadata, skip=self.skip, domain=self.domain)
            ev.protected = self.protected
            return ev

        def _qualifies(self, call: cst.Call, which: str) -> bool:
            ev = self.ev
            if isinstance(call.func, cst.Name):
                if not ev.is_builtin(call.func.value):
                    return self.skip(f"{call.func.value} is shadowed")
            else:
                receiver = ev.type_of(call.func.value)
                if receiver is None or receiver.kind != "str":
                    return self.skip("no evidence the join separator is a str")
            inner = call.args[0].value
            func = ev.function_of(call)
            if not ev.is_builtin(which) or func is None or not ev.simple_function(func):
                return self.skip(f"{which} is shadowed" if not ev.is_builtin(which) else
                                 "not in a function's own scope" if func is None else
                                 DYNAMIC_FUNCTION)
            lam, xs = inner.args[0].value, inner.args[1].value
            elem = ev.elem_of(xs)
            if elem is not None:
                ev.lambda_params[id(lam)] = (simple_lambda(lam), elem)
                inert = Inert(ev)
                if inert.truth(lam.body) if which == "filter" else inert.expr(lam.body):
                    return True
                return self.skip("the lambda body may run user code (it could raise "
                                 "StopIteration)")
            return self.skip("no evidence of the items' type")

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            kind = iterating_consumer(original_node)
            if kind is None:
                return updated_node
            which = map_or_filter(original_node.args[0].value)
            if which is None:
                arg = original_node.args[0].value
                if m.matches(arg, m.Call(func=m.Name("map") | m.Name("filter"),
                                         args=[m.Arg(value=m.Lambda()), m.ZeroOrMore()])):
                    self.skip("not map/filter(lambda x: ..., xs): one plain parameter, "
                              "two positional arguments")
                return updated_node
            if not self._qualifies(original_node, which):
                return updated_node
            inner = updated_node.args[0].value
            if map_or_filter(inner) != which:
                return updated_node
            lam, xs = inner.args[0].value, inner.args[1].value
            param = cst.Name(lam.params.params[0].name.value)
            body = lam.body
            if which == "map":
                elt, ifs = body, []
            else:
                elt, ifs = param, [cst.CompIf(test=_paren(body))]
            clause = cst.CompFor(target=param, iter=_paren(xs), ifs=ifs)
            self.sites += 1
            if kind == "list":
                return cst.ListComp(elt=elt, for_in=clause, lpar=updated_node.lpar,
                                    rpar=updated_node.rpar)
            if kind in ("eager", "join"):
                new = cst.ListComp(elt=elt, for_in=clause)
            else:
                parens = [cst.LeftParen()], [cst.RightParen()]
                new = cst.GeneratorExp(elt=elt, for_in=clause,
                                       lpar=parens[0] if len(updated_node.args) > 1 else [],
                                       rpar=parens[1] if len(updated_node.args) > 1 else [])
            first = updated_node.args[0].with_changes(value=new)
            return updated_node.with_changes(args=[first, *updated_node.args[1:]])
