"""A dict-counting loop over hashable items -> ``dict(Counter(items))``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import DYNAMIC_FUNCTION, TARGETS_NOT_PRIVATE, FusePairs, guarded
from ..analysis import assigned_names
from ..analysis.names import loop_target_names, read_names
from ..base import Rule
from ..registry import register

_EMPTY_DICT = m.Dict(elements=[]) | m.Call(func=m.Name("dict"), args=[])
_INIT = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(target=m.Name())],
                                             value=_EMPTY_DICT)])
# Items whose hashing and equality are builtin code that cannot fail or call back.
_HASHABLE = frozenset({"int", "bool", "str", "bytes", "float"})
# Iterables whose iteration runs no user code (a generator would, and could see the dict);
# not a dict: Counter(mapping) takes its values as counts.
_BUILTIN_ITERABLES = frozenset({"list", "tuple", "str", "set", "frozenset", "range"})


def _subscript(d: str, k: str):
    return m.Subscript(value=m.Name(d), slice=[m.SubscriptElement(slice=m.Index(value=m.Name(k)))])


def _counts(body: cst.BaseSuite, d: str, k: str) -> bool:
    """The loop body is ``if k not in d: d[k] = 0`` + ``d[k] += 1``, or ``d[k] = d.get(k, 0) + 1``."""
    if not isinstance(body, cst.IndentedBlock):
        return False
    stmts = list(body.body)
    get_form = m.SimpleStatementLine(body=[m.Assign(
        targets=[m.AssignTarget(target=_subscript(d, k))],
        value=m.BinaryOperation(left=m.Call(func=m.Attribute(value=m.Name(d), attr=m.Name("get")),
                                            args=[m.Arg(value=m.Name(k), keyword=None),
                                                  m.Arg(value=m.Integer("0"), keyword=None)]),
                                operator=m.Add(), right=m.Integer("1")))])
    if len(stmts) == 1:
        return m.matches(stmts[0], get_form)
    if len(stmts) != 2:
        return False
    guard = m.If(test=m.Comparison(left=m.Name(k), comparisons=[m.ComparisonTarget(
        operator=m.NotIn(), comparator=m.Name(d))]),
        body=m.IndentedBlock(body=[m.SimpleStatementLine(body=[m.Assign(
            targets=[m.AssignTarget(target=_subscript(d, k))], value=m.Integer("0"))])]),
        orelse=None)
    bump = m.SimpleStatementLine(body=[m.AugAssign(target=_subscript(d, k), operator=m.AddAssign(),
                                                   value=m.Integer("1"))])
    return m.matches(stmts[0], guard) and m.matches(stmts[1], bump)


@register
class CountLoopToCounter(Rule):
    """``d = {}`` + ``for k in xs: if k not in d: d[k] = 0; d[k] += 1`` (or
    ``d[k] = d.get(k, 0) + 1``) -> ``d = dict(Counter(xs))``.

    ``Counter`` counts an iterable in C the way the loop does: each item looked up, the first
    equal key kept, its count raised by one, keys in the order first seen; ``dict(...)`` gives
    back an exact ``dict`` with the same items in the same order. Sound when ``xs`` is a builtin
    container whose items are known ints, strs, bools, bytes or floats (hashing and comparing
    them runs no user code and cannot fail; NaN keys behave the same, each object its own key):
    then nothing can run during the loop and see the half-counted dict, and no exception can
    leave one behind. The loop variable must be used nowhere else (it is no longer bound), ``d``
    a fresh local not read by ``xs``, the loop without ``else``, outside try/with. Item types
    often come from the seed's domain (``xs: list[int]``): the rule ``uses_domain``.
    """

    id = "count-loop-to-counter"
    description = "Count hashable items with collections.Counter instead of a dict loop."
    category = "performance"
    family = "loops-builtins"
    intent = "faster"
    uses_domain = True

    class Transformer(FusePairs, EvidenceTransformer):
        def _applies(self, init: cst.CSTNode, loop: cst.CSTNode) -> bool:
            if not (m.matches(init, _INIT) and isinstance(loop, cst.For)
                    and isinstance(loop.target, cst.Name)):
                return False
            d, k = init.body[0].targets[0].target.value, loop.target.value
            if d == k or not _counts(loop.body, d, k):
                return False
            ev = self.ev
            if loop.asynchronous is not None or loop.orelse is not None:
                return ev.skip("async loop or a loop with else")
            if isinstance(init.body[0].value, cst.Call) and not ev.is_builtin("dict"):
                return ev.skip("dict is shadowed")
            func = ev.function_of(loop)
            if func is None or not ev.simple_function(func):
                return ev.skip(DYNAMIC_FUNCTION if func else "not in a function's own scope")
            if not ev.is_builtin("Counter") or any(
                    n.value in ("Counter", "collections") for n in m.findall(ev.module, m.Name())):
                return ev.skip("the name Counter (or collections) is used in the module")
            if d in {n.value for n in read_names(loop.iter)}:
                return ev.skip("the iterable reads the dict")
            if not self._private(loop, k):
                return ev.skip(TARGETS_NOT_PRIVATE)
            if guarded(ev, loop, func):
                return False
            t = ev.type_of(loop.iter)
            item = ev.elem_of(loop.iter)
            if t is None or t.kind not in _BUILTIN_ITERABLES or item is None \
                    or item.kind not in _HASHABLE:
                return ev.skip("no evidence the items are builtin hashables of a builtin "
                               "container (ints, strs...)")
            return True

        def _inside(self, node: cst.CSTNode, loop: cst.For) -> bool:
            while node is not None:
                if node is loop:
                    return True
                node = self.ev.parent(node)
            return False

        def _private(self, loop: cst.For, k: str) -> bool:
            """The function's variable ``k`` is bound and read only inside the loop (a
            comprehension's own ``k`` elsewhere is another variable), not read by the iterable
            -- or inside another ``for`` loop that binds ``k`` itself (``for k, c in
            d.items()`` after the count): its body reads only the value that loop gave it.
            Nothing that reads ``k`` may see it from a nested scope either."""
            scope = self.ev.scopes.get(loop)
            if k in {n.value for n in read_names(loop.iter)}:
                return False
            for n in m.findall(self.ev.function_of(loop), m.Name(k)):
                inner = self.ev.scopes.get(n)
                if inner is not None and inner is not scope and not inner.assignments[k]:
                    return False  # a closure or lambda may read it at any time
            nodes = [a.node for a in scope.assignments[k]] + [a.node for a in scope.accesses[k]]
            return all(self._inside(n, loop) or self._rebinding_loop(n, k) for n in nodes)

        def _rebinding_loop(self, node: cst.CSTNode, k: str) -> bool:
            """``node`` is the target ``k`` of a ``for`` loop, or sits in the body of one whose
            target binds ``k`` and whose body never rebinds it."""
            child, current = node, self.ev.parent(node)
            while current is not None:
                if isinstance(current, cst.For) and k in loop_target_names(current.target) \
                        and k not in assigned_names(current.body) and current.orelse is None:
                    if child is current.body:
                        return True
                    if child is current.target:  # the binding itself (or a tuple holding it)
                        return True
                child, current = current, self.ev.parent(current)
            return False

        def _build(self, init: cst.SimpleStatementLine, loop: cst.For) -> cst.SimpleStatementLine:
            AddImportsVisitor.add_needed_import(self.context, "collections", "Counter")
            assign = init.body[0]
            call = cst.Call(func=cst.Name("dict"), args=[cst.Arg(cst.Call(
                func=cst.Name("Counter"), args=[cst.Arg(loop.iter.with_changes(lpar=[], rpar=[])
                                                        if not isinstance(loop.iter, cst.Tuple)
                                                        else loop.iter)]))])
            return init.with_changes(body=[assign.with_changes(value=call)])
