"""``[ord(c) for c in s if c.isupper()]`` -> ``list(map(ord, filter(str.isupper, s)))``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.lambdas import iterating_consumer
from ..analysis.syntax import moved_out
from ..analysis.types import _STR_TO_BOOL, STR
from ..base import Rule
from ..registry import register

# Builtins that, on builtin scalars, run no user code and return a builtin value.
_FUNCS = frozenset({"ord", "chr", "abs", "int", "float", "str", "len", "bool"})
_SCALARS = frozenset({"int", "bool", "float", "str", "bytes"})
# Of the consumers (``analysis.lambdas.iterating_consumer``), those that only add, compare or
# hash builtin values on the way (``sum`` of ints, ``min``/``max`` of one kind, ``set`` of
# scalars); the others (``sorted``/``tuple``/``list``, ``str.join``) materialise the iterable
# first. For either, a lazy ``map`` is the same as a finished list.
_FOLDS = frozenset({"sum", "min", "max", "set", "frozenset"})


@register
class ComprehensionToMapBuiltin(Rule):
    """``[f(x) for x in xs]`` -> ``list(map(f, xs))``, ``[x for x in xs if x.p()]`` ->
    ``list(filter(str.p, xs))`` and ``[f(x) for x in xs if x.p()]`` -> ``list(map(f,
    filter(str.p, xs)))``, for a builtin function ``f`` and a str predicate method ``p``; a
    comprehension (or generator expression) that is the only argument of ``sum``, ``min``,
    ``max``, ``sorted``, ``tuple``, ``list``, ``set``, ``frozenset`` or ``"...".join`` becomes
    the bare ``map``/``filter`` object there. ``map`` and ``filter`` run the loop in C.

    Sound when:

    * the items are builtin scalars (from the seed's domain, so the rule ``uses_domain``): then
      ``f`` (one of ``ord``, ``chr``, ``abs``, ``int``, ``float``, ``str``, ``len``, ``bool``)
      runs no user code, raises what it raised, and never ``StopIteration`` (which a lambda or
      generator would turn into something else); ``p`` filters only exact strs, where
      ``str.p(x)`` is ``x.p()``;
    * ``xs`` is evaluated once and ``iter`` called on it first in both; ``f`` and ``str`` are
      builtin names (``real_builtin``), looked up before ``xs`` instead of per item: nothing
      can tell;
    * a consumer gets the items lazily instead of a finished list: eager consumers build their
      own list first; ``sum`` of ints, ``min``/``max`` of items of one kind and ``set`` of
      scalars run no code and raise nothing between items, so an exception of ``f`` surfaces
      from the same item with nothing else seen; short-circuiting consumers (``any``/``all``)
      are left alone (they would stop before an item that raises). A consumer with other
      arguments is left alone too (they would be evaluated before the items).
    """

    id = "comprehension-to-map-builtin"
    description = "Replace a comprehension applying a builtin or str predicate by map/filter."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    uses_domain = True  # the items' types usually come from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_ListComp(self, original_node, updated_node):
            return self._rewrite(original_node, updated_node)

        def leave_GeneratorExp(self, original_node, updated_node):
            return self._rewrite(original_node, updated_node)

        def _consumer(self, comp) -> str | None:
            """The consumer ``comp`` is the only argument of: a builtin's name, or "join"."""
            arg = self.ev.parent(comp)
            call = self.ev.parent(arg) if isinstance(arg, cst.Arg) else None
            if not (isinstance(call, cst.Call) and len(call.args) == 1 and call.args[0] is arg):
                return None
            kind = iterating_consumer(call)  # (its argument positional and not starred)
            if kind == "join":
                return "join" if isinstance(call.func.value, cst.SimpleString) else None
            if kind is not None and self.ev.is_builtin(call.func.value) and self.ev.builtins_pinned:
                return call.func.value
            return None

        def _shape(self, comp):
            """(f or None, p or None) of ``[f(x) for x in xs if x.p()]``, else None."""
            clause = comp.for_in
            if clause.inner_for_in is not None or clause.asynchronous is not None \
                    or not isinstance(clause.target, cst.Name) or len(clause.ifs) > 1:
                return None
            x = clause.target.value
            f = p = None
            if not m.matches(comp.elt, m.Name(x)):
                if not (m.matches(comp.elt, m.Call(func=m.Name(), args=[m.Arg(
                        value=m.Name(x), keyword=None, star="")]))
                        and comp.elt.func.value in _FUNCS):
                    return None
                f = comp.elt.func.value
            if clause.ifs:
                test = clause.ifs[0].test
                if not (m.matches(test, m.Call(func=m.Attribute(value=m.Name(x)), args=[]))
                        and test.func.attr.value in _STR_TO_BOOL):
                    return None
                p = test.func.attr.value
            return (f, p) if (f or p) else None

        def _rewrite(self, original_node, updated_node):
            shape = self._shape(original_node)
            if shape is None:
                return updated_node
            f, p = shape
            ev = self.ev
            consumer = self._consumer(original_node)
            if consumer in ("any", "all"):
                self.skip("any/all stop early: an item that raises might no longer be reached")
                return updated_node
            if isinstance(original_node, cst.GeneratorExp) and consumer is None:
                return updated_node  # a lazy generator elsewhere: no list to make
            xs = original_node.for_in.iter
            item = ev.elem_of(xs)
            t = ev.type_of(xs)
            if t is None or item is None or item.kind not in _SCALARS:
                self.skip("no evidence the items are builtin scalars")
                return updated_node
            if p is not None and item != STR:
                self.skip("no evidence the filtered items are strs")
                return updated_node
            names = [n for n in (f, "map" if f else None, "filter" if p else None,
                                 "str" if p else None) if n]
            if consumer is None:
                names.append("list")
            if not all(ev.real_builtin(n) for n in names):
                return updated_node  # it said why
            if consumer in _FOLDS and not self._fold_safe(consumer, original_node.elt):
                self.skip(f"{consumer} could raise or run code between items")
                return updated_node
            items = moved_out(xs)
            if p is not None:
                items = cst.Call(func=cst.Name("filter"), args=[
                    cst.Arg(value=cst.Attribute(value=cst.Name("str"), attr=cst.Name(p))),
                    cst.Arg(value=items)])
            if f is not None:
                items = cst.Call(func=cst.Name("map"), args=[cst.Arg(value=cst.Name(f)),
                                                             cst.Arg(value=items)])
            self.sites += 1
            if consumer is None:
                items = cst.Call(func=cst.Name("list"), args=[cst.Arg(value=items)])
            return items.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)

        def _fold_safe(self, consumer: str, elt) -> bool:
            """Each item the fold gets is a builtin value whose adding (``sum``: ints only),
            comparing (one kind) or hashing cannot raise or run code."""
            t = self.ev.type_of(elt)
            if t is None:
                return False
            if consumer == "sum":
                return t.kind in ("int", "bool")
            if consumer in ("min", "max"):
                return t.kind in ("int", "bool", "float", "str")
            return t.kind in _SCALARS
