"""Drop a ``list()`` copy that a consumer makes (or does not need) anyway: ``sorted(list(x))``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..base import Rule
from ..registry import register
from ..analysis.evidence import EvidenceTransformer
from ..analysis.copies import PURE_ITER, READERS
from ..analysis.purity import scalar

_VIEWS = frozenset({"keys", "values", "items"})
# Builtins that always return an iterable object (if they return at all).
_ITERABLE_RESULTS = frozenset({"map", "filter", "zip", "enumerate", "reversed", "sorted",
                               "list", "tuple", "set", "frozenset", "range"})


@register
class RemoveRedundantListCopy(Rule):
    """``sorted(list(x))`` -> ``sorted(x)``, ``list(sorted(x))`` -> ``sorted(x)``,
    ``sum(list(xs))`` -> ``sum(xs)`` (likewise ``min``/``max``/``any``/``all``/``set``) and
    ``s.join(list(x))`` -> ``s.join(x)``: the reverse of ``redundant-list-copy``.

    ``sorted(x, ...)`` starts with exactly what ``list(x)`` does (``PySequence_List``: same
    iteration, same ``TypeError`` for a non-iterable), then sorts that new list, so the copy
    before it is redundant for any ``x``; ``list(sorted(...))`` copies a list nobody else
    holds, into another new list. ``str.join`` also turns its argument into a list first
    (``PySequence_Fast``); the copy is dropped when ``x`` is certainly iterable (a builtin
    container, a dict view, a generator expression, a ``map``/``filter``/... call), since a
    non-iterable gets a different error message from ``join``. A reader (``sum``, ``min``,
    ``max``, ``any``, ``all``, ``set``, one positional iterable) goes through the items once
    in order as ``list`` would, but stops early or interleaves its own work (adding,
    comparing, hashing, a ``key=`` function) with the walk, and that work could change ``x``
    under it: the copy is dropped only when ``x`` is a builtin container or dict's ``keys()``
    (iterating it runs no user code and cannot fail) whose items are known builtin scalars,
    and no ``key=`` is given, so nothing can tell the copy was ever there. Not ``tuple`` or
    ``frozenset``: ``tuple(t)`` returns ``t`` itself, an identity change. The builtins must be
    unshadowed; ``s`` must be known to be a str.
    """

    id = "remove-redundant-list-copy"
    description = "Drop a redundant list() copy before sorted()/join()/sum()/min()/max()/any()/all()/set()."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain
    inverse = "redundant-list-copy"

    class Transformer(EvidenceTransformer):
        def _copy_arg(self, call: cst.Call) -> cst.BaseExpression | None:
            """``x`` when the first argument of ``call`` is ``list(x)``."""
            if not call.args or call.args[0].star or call.args[0].keyword is not None:
                return None
            inner = call.args[0].value
            if not (isinstance(inner, cst.Call) and isinstance(inner.func, cst.Name)
                    and inner.func.value == "list" and len(inner.args) == 1
                    and not inner.args[0].star and inner.args[0].keyword is None):
                return None
            return inner.args[0].value

        def _pure_iterable(self, x: cst.BaseExpression) -> bool:
            ev = self.ev
            t = ev.type_of(x)
            if t is not None and t.kind in PURE_ITER:
                return True
            if (isinstance(x, cst.Call) and not x.args and isinstance(x.func, cst.Attribute)
                    and x.func.attr.value in _VIEWS):
                t = ev.type_of(x.func.value)
                return t is not None and t.kind == "dict"
            return False

        def _scalar_items(self, x: cst.BaseExpression) -> bool:
            """Every item of ``x`` is a builtin scalar: adding, comparing, hashing or testing
            it runs no user code that could change ``x`` while the reader walks it."""
            ev = self.ev
            if (isinstance(x, cst.Call) and isinstance(x.func, cst.Attribute)
                    and x.func.attr.value in _VIEWS):
                t = ev.type_of(x.func.value)
                if x.func.attr.value == "keys":
                    return t is not None and scalar(t.elem)
                return False  # annotations type a dict's keys only
            return scalar(ev.elem_of(x))

        def _surely_iterable(self, x: cst.BaseExpression) -> bool:
            if isinstance(x, (cst.GeneratorExp, cst.ListComp, cst.SetComp, cst.DictComp,
                              cst.List, cst.Tuple, cst.Set, cst.Dict)):
                return True
            if isinstance(x, cst.Call) and isinstance(x.func, cst.Name) \
                    and x.func.value in _ITERABLE_RESULTS and self.ev.is_builtin(x.func.value):
                return True
            return self._pure_iterable(x)

        def _inert_keyword(self, e: cst.BaseExpression) -> bool:
            """Evaluating ``e`` cannot raise or run code: a total expression, a builtin's name
            (``key=len``), a lambda without defaults."""
            if isinstance(e, cst.Name) and self.ev.is_builtin(e.value):
                return True
            if isinstance(e, cst.Lambda):
                return not any(p.default for p in e.params.params + e.params.kwonly_params)
            return self.ev.is_total(e)

        def _qualifies(self, call: cst.Call) -> bool:
            """``call`` is ``consumer(list(x), ...)`` whose copy can go."""
            x = self._copy_arg(call)
            if x is None:
                return False
            ev = self.ev
            if not ev.is_builtin("list"):
                return self.skip("list is shadowed")
            rest = call.args[1:]
            if any(a.star for a in rest):
                return self.skip("a starred argument")
            func = call.func
            if isinstance(func, cst.Name):
                if not ev.is_builtin(func.value):
                    return self.skip(f"{func.value} is shadowed")
                if func.value == "sorted":
                    if not all(a.keyword is not None for a in rest):
                        return self.skip("sorted() with positional arguments besides the iterable")
                    # The copy ran before the keywords were evaluated; without it, after them:
                    # a keyword that raises (``reverse=opts["desc"]``) would win over the items.
                    return all(self._inert_keyword(a.value) for a in rest) or self.skip(
                        "a sorted() keyword that may raise or run code")
                if func.value not in READERS:
                    return self.skip(f"{func.value}() is not a reader the copy is invisible to")
                if func.value == "sum":
                    # a user start's __add__ would run during the walk
                    ok = len(rest) <= 1 and all(
                        (a.keyword is None or a.keyword.value == "start")
                        and scalar(ev.type_of(a.value)) for a in rest)
                    why = "no evidence the sum start is a builtin scalar"
                elif func.value in ("min", "max"):
                    ok = all(a.keyword is not None and a.keyword.value == "default"
                             for a in rest)
                    why = "min/max with arguments other than default="
                else:
                    ok = not rest
                    why = "more arguments"
                if not ok:
                    return self.skip(why)
                if not self._pure_iterable(x):
                    return self.skip("no evidence the copied value is a builtin container")
                return self._scalar_items(x) or self.skip(
                    "no evidence the copied items are builtin scalars")
            if isinstance(func, cst.Attribute) and func.attr.value == "join" and not rest:
                t = ev.type_of(func.value)
                if t is None or t.kind != "str":
                    return self.skip("no evidence the join separator is a str")
                return self._surely_iterable(x) or self.skip(
                    "no evidence the copied value is iterable")
            return False

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            ev = self.ev
            # list(sorted(...)) -> sorted(...)
            if (isinstance(original_node.func, cst.Name) and original_node.func.value == "list"
                    and len(original_node.args) == 1 and not original_node.args[0].star
                    and original_node.args[0].keyword is None
                    and isinstance(original_node.args[0].value, cst.Call)
                    and isinstance(original_node.args[0].value.func, cst.Name)
                    and original_node.args[0].value.func.value == "sorted"
                    and ev.is_builtin("list") and ev.is_builtin("sorted")):
                inner = updated_node.args[0].value
                if isinstance(inner, cst.Call):
                    self.sites += 1
                    return inner.with_changes(
                        lpar=updated_node.lpar or inner.lpar,
                        rpar=updated_node.rpar or inner.rpar)
                return updated_node
            if self._copy_arg(original_node) is None or not self._qualifies(original_node):
                return updated_node
            copy = updated_node.args[0].value
            if not (isinstance(copy, cst.Call) and m.matches(copy.func, m.Name("list"))
                    and len(copy.args) == 1):
                return updated_node  # the copy itself was rewritten (list(sorted(...)))
            self.sites += 1
            inner = copy.args[0].value
            if isinstance(inner, cst.GeneratorExp) and not inner.lpar and len(updated_node.args) > 1:
                # ``list(x for x in xs)`` lent it the parentheses that ``sorted(g, key=k)`` needs.
                inner = inner.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            first = updated_node.args[0].with_changes(value=inner)
            return updated_node.with_changes(args=[first, *updated_node.args[1:]])
