"""Evidence for the parameters of a helper from where it is used, in rules that ``uses_domain``.

A helper nobody outside the module can call (a function nested in another, a lambda, a
module-level function other than the entry point) only ever receives what its call sites pass.
When every use is one of

* a direct call ``helper(a, b)`` with positional arguments, one per parameter;
* the function given to ``map(helper, xs)`` / ``filter(helper, xs)`` (each item of ``xs``);
* the ``key=`` of ``sorted(xs, ...)``, ``min(xs, ...)``, ``max(xs, ...)`` (each item of ``xs``);

and each argument's type is known there, the parameter holds that type on every call. A
recursive helper's own calls are checked under the assumption being proved (as ``bindings``
does for locals: ``helper(n - 1)`` keeps an int an int). The types at the call sites are what
the evidence says there, the seed's domain included: helpers of the entry point inherit it.
Anything else (the helper stored, returned, passed elsewhere, decorated, rebound, given
defaults, ``*args``) gives nothing.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import FunctionScope

from .types import T, same


_ITEMWISE = ("map", "filter")
_KEYED = ("sorted", "min", "max")


class CallSiteEvidence:
    def __init__(self, ev: object) -> None:
        self.ev = ev
        self._done: dict[int, list[T | None] | None] = {}
        self._busy: set[int] = set()
        self.assumed: dict[int, list[T]] = {}  # function id -> parameter types being proved

    def param_type(self, param: cst.Param) -> T | None:
        params = self.ev.parent(param)
        func = self.ev.parent(params)
        if not isinstance(params, cst.Parameters) or param not in params.params:
            return None
        types = self.types(func)
        return None if types is None else types[list(params.params).index(param)]

    def types(self, func: cst.CSTNode) -> list[T | None] | None:
        key = id(func)
        if key in self.assumed:
            return list(self.assumed[key])
        if key in self._done:
            return self._done[key]
        if key in self._busy:
            return None  # a cycle through here while computing: no evidence
        self._busy.add(key)
        try:
            result = self._compute(func)
        finally:
            self._busy.discard(key)
        if not self.assumed:  # what was proved under another function's assumption may not hold
            self._done[key] = result
        return result

    # ------------------------------------------------------------------ uses

    @staticmethod
    def _shape_ok(func: cst.CSTNode) -> bool:
        p = func.params
        if isinstance(p.star_arg, cst.Param) or p.kwonly_params or p.star_kwarg is not None \
                or p.posonly_params:
            return False
        if any(q.default is not None for q in p.params):
            return False
        if isinstance(func, cst.FunctionDef):
            return not func.decorators and func.asynchronous is None
        return True

    def _uses(self, func: cst.CSTNode) -> list[cst.CSTNode] | None:
        """The nodes that use ``func`` (a call, or its argument slot), or None if any use is
        not one we can read."""
        ev = self.ev
        if isinstance(func, cst.Lambda):
            return [func]
        if not isinstance(func, cst.FunctionDef):
            return None
        name = func.name.value
        domain = getattr(ev, "_domain", None)
        if domain is not None and domain.domain.entry_point == name and \
                isinstance(ev.parent(func), cst.Module):
            return None  # the entry point: its callers are the seeds (domain_evidence)
        scope = ev.scopes.get(func)
        if scope is None:
            return None
        bindings = list(scope.assignments[name])
        if len(bindings) != 1 or bindings[0].node is not func:
            return None
        if isinstance(ev.parent(func), cst.Module) and name in ev.protected:
            return None  # a name other code imports and calls
        uses = []
        for access in bindings[0].references:
            uses.append(access.node)
        return uses

    def _compute(self, func: cst.CSTNode) -> list[T | None] | None:
        if not self._shape_ok(func):
            return None
        uses = self._uses(func)
        if not uses:
            return None
        n = len(func.params.params)
        inner, outer = [], []
        for use in uses:
            (inner if self._inside(use, func) else outer).append(use)
        if not outer:
            return None
        result: list[T | None] | None = None
        for use in outer:
            result = self._merge(result, self._site_types(use, func, n))
            if result is None or all(t is None for t in result):
                return None
        if inner:
            self.assumed[id(func)] = [t for t in result]
            try:
                for use in inner:
                    got = self._site_types(use, func, n)
                    if got is None or self._merge(result, got) != result:
                        return None
            finally:
                del self.assumed[id(func)]
        return result

    @staticmethod
    def _merge(acc, new):
        if new is None:
            return None
        if acc is None:
            return list(new)
        return [same(a, b) if a is not None and b is not None else None for a, b in zip(acc, new)]

    def _inside(self, node: cst.CSTNode, func: cst.CSTNode) -> bool:
        parent = self.ev.parent(node)
        while parent is not None:
            if parent is func:
                return True
            parent = self.ev.parent(parent)
        return False

    def _site_types(self, use: cst.CSTNode, func: cst.CSTNode, n: int) -> list[T | None] | None:
        """The types one use passes to the ``n`` parameters, or None if the use is unknown."""
        ev = self.ev
        parent = ev.parent(use)
        if isinstance(parent, cst.Call) and parent.func is use:
            args = parent.args
            if len(args) != n or any(a.star or a.keyword is not None for a in args):
                return None
            return [ev.type_of(a.value) for a in args]
        if not isinstance(parent, cst.Arg):
            return None
        call = ev.parent(parent)
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name) \
                or any(a.star for a in call.args):
            return None
        fname = call.func.value
        if fname in _ITEMWISE and ev.is_builtin(fname) and call.args[0] is parent \
                and parent.keyword is None:
            iterables = call.args[1:]
            if fname == "filter" and n != 1 or fname == "map" and len(iterables) != n or \
                    not iterables or any(a.keyword is not None for a in iterables):
                return None
            return [ev.elem_of(a.value) for a in iterables]
        if fname in _KEYED and ev.is_builtin(fname) and parent.keyword is not None \
                and parent.keyword.value == "key" and n == 1:
            positional = [a for a in call.args if a.keyword is None]
            if len(positional) != 1:
                return None
            return [ev.elem_of(positional[0].value)]
        return None


def lambda_or_def(scope) -> cst.CSTNode | None:
    """The function (def or lambda) whose own scope ``scope`` is."""
    if isinstance(scope, FunctionScope) and isinstance(scope.node, (cst.FunctionDef, cst.Lambda)):
        return scope.node
    return None
