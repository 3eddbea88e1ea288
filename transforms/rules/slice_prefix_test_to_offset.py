"""``s[i:].startswith(p)`` -> ``s.startswith(p, i)``: test in place instead of slicing a copy."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import assigned_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.types import STR, is_int
from ..base import Rule
from ..registry import register

_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def _range_len_of(iterable: cst.BaseExpression, seq: str) -> bool:
    """``range(len(seq))`` or ``range(a, len(seq))``: every value is below ``len(seq)``."""
    if not (isinstance(iterable, cst.Call) and m.matches(iterable.func, m.Name("range"))
            and 1 <= len(iterable.args) <= 2
            and all(a.keyword is None and not a.star for a in iterable.args)):
        return False
    return m.matches(iterable.args[-1].value, m.Call(
        func=m.Name("len"), args=[m.Arg(value=m.Name(seq), keyword=None, star="")]))


@register
class SlicePrefixTestToOffset(Rule):
    """``s[i:].startswith(p)`` -> ``s.startswith(p, i)``, ``s[:j].endswith(p)`` ->
    ``s.endswith(p, 0, j)`` (and the other two combinations) for a str ``s`` and str ``p``.

    ``str.startswith``/``endswith`` with ``start``/``end`` test the slice ``s[start:end]``
    without building it, clamping the bounds as slicing does (negative ones count from the
    end). The results agree for every int bound except one case, checked exhaustively: an
    empty ``p`` with ``i > len(s)`` (the empty slice starts with ""; ``s.startswith("", i)``
    is False). So a lower bound needs ``p`` to be a non-empty string literal, or ``i`` to be
    the variable of an enclosing ``for i in range(len(s))`` / ``range(a, len(s))`` (loop or
    list/set/dict comprehension, ``s`` a name) whose body rebinds neither ``i`` nor ``s``, with
    no function boundary in between (a generator expression runs later, when ``s`` may have
    been rebound). The slice evaluated ``i`` before ``p``, the new call after: both must
    be total (no user code, cannot raise: names with scalar evidence, literals, int
    arithmetic), so the order is unobservable. ``s`` is evaluated first either way.
    """

    id = "slice-prefix-test-to-offset"
    description = "Test startswith/endswith at an offset instead of on a slice copy."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(EvidenceTransformer):
        def _bounded(self, call: cst.Call, seq: cst.BaseExpression, index: cst.Name) -> bool:
            """``index`` is below ``len(seq)`` wherever ``call`` runs."""
            if not isinstance(seq, cst.Name) or not isinstance(index, cst.Name):
                return False
            ev = self.ev
            if not (ev.is_builtin("range") and ev.is_builtin("len")):
                return False
            node, child = ev.parent(call), call
            while node is not None and not isinstance(node, _SCOPES):
                if (isinstance(node, cst.For) and child is node.body
                        and node.asynchronous is None
                        and m.matches(node.target, m.Name(index.value))
                        and _range_len_of(node.iter, seq.value)):
                    return not {index.value, seq.value} & assigned_names(node.body)
                clause = None
                if isinstance(node, cst.CompFor):
                    if child is node.iter:
                        return False  # evaluated before the clause binds anything
                    clause = node  # the test is in this clause's conditions
                elif isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp,
                                       cst.DictComp)):
                    clause = node.for_in  # the test is in the element
                if clause is not None:
                    comp = clause if isinstance(node, cst.CompFor) else node
                    while isinstance(comp, cst.CompFor):
                        comp = ev.parent(comp)
                    return (not isinstance(comp, cst.GeneratorExp)  # runs later: s may change
                            and clause.inner_for_in is None and clause.asynchronous is None
                            and m.matches(clause.target, m.Name(index.value))
                            and _range_len_of(clause.iter, seq.value)
                            and not m.findall(comp, m.NamedExpr()))
                node, child = ev.parent(node), node
            return False

        def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
            func = original_node.func
            if not (isinstance(func, cst.Attribute)
                    and func.attr.value in ("startswith", "endswith")
                    and isinstance(func.value, cst.Subscript) and len(func.value.slice) == 1
                    and isinstance(func.value.slice[0].slice, cst.Slice)
                    and len(original_node.args) == 1 and not original_node.args[0].star
                    and original_node.args[0].keyword is None):
                return updated_node
            sl = func.value.slice[0].slice
            if sl.step is not None or (sl.lower is None) == (sl.upper is None):
                self.skip("a slice with a step, or with both or no bounds")
                return updated_node
            ev = self.ev
            seq, bound = func.value.value, sl.lower if sl.lower is not None else sl.upper
            prefix = original_node.args[0].value
            if not (ev.type_of(seq) == STR and ev.type_of(prefix) == STR
                    and is_int(ev.type_of(bound)) and ev.is_total(bound)
                    and ev.is_total(prefix)):
                self.skip("no evidence of a str sliced by a total int bound and a str prefix")
                return updated_node
            if sl.lower is not None and not (
                    isinstance(prefix, cst.SimpleString) and prefix.evaluated_value
                    or self._bounded(original_node, seq, bound)):
                self.skip("the start may be past the end (an empty prefix would then differ)")
                return updated_node
            new_func = updated_node.func
            if not (isinstance(new_func, cst.Attribute)
                    and isinstance(new_func.value, cst.Subscript)):
                return updated_node
            new_slice = new_func.value.slice[0].slice
            target = new_func.value.value
            p = updated_node.args[0].value
            if sl.lower is not None:
                args = [cst.Arg(p), cst.Arg(new_slice.lower)]
            else:
                args = [cst.Arg(p), cst.Arg(cst.Integer("0")), cst.Arg(new_slice.upper)]
            commas = [a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                      for a in args[:-1]]
            self.sites += 1
            return updated_node.with_changes(
                func=new_func.with_changes(value=target), args=[*commas, args[-1]])
