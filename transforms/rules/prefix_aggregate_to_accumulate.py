"""``[max(xs[:i + 1]) for i in range(len(xs))]`` (quadratic) -> ``list(accumulate(xs, max))``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor
from libcst.metadata import ClassScope, ImportAssignment

from ..analysis.evidence import EvidenceTransformer
from ..analysis.syntax import is_len_of, moved_out
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

_AGGREGATES = ("max", "min", "sum")
# Items that ``max``/``min`` compare with builtin code only (no user ``__gt__`` to count calls).
_COMPARED = frozenset({"int", "bool", "float", "str", "bytes"})
_SEQUENCES = frozenset({"list", "tuple", "str"})


def _plus_one(e: cst.BaseExpression, i: str) -> bool:
    one, name = m.Integer(value="1"), m.Name(i)
    return m.matches(e, m.BinaryOperation(left=name, operator=m.Add(), right=one)
                     | m.BinaryOperation(left=one, operator=m.Add(), right=name))


def _shape(comp: cst.ListComp) -> tuple[str, str] | None:
    """(aggregate, xs) when ``comp`` is ``[AGG(xs[:i + 1]) for i in range(len(xs))]`` or
    ``[AGG(xs[:i]) for i in range(1, len(xs) + 1)]`` (``xs[0:...]`` too); the prefix it
    aggregates always holds one item at least."""
    clause, elt = comp.for_in, comp.elt
    if clause.asynchronous is not None or clause.inner_for_in is not None or clause.ifs \
            or not isinstance(clause.target, cst.Name) or clause.target.lpar:
        return None
    i = clause.target.value
    if not (m.matches(elt, m.Call(func=m.Name(), args=[m.Arg(keyword=None, star="")]))
            and elt.func.value in _AGGREGATES):
        return None
    sub = elt.args[0].value
    if not (isinstance(sub, cst.Subscript) and isinstance(sub.value, cst.Name)
            and len(sub.slice) == 1 and isinstance(sub.slice[0].slice, cst.Slice)):
        return None
    xs, sl = sub.value.value, sub.slice[0].slice
    if sl.step is not None or not (sl.lower is None or m.matches(sl.lower, m.Integer(value="0"))):
        return None
    upper = sl.upper
    rng = clause.iter
    if not m.matches(rng, m.Call(func=m.Name("range"))) or any(
            a.keyword is not None or a.star for a in rng.args):
        return None
    args = [a.value for a in rng.args]
    if len(args) == 1 and is_len_of(args[0], xs) and upper is not None and _plus_one(upper, i):
        return elt.func.value, xs
    if (len(args) == 2 and m.matches(args[0], m.Integer(value="1"))
            and isinstance(args[1], cst.BinaryOperation) and isinstance(args[1].operator, cst.Add)
            and is_len_of(args[1].left, xs) and m.matches(args[1].right, m.Integer(value="1"))
            and m.matches(upper, m.Name(i))):
        return elt.func.value, xs
    return None


@register
class PrefixAggregateToAccumulate(Rule):
    """``[max(xs[:i + 1]) for i in range(len(xs))]`` -> ``list(accumulate(xs, max))``, and the
    same with ``min``; ``[sum(xs[:i + 1]) ...]`` -> ``list(accumulate(xs))`` for ints. Each
    prefix is aggregated from scratch (quadratic); ``itertools.accumulate`` carries the running
    value (linear).

    Sound when:

    * ``max(prefix)`` is a left fold: it keeps the first item, then takes each next item ``x``
      when ``x > current`` -- exactly what ``max(current, x)`` does at each step of
      ``accumulate``; the same for ``min`` with ``<``. So every result is the very same object,
      for NaNs and signed zeros too, and a comparison that raises (an int against a str)
      raises at the same item. The items are builtin scalars (ints, floats, strs, bytes,
      bools: from the seed's domain, so the rule ``uses_domain``), whose comparisons run no user
      code: how many are made (quadratically many before) cannot be observed;
    * ``sum`` only of ints: ``0 + x0 + ... + xi`` equals ``x0 + ... + xi`` (not for floats:
      ``0 + -0.0`` is ``0.0``, and ``sum`` rounds differently from Python 3.12 on);
    * ``xs`` is a plain name of a list, tuple or str: the comprehension reads it through a
      closure cell on every item, but nothing runs that could rebind or mutate it; unbound, both
      raise ``UnboundLocalError`` where the iterable is evaluated, in the enclosing scope (not a
      class body: there the item would read ``xs`` from the module, the range from the class);
    * ``max``/``min``/``sum``/``range``/``len``/``list`` are the builtins and ``accumulate``
      is bound by nothing but ``from itertools import accumulate`` (the rule adds that).
    """

    id = "prefix-aggregate-to-accumulate"
    description = "Replace a max/min/sum recomputed over every prefix by itertools.accumulate."
    category = "performance"
    family = "algorithmic"
    intent = "faster"
    uses_domain = True  # the items' types usually come from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_ListComp(self, original_node: cst.ListComp,
                           updated_node: cst.BaseExpression) -> cst.BaseExpression:
            shape = _shape(original_node)
            if shape is None:
                return updated_node
            agg, xs = shape
            ev = self.ev
            if isinstance(ev.scopes.get(original_node), ClassScope):
                # the item reads xs from the module, range(len(xs)) from the class body
                self.skip("in a class body")
                return updated_node
            if not all(ev.real_builtin(b) for b in (agg, "range", "len", "list")):
                return updated_node  # it said why
            if not _accumulate_free(ev):
                self.skip("the name accumulate is bound to something else")
                return updated_node
            t = ev.type_of(original_node.elt.args[0].value.value)
            item = ev.elem_of(original_node.elt.args[0].value.value)
            if t is None or t.kind not in _SEQUENCES:
                self.skip(f"no evidence {xs!r} is a list, tuple or str")
                return updated_node
            ok = is_int(item) if agg == "sum" else (item is not None and item.kind in _COMPARED)
            if not ok:
                self.skip("no evidence the items are ints" if agg == "sum"
                          else "no evidence the items are builtin scalars")
                return updated_node
            AddImportsVisitor.add_needed_import(self.context, "itertools", "accumulate")
            args = [cst.Arg(value=cst.Name(xs))]
            if agg != "sum":
                args.append(cst.Arg(value=cst.Name(agg)))
            self.sites += 1
            call = cst.Call(func=cst.Name("accumulate"), args=args)
            return moved_out(cst.Call(func=cst.Name("list"), args=[cst.Arg(value=call)])) \
                .with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)


def _accumulate_free(ev) -> bool:
    """``accumulate`` is bound in the module by nothing but ``from itertools import
    accumulate`` (or not at all), and the module cannot rebind names at run time."""
    if not ev.builtins_pinned:
        return False
    if ev.is_builtin("accumulate"):
        return True
    for scope in {s for s in ev.scopes.values() if s is not None}:
        for a in scope.assignments["accumulate"]:
            node = a.node if isinstance(a, ImportAssignment) else None
            if not (isinstance(node, cst.ImportFrom) and m.matches(node.module, m.Name("itertools"))
                    and not node.relative and not isinstance(node.names, cst.ImportStar)
                    and all(m.matches(al.name, m.Name("accumulate")) and al.asname is None
                            for al in node.names if al.evaluated_alias == "accumulate"
                            or al.evaluated_name == "accumulate")):
                return False
    return True
