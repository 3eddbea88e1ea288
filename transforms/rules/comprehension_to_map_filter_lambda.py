"""``[e for x in xs]`` -> ``list(map(lambda x: e, xs))``; ``if p`` through ``filter``."""

from __future__ import annotations

import builtins

import libcst as cst

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.lambdas import iterating_consumer
from ..analysis.loops import UNSUPPORTED_INSIDE, unsupported_inside
from ..analysis.names import read_names
from ..analysis.numeric import RicherEvidence
from ..analysis.purity import Inert, scalar
from ..analysis.scopes import DYNAMIC_FUNCTION

def _lambda(param: str, body: cst.BaseExpression) -> cst.Lambda:
    return cst.Lambda(params=cst.Parameters(params=[cst.Param(cst.Name(param))]), body=body)


def _call(name: str, *args: cst.BaseExpression) -> cst.Call:
    return cst.Call(func=cst.Name(name), args=[cst.Arg(a) for a in args])


def _reads(node: cst.CSTNode, name: str) -> bool:
    return any(n.value == name for n in read_names(node))


def _forwards(body: cst.BaseExpression, param: str) -> bool:
    """``body`` is ``f(x)``: the lambda would only forward its parameter (``map(f, xs)``
    says that; ``lambda x: f(x)`` is what linters call an unnecessary lambda)."""
    return (isinstance(body, cst.Call) and len(body.args) == 1 and body.args[0].keyword is None
            and not body.args[0].star and isinstance(body.args[0].value, cst.Name)
            and body.args[0].value.value == param and not _reads(body.func, param))


def _quiet(ev, arg: cst.Arg) -> bool:
    """Evaluating ``arg`` has no effect and cannot raise: a lambda, a literal, a builtin's
    name. (A list comprehension argument is complete before the consumer's other arguments
    are evaluated; a ``map`` object computes its items after them.)"""
    v = arg.value
    if isinstance(v, cst.Lambda):  # its defaults are evaluated when it is made
        p = v.params
        return not any(q.default is not None for q in (*p.posonly_params, *p.params,
                                                       *p.kwonly_params))
    if isinstance(v, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    return isinstance(v, cst.Name) and (v.value in ("True", "False", "None") or (
        hasattr(builtins, v.value) and ev.is_builtin(v.value)))


@register
class ComprehensionToMapFilterLambda(Rule):
    """``[e for x in xs]`` -> ``list(map(lambda x: e, xs))``, ``[x for x in xs if p]`` ->
    ``list(filter(lambda x: p, xs))``, ``[e for x in xs if p]`` -> ``list(map(lambda x: e,
    filter(lambda x: p, xs)))``; a set comprehension likewise through ``set(...)``. A generator
    expression, or a list comprehension, that is the first argument of a builtin that only
    iterates it (``sum``, ``min``, ``max``, ``any``, ``all``, ``sorted``, ``tuple``, ``set``,
    ``frozenset``, ``list``, ``str.join``) becomes the bare ``map``/``filter`` object there.

    The inverse of ``map-filter-lambda-to-comprehension``, under the same reasoning: both forms
    evaluate ``xs`` once in the enclosing scope and call ``iter`` on it at once, then test P and
    compute E per item in the same order (``map`` over ``filter`` pulls the next passing item,
    then maps it), lazily where the generator was lazy. The lambda, like the comprehension, is
    a nested scope: its free names are read from the enclosing function when an item is
    computed, and ``x`` binds nothing outside either. ``filter`` tests P's truth as ``if P``
    does. ``StopIteration`` is what differs: raised inside a list comprehension it propagates,
    inside a generator it becomes ``RuntimeError``, from a lambda it silently ends ``map``/
    ``filter``; so E and P must provably run no user code at all (``purity.Inert``, which needs
    the items' type: with none, no rewrite). A list comprehension handed to a consumer was
    complete before the consumer saw an item; a ``map`` object is not: eager consumers
    (``sorted``, ``tuple``, ``join``) build their list first anyway, ``set``/``frozenset`` hash
    as items come (so the items must be scalars, whose hash runs no code and cannot raise),
    and lazy ones (``sum``, ``min``, ``max``, ``any``, ``all``) interleave and may stop early (so E
    and P must be total: ``TypeEvidence.is_total``); the consumer's other arguments are then
    evaluated before the items, so they must be quiet (a lambda, a literal, a builtin).

    Preconditions: one synchronous ``for`` clause with a plain name target and at most one
    ``if``; no walrus (it would bind in the lambda, not the function), ``await``, ``yield``,
    lambda or comprehension in E or P; E reads ``x`` and is not ``f(x)`` (that would be
    ``lambda x: f(x)``, which is noise); no identity comprehension; inside a function's own
    scope (not a class body, module level, lambda or another comprehension), one that reads no
    dynamic scope and is on no recursion cycle (a lambda frame per item instead of one
    comprehension frame); ``list``/``set``/``map``/``filter`` and the consumer are the real
    builtins. Meant to be slower: a Python call per item where the comprehension had none.
    """

    id = "comprehension-to-map-filter-lambda"
    description = "Replace a comprehension by map/filter with a lambda."
    category = "expression"
    family = "loops-builtins"
    intent = "slower"
    inverse = "map-filter-lambda-to-comprehension"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(EvidenceTransformer):
        # float arithmetic and numeric builtins typed too: Inert asks only whether every
        # operation is a builtin one (as the inverse rule does)
        EVIDENCE = RicherEvidence

        def _consumer(self, comp) -> tuple[cst.Call | None, str | None]:
            """The call ``comp`` is the first argument of, and its ``iterating_consumer`` kind."""
            arg = self.ev.parent(comp)
            call = self.ev.parent(arg) if isinstance(arg, cst.Arg) else None
            if isinstance(call, cst.Call) and call.args and call.args[0] is arg:
                return call, iterating_consumer(call)
            return None, None

        def _shape(self, comp) -> tuple[str, cst.BaseExpression | None, cst.BaseExpression | None] | bool:
            """``(x, E, P)`` of ``[E for x in xs if P]`` (E None when it is ``x``, P None
            without ``if``), or False (a skip) when the comprehension has another shape."""
            clause = comp.for_in
            if clause.inner_for_in is not None:
                return self.skip("several for clauses")
            if clause.asynchronous is not None:
                return self.skip("async comprehension")
            if not isinstance(clause.target, cst.Name):
                return self.skip("the target is not a plain name")
            if len(clause.ifs) > 1:
                return self.skip("several if clauses")
            x = clause.target.value
            elt = None if isinstance(comp.elt, cst.Name) and comp.elt.value == x else comp.elt
            test = clause.ifs[0].test if clause.ifs else None
            if elt is None and test is None:
                return self.skip("identity comprehension")
            return x, elt, test

        def _applies(self, comp, shape, call, kind) -> bool:
            ev = self.ev
            x, elt, test = shape
            moved = [e for e in (elt, test) if e is not None]
            if any(unsupported_inside(e) for e in moved):
                return self.skip(UNSUPPORTED_INSIDE)
            if elt is not None and not _reads(elt, x):
                return self.skip("the item does not use the variable")
            if isinstance(test, cst.Name) and test.value == x:
                return self.skip("the filter would be lambda x: x (that is filter(None, xs))")
            if any(_forwards(e, x) for e in moved):
                return self.skip("the lambda would only forward its parameter to a function")
            func = ev.function_of(comp)
            if func is None:
                return self.skip("not in a function's own scope")
            if not ev.simple_function(func):
                return self.skip(DYNAMIC_FUNCTION)
            if not ev.not_recursive(func):
                return False
            needed = {"map"} if elt is not None else set()
            if test is not None:
                needed.add("filter")
            if kind is None:
                needed.add("set" if isinstance(comp, cst.SetComp) else "list")
            elif isinstance(call.func, cst.Name):
                needed.add(call.func.value)
            elif ev.type_of(call.func.value) is None or ev.type_of(call.func.value).kind != "str":
                return self.skip("no evidence the join separator is a str")
            if not all(ev.real_builtin(name) for name in sorted(needed)):
                return False
            if ev.elem_of(comp.for_in.iter) is None:
                return self.skip("no evidence of the items' type")
            inert = Inert(ev)
            if not ((elt is None or inert.expr(elt)) and (test is None or inert.truth(test))):
                return self.skip("the item or the filter may run user code (it could raise "
                                 "StopIteration)")
            if isinstance(comp, cst.ListComp) and kind is not None:
                return self._eager_to_lazy(comp, elt, test, call, kind)
            return True

        def _eager_to_lazy(self, comp, elt, test, call, kind) -> bool:
            """A list comprehension handed to a consumer becomes a lazy ``map``/``filter``."""
            ev = self.ev
            if not all(_quiet(ev, a) for a in call.args[1:]):
                return self.skip("another argument of the consumer is evaluated before the items")
            if (isinstance(call.func, cst.Name) and call.func.value in ("set", "frozenset")
                    and not scalar(ev.elem_of(comp))):
                return self.skip("no evidence the items hash without running code")
            if kind == "lazy" and not all(ev.is_total(e) for e in (elt, test) if e is not None):
                return self.skip("the consumer would stop early or interleave, and the item or "
                                 "the filter may raise")
            return True

        def _rewrite(self, original_node, updated_node):
            call, kind = self._consumer(original_node)
            if isinstance(original_node, cst.SetComp):
                kind = None  # a set it stays: set(map(...)), whoever reads it
            elif kind is None and isinstance(original_node, cst.GeneratorExp):
                return updated_node  # the generator object itself is seen: no candidate
            shape = self._shape(original_node)
            if not shape:
                return updated_node
            if not self._applies(original_node, shape, call, kind):
                return updated_node
            x = shape[0]
            clause = updated_node.for_in
            elt = None if shape[1] is None else updated_node.elt
            test = None if shape[2] is None else clause.ifs[0].test
            items = clause.iter
            if test is not None:
                items = _call("filter", _lambda(x, test), items)
            if elt is not None:
                items = _call("map", _lambda(x, elt), items)
            self.sites += 1
            if kind is None:
                wrapper = "set" if isinstance(original_node, cst.SetComp) else "list"
                return _call(wrapper, items).with_changes(lpar=updated_node.lpar,
                                                          rpar=updated_node.rpar)
            return items

        def leave_ListComp(self, original_node, updated_node):
            return self._rewrite(original_node, updated_node)

        def leave_SetComp(self, original_node, updated_node):
            return self._rewrite(original_node, updated_node)

        def leave_GeneratorExp(self, original_node, updated_node):
            return self._rewrite(original_node, updated_node)
