"""``s[i:min(i + 3, len(s))]`` -> ``s[i:i + 3]``: a slice already clamps its bounds."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import not_in_recursion
from ..analysis.purity import Inert
from ..analysis.syntax import is_len_of
from ..analysis.types import BOOL, INT
from ..base import Rule
from ..registry import register

_SEQUENCES = frozenset({"list", "tuple", "str"})


def _clamped(bound: cst.BaseExpression | None, seq: str) -> cst.BaseExpression | None:
    """``b`` of ``min(b, len(seq))`` or ``min(len(seq), b)`` (two positional arguments)."""
    if not (isinstance(bound, cst.Call) and isinstance(bound.func, cst.Name)
            and bound.func.value == "min" and len(bound.args) == 2
            and all(a.keyword is None and not a.star for a in bound.args)):
        return None
    first, second = (a.value for a in bound.args)
    if is_len_of(second, seq) and not is_len_of(first, seq):
        return first
    if is_len_of(first, seq) and not is_len_of(second, seq):
        return second
    return None


@register
class ClampedSliceToPlainSlice(Rule):
    """``s[a:min(b, len(s))]`` -> ``s[a:b]`` (and ``s[min(b, len(s)):]`` -> ``s[b:]``): slicing
    a list, tuple or str already treats a bound past the end as the end, so the clamp only costs
    a ``len`` and a ``min`` call.

    With no step (or a step of 1), a bound ``b >= len(s)`` is taken as ``len(s)``, which is what
    ``min`` gives; a smaller ``b`` (negative ones included) is what ``min`` gives too. Sound
    when:

    * ``s`` is a plain name known to hold a list, tuple or str (often from the seed's domain,
      so the rule ``uses_domain``): its ``__len__`` and slicing are the builtin ones;
    * ``b`` is known to be an int or bool and every bound evaluated (``b`` and the other one)
      provably runs no user code (``analysis.purity.Inert``), so nothing rebinds ``s`` or
      changes its length between ``len(s)`` and the slice, and dropping ``min``'s evaluation of
      ``len(s)`` hides no error;
    * ``min`` and ``len`` are the builtins, and the code is in no function on a recursion
      cycle (the ``min`` call is a level of the recursion limit).
    """

    id = "clamped-slice-to-plain-slice"
    description = "Drop a min(b, len(s)) clamp from a slice bound: slicing clamps already."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # the sequence's type usually comes from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_Subscript(self, original_node: cst.Subscript,
                            updated_node: cst.Subscript) -> cst.BaseExpression:
            if not (isinstance(original_node.value, cst.Name) and len(original_node.slice) == 1
                    and isinstance(original_node.slice[0].slice, cst.Slice)):
                return updated_node
            seq = original_node.value.value
            part = original_node.slice[0].slice
            if part.step is not None and not (isinstance(part.step, cst.Integer)
                                              and part.step.value == "1"):
                return updated_node
            changes = {}
            for field in ("lower", "upper"):
                bound = _clamped(getattr(part, field), seq)
                if bound is not None and self._applies(original_node, part, bound):
                    new_part = getattr(updated_node.slice[0].slice, field)
                    kept = _clamped(new_part, seq)
                    if kept is not None:
                        changes[field] = kept.with_changes(lpar=[], rpar=[]) \
                            if _bare(kept) else kept
            if not changes:
                return updated_node
            self.sites += len(changes)
            element = updated_node.slice[0]
            return updated_node.with_changes(slice=[element.with_changes(
                slice=element.slice.with_changes(**changes))])

        def _applies(self, subscript: cst.Subscript, part: cst.Slice,
                     bound: cst.BaseExpression) -> bool:
            ev = self.ev
            if not not_in_recursion(ev, subscript):
                return False  # it said why (the min() call goes)
            for name in ("min", "len"):
                if not ev.real_builtin(name):
                    return False  # it said why
            t = ev.type_of(subscript.value)
            if t is None or t.kind not in _SEQUENCES:
                return ev.skip(f"no evidence {subscript.value.value!r} is a list, tuple or str")
            if ev.type_of(bound) not in (INT, BOOL):
                return ev.skip("no evidence the bound is an int")
            inert = Inert(ev)
            if not all(p is None or inert.expr(p) for p in (part.lower, part.upper)):
                return ev.skip("a bound may run user code")
            return True


def _bare(e: cst.BaseExpression) -> bool:
    """``(3 * i + 3)`` as a slice bound needs no parentheses of its own."""
    return bool(e.lpar) and "\n" not in cst.Module(body=[]).code_for_node(e)
