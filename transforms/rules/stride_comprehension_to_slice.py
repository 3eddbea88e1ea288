"""``[xs[i] for i in range(len(xs)) if i % 3 == 0]`` -> ``xs[::3]``."""

from __future__ import annotations

import libcst as cst
from libcst.metadata import ClassScope

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import not_in_recursion
from ..analysis.syntax import is_len_of, is_name
from ..base import Rule
from ..registry import register

_SEQUENCES = frozenset({"list", "tuple", "str"})


def _int(e: cst.BaseExpression) -> int | None:
    if isinstance(e, cst.Integer) and e.value.isdigit():
        return int(e.value)
    return None


def _modulo(e: cst.BaseExpression, var: str) -> int | None:
    """``k`` of ``var % k`` (an int literal, no parentheses around the operation needed)."""
    if (isinstance(e, cst.BinaryOperation) and isinstance(e.operator, cst.Modulo)
            and is_name(e.left, var) and not e.left.lpar):
        return _int(e.right)
    return None


def _residue(test: cst.BaseExpression, var: str) -> tuple[int, int] | None:
    """(``k``, ``r``) when ``test`` holds exactly for the ints ``var >= 0`` with
    ``var % k == r``: ``i % k == r``, ``r == i % k``, ``not i % k`` (r = 0), ``i % 2`` (r = 1)."""
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 \
            and isinstance(test.comparisons[0].operator, cst.Equal):
        left, right = test.left, test.comparisons[0].comparator
        for mod, rest in ((left, right), (right, left)):
            k, r = _modulo(mod, var), _int(rest)
            if k is not None and r is not None:
                return k, r
        return None
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        k = _modulo(test.expression, var)
        return (k, 0) if k is not None else None
    k = _modulo(test, var)
    return (2, 1) if k == 2 else None


@register
class StrideComprehensionToSlice(Rule):
    """``[xs[i] for i in range(len(xs)) if i % k == r]`` -> ``xs[r::k]`` for a list ``xs``
    (``list(xs[r::k])`` for a str or tuple): every ``k``-th item from ``r`` on, copied in C
    instead of tested and indexed one index at a time.

    Sound when:

    * the comprehension has one ``for`` over ``range(len(xs))`` (``len``, ``range`` the
      builtins), one condition that holds exactly when ``i % k == r`` (``i % k == r``,
      ``not i % k``, ``i % 2``) with int literals ``k >= 2`` and ``0 <= r < k``, and its item
      is ``xs[i]``: the indices ``0 <= i < len(xs)`` with ``i % k == r`` are ``r, r + k, ...``,
      exactly the ones the slice takes, in order;
    * ``xs`` is a plain name known to hold a list, tuple or str (often from the seed's
      domain, so the rule ``uses_domain``): its length is read once either way, and reading
      its items runs no user code, so nothing can change it while the comprehension runs; an
      unbound ``xs`` fails in ``len(xs)`` as it does in the slice. The result is a new list
      either way: slicing a list copies it; a str or tuple slice is wrapped in ``list()``;
    * not in a class body (there the item would read ``xs`` from the module), nor in a
      function on a recursion cycle (the comprehension's frame is a level of the limit).
    """

    id = "stride-comprehension-to-slice"
    description = "Take every k-th item with a stepped slice, not a comprehension over indices."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # the sequence's type usually comes from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_ListComp(self, original_node: cst.ListComp, updated_node: cst.ListComp):
            site = self._site(original_node)
            if site is None:
                return updated_node
            xs, k, r = site
            if not self._applies(original_node, xs):
                return updated_node
            lower = None if r == 0 else cst.Integer(str(r))
            sliced = cst.Subscript(value=cst.Name(xs.value), slice=[cst.SubscriptElement(
                slice=cst.Slice(lower=lower, upper=None, step=cst.Integer(str(k))))])
            new: cst.BaseExpression = sliced
            if self.ev.type_of(xs).kind != "list":
                new = cst.Call(func=cst.Name("list"), args=[cst.Arg(sliced)])
            self.sites += 1
            return new.with_changes(lpar=updated_node.lpar, rpar=updated_node.rpar)

        def _site(self, comp: cst.ListComp):
            clause = comp.for_in
            if (clause.asynchronous is not None or clause.inner_for_in is not None
                    or len(clause.ifs) != 1 or not isinstance(clause.target, cst.Name)):
                return None
            var = clause.target.value
            it = clause.iter
            if not (isinstance(it, cst.Call) and is_name(it.func, "range") and len(it.args) == 1
                    and it.args[0].keyword is None and not it.args[0].star):
                return None
            length = it.args[0].value
            if not (isinstance(length, cst.Call) and len(length.args) == 1
                    and isinstance(length.args[0].value, cst.Name)):
                return None
            xs = length.args[0].value
            if not is_len_of(length, xs.value) or xs.value == var:
                return None
            elt = comp.elt
            if not (isinstance(elt, cst.Subscript) and is_name(elt.value, xs.value)
                    and len(elt.slice) == 1 and isinstance(elt.slice[0].slice, cst.Index)
                    and elt.slice[0].slice.star is None
                    and is_name(elt.slice[0].slice.value, var)):
                return None
            residue = _residue(clause.ifs[0].test, var)
            if residue is None:
                return None
            k, r = residue
            if k < 2 or not 0 <= r < k:
                return None
            return xs, k, r

        def _applies(self, comp: cst.ListComp, xs: cst.Name) -> bool:
            ev = self.ev
            if isinstance(ev.scopes.get(comp), ClassScope):
                # the item reads xs from the module, the range from the class body
                return ev.skip("in a class body")
            if not not_in_recursion(ev, comp):
                return False  # it said why (the comprehension's frame goes)
            for name in ("range", "len", "list"):
                if not ev.real_builtin(name):
                    return False  # it said why
            t = ev.type_of(xs)
            if t is None or t.kind not in _SEQUENCES:
                return ev.skip(f"no evidence {xs.value!r} is a list, tuple or str")
            return True
