"""A list a statement may grow in place, spelled ``xs.append(v)`` or ``xs += [v]`` (shared by
``list-append-to-plus-equals`` and ``plus-equals-to-list-append``)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope

from .syntax import hands_back


def local_list(ev, name: cst.Name) -> bool:
    """``name`` is a local of the ``def`` it is read in (not a global or free variable, which
    ``name += ...`` would turn into an unbound local) and holds an exact list there."""
    scope = ev.scopes.get(name)
    if not (isinstance(scope, FunctionScope) and isinstance(scope.node, cst.FunctionDef)
            and scope.assignments[name.value]):
        return ev.skip("not a local variable of the function") and False
    t = ev.type_of(name)
    return t is not None and t.kind == "list" or ev.skip("no evidence the name holds an exact list")


# What an item moved between ``acc.append(v)`` and ``acc = acc + [v]`` must not hold.
RISKY_ITEM = m.NamedExpr() | m.Yield() | m.Await()

# ``append`` <-> ``acc = acc + [v]``: the second builds a new list and rebinds the name, so the
# two agree only while no other reference to the list exists (an alias would see the item
# appended in place, never the new list).
_LIST_METHODS = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "sort",
                           "reverse", "count", "index", "copy"})
# Builtins that consume a list at once and keep no reference to it (not ``iter``, ``reversed``,
# ``enumerate``, ``zip``, ``map``, ``filter``: their iterators would see later appends).
_EAGER_READERS = frozenset({"len", "sum", "min", "max", "sorted", "list", "tuple", "set",
                            "frozenset", "any", "all", "str", "repr", "print", "bool", "dict"})


def unaliased_list(ev, func: cst.FunctionDef, name: cst.Name) -> bool:
    """Local ``name`` (read at ``name``) only ever holds lists made on the spot and no other
    reference to them can exist: every binding stores a fresh list (``sequences.own_object``),
    no nested scope sees the name, and every use is a binding, a call of a list method on it,
    an index, an operand of an operator or comparison, a test, ``return``, an argument of a
    builtin that consumes it at once, or the iterable of a ``for`` whose body does not name it."""
    from .loops import local_only

    scope = ev.scopes.get(name)
    bindings = _fresh_bindings(ev, func, scope, name.value)
    if bindings is None:
        return ev.skip("not a local bound only to fresh lists")
    if not local_only(ev, func, scope, name.value):
        return False
    for use in _names(func.body, name.value):
        if not any(use is b for b in bindings) and not _private_use(ev, use):
            return ev.skip(f"{name.value!r} may be aliased (used other than in place)")
    return True


def _fresh_bindings(ev, func: cst.FunctionDef, scope, name: str) -> list[cst.Name] | None:
    """The Name nodes binding local ``name`` when every one stores a list made on the spot:
    ``name = <fresh list>`` (``sequences.own_object``), or its place in ``a, name = x, <fresh
    list>`` (a display of as many items, none starred); else None."""
    from libcst.metadata import Assignment, FunctionScope

    from .scopes import global_nonlocal_names
    from .sequences import fresh_list

    if not isinstance(scope, FunctionScope) or scope.node is not func \
            or name in global_nonlocal_names(func) or name in ev.hidden_bindings(func):
        return None
    nodes = []
    for a in scope.assignments[name]:
        node = a.node
        if type(a) is not Assignment or not isinstance(node, cst.Name):
            return None
        parent = ev.parent(node)
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            if len(ev.parent(parent).targets) != 1:
                return None  # ``a = b = []``: two names, one list
            value = ev.parent(parent).value
        elif isinstance(parent, cst.Element):
            value = _unpacked_value(ev, node, parent)
        else:
            return None
        if value is None or not fresh_list(ev, value):
            return None
        nodes.append(node)
    return nodes or None


def _unpacked_value(ev, node: cst.Name, element: cst.Element) -> cst.BaseExpression | None:
    """The value ``node`` gets in ``a, node = x, value`` (one target, displays of as many
    items, none starred), else None."""
    target = ev.parent(element)
    assign_target = ev.parent(target)
    assign = ev.parent(assign_target)
    if not (isinstance(target, (cst.Tuple, cst.List)) and isinstance(assign_target, cst.AssignTarget)
            and assign_target.target is target and isinstance(assign, cst.Assign)
            and len(assign.targets) == 1 and isinstance(assign.value, (cst.Tuple, cst.List))):
        return None
    items, values = target.elements, assign.value.elements
    if len(items) != len(values) or any(
            isinstance(el, cst.StarredElement) for el in (*items, *values)):
        return None
    return values[[i for i, el in enumerate(items) if el is element][0]].value


def _names(node: cst.CSTNode, value: str) -> list[cst.Name]:
    found: list[cst.Name] = []

    class _Find(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            if n.value == value:
                found.append(n)

        def visit_Attribute(self, n: cst.Attribute) -> bool:
            n.value.visit(self)  # ``obj.name`` is another object's attribute
            return False

    node.visit(_Find())
    return found


def _private_use(ev, node: cst.Name) -> bool:
    parent = ev.parent(node)
    if isinstance(parent, cst.Attribute):
        call = ev.parent(parent)
        return (parent.value is node and parent.attr.value in _LIST_METHODS
                and isinstance(call, cst.Call) and call.func is parent)
    if isinstance(parent, (cst.AssignTarget, cst.Del)):
        return True  # a binding (``own_object`` checked it) or ``del``
    if isinstance(parent, cst.AugAssign):
        return True  # ``acc += ...`` extends the list in place, or reads it as an operand
    if isinstance(parent, cst.Subscript):
        return parent.value is node
    if isinstance(parent, cst.Arg):
        call = ev.parent(parent)
        if not (parent.keyword is None and not parent.star and isinstance(call, cst.Call)
                and isinstance(call.func, cst.Name) and call.func.value in _EAGER_READERS
                and ev.is_builtin(call.func.value)):
            return False
        return not hands_back(call, parent)  # ``max(acc, [0])``, ``sum([], acc)``: an alias
    if isinstance(parent, cst.Return):
        return not _before_finally(ev, parent)
    if isinstance(parent, (cst.Comparison, cst.ComparisonTarget, cst.BinaryOperation,
                           cst.UnaryOperation)):
        return True
    if isinstance(parent, (cst.If, cst.While, cst.IfExp)):
        return parent.test is node
    if isinstance(parent, cst.Element):  # ``return a, b``: handed over as the function ends
        display = ev.parent(parent)
        return (isinstance(display, cst.Tuple) and isinstance(ev.parent(display), cst.Return)
                and not _before_finally(ev, ev.parent(display)))
    if isinstance(parent, cst.For):
        return parent.iter is node and not _names(parent.body, node.value) \
            and (parent.orelse is None or not _names(parent.orelse, node.value))
    return False


def _before_finally(ev, ret: cst.Return) -> bool:
    """``ret`` lies in the body, a handler or the ``else`` of a ``try`` with a ``finally``,
    which runs after the returned value is taken and may still grow the list it returned."""
    child, node = ret, ev.parent(ret)
    while node is not None and not isinstance(node, (cst.FunctionDef, cst.Lambda)):
        if isinstance(node, (cst.Try, cst.TryStar)) and node.finalbody is not None \
                and child is not node.finalbody:
            return True
        child, node = node, ev.parent(node)
    return False
