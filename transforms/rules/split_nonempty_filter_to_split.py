"""``[w for w in s.split() if w != ""]`` -> ``s.split()``: ``split()`` yields no empty strs."""

from __future__ import annotations

import libcst as cst

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import not_in_recursion
from ..analysis.syntax import is_name
from ..analysis.types import STR, T
from ..base import Rule
from ..registry import register

_SPLITS = frozenset({"split", "rsplit"})


def _empty_str(e: cst.BaseExpression) -> bool:
    return isinstance(e, cst.SimpleString) and e.evaluated_value == ""


def _nonempty_test(test: cst.BaseExpression, var: str) -> str | None:
    """The builtin ``test`` needs when it holds exactly for a non-empty str ``var`` (``var``,
    ``var != ""``, ``len(var) > 0``, ``var.strip()``; "" when it needs none), else None.
    (``split()`` items hold no whitespace, so ``strip()`` leaves them as they are.)"""
    if is_name(test, var):
        return ""
    if isinstance(test, cst.Call) and isinstance(test.func, cst.Attribute) \
            and is_name(test.func.value, var) and test.func.attr.value == "strip" \
            and not test.args:
        return ""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    op, left, right = (test.comparisons[0].operator, test.left,
                       test.comparisons[0].comparator)
    if isinstance(op, cst.NotEqual) and (is_name(left, var) and _empty_str(right)
                                         or _empty_str(left) and is_name(right, var)):
        return ""
    if (isinstance(left, cst.Call) and is_name(left.func, "len") and len(left.args) == 1
            and left.args[0].keyword is None and not left.args[0].star
            and is_name(left.args[0].value, var) and isinstance(right, cst.Integer)
            and (isinstance(op, (cst.GreaterThan, cst.NotEqual)) and right.value == "0"
                 or isinstance(op, cst.GreaterThanEqual) and right.value == "1")):
        return "len"
    return None


def _split_call(e: cst.BaseExpression) -> cst.Call | None:
    """``E.split()`` / ``E.rsplit()`` without arguments."""
    if (isinstance(e, cst.Call) and not e.args and isinstance(e.func, cst.Attribute)
            and e.func.attr.value in _SPLITS):
        return e
    return None


@register
class SplitNonemptyFilterToSplit(Rule):
    """``[w for w in s.split() if w]`` -> ``s.split()``; ``[w for w in words if w != ""]``
    -> ``list(words)`` (``words`` itself when the list is returned) where ``words = s.split()``:
    ``str.split()`` with no separator splits on runs of whitespace and never yields an empty
    str, so the filter keeps every item and the comprehension only copies the list.

    Sound when:

    * the comprehension has one ``for`` over a plain name, one condition that holds exactly for
      a non-empty str (``w``, ``w != ""``, ``len(w) > 0``, ``w.strip()`` -- ``strip`` removes
      the same whitespace ``split`` splits on), and its item is the loop variable itself;
    * the iterable is ``E.split()``/``E.rsplit()`` with no argument on ``E`` known to be a str,
      or a local bound once to such a call and afterwards only read (never mutated, aliased or
      handed to code that could change it: ``analysis.bindings``), often typed from the seed's
      domain (``uses_domain``). The copy is a new list with the same strs; the list itself is
      handed on only as the value of ``return``, when nothing else can hold it afterwards;
    * ``len`` (when the condition calls it) and ``list`` are the builtins, and the code is in
      no function on a recursion cycle (the comprehension's frame is a level of the limit).
    """

    id = "split-nonempty-filter-to-split"
    description = "Drop a non-empty filter over str.split(), which never yields empty strs."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # the str evidence usually comes from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_ListComp(self, original_node: cst.ListComp, updated_node: cst.ListComp):
            clause = original_node.for_in
            if (clause.asynchronous is not None or clause.inner_for_in is not None
                    or len(clause.ifs) != 1 or not isinstance(clause.target, cst.Name)
                    or not is_name(original_node.elt, clause.target.value)):
                return updated_node
            needs = _nonempty_test(clause.ifs[0].test, clause.target.value)
            if needs is None:
                return updated_node
            ev = self.ev
            if not not_in_recursion(ev, original_node):
                return updated_node  # it said why (the comprehension's frame goes)
            if needs and not ev.real_builtin(needs):
                return updated_node  # it said why
            call = _split_call(clause.iter)
            if call is not None:
                if ev.type_of(call.func.value) != STR:
                    ev.skip("no evidence the split str is a str")
                    return updated_node
                self.sites += 1
                return updated_node.for_in.iter.with_changes(
                    lpar=updated_node.lpar, rpar=updated_node.rpar)
            if not isinstance(clause.iter, cst.Name) or not self._split_list(clause.iter):
                return updated_node
            self.sites += 1
            name = cst.Name(clause.iter.value, lpar=updated_node.lpar, rpar=updated_node.rpar)
            if isinstance(ev.parent(original_node), cst.Return) and not original_node.lpar:
                return name
            if not ev.real_builtin("list"):
                self.sites -= 1
                return updated_node
            return cst.Call(func=cst.Name("list"), args=[cst.Arg(cst.Name(clause.iter.value))],
                            lpar=updated_node.lpar, rpar=updated_node.rpar)

        def _split_list(self, name: cst.Name) -> bool:
            """``name`` is a local bound once to ``E.split()`` of a str and only read."""
            ev = self.ev
            func = ev.function_of(name)
            scope = ev.scopes.get(name)
            if func is None or scope is None:
                return ev.skip("not in a function's own scope")
            if ev.type_of(name) != T("list", STR):  # bound once, only read (bindings)
                return ev.skip(f"no evidence {name.value!r} is a list of strs only read")
            bindings = list(scope.assignments[name.value])
            if len(bindings) != 1:
                return ev.skip(f"{name.value!r} is bound more than once")
            target = ev.parent(bindings[0].node)
            assign = ev.parent(target)
            call = _split_call(assign.value) if isinstance(assign, cst.Assign) else None
            if call is None or ev.type_of(call.func.value) != STR:
                return ev.skip(f"{name.value!r} is not bound to str.split() with no separator")
            return True
