"""When ``sum(xs)`` and ``functools.reduce(lambda a, b: a + b, xs, 0)`` are the same
computation (``sum-to-reduce`` and its inverse ``reduce-add-to-sum``), and ``"".join(xs)`` and
``functools.reduce(lambda a, b: a + b, xs, "")`` (``join-to-reduce`` and ``reduce-concat-to-join``:
the same str from exact str items, the fold copying its growing prefix at every step).

Both start from ``0`` and add the items left to right with ``+``, taking them one by one from
the iterator. ``sum`` adds exact ints in C, but to the same value; with floats CPython 3.12
compensates the rounding (``reduce`` does not), so the items must be ints (or bools):
``int_items``. The lambda is one Python frame more per item (a depth at the recursion limit:
``loops.not_in_recursion``), and ``functools`` must be the module when the code runs
(``functools_ok``)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m



def is_add_lambda(e: cst.BaseExpression) -> bool:
    """``lambda a, b: a + b``: two plain parameters, the body their sum in that order."""
    if not isinstance(e, cst.Lambda):
        return False
    p = e.params
    if (len(p.params) != 2 or p.posonly_params or p.kwonly_params or p.star_kwarg is not None
            or isinstance(p.star_arg, cst.Param) or any(x.default for x in p.params)):
        return False
    a, b = (x.name.value for x in p.params)
    return a != b and m.matches(e.body, m.BinaryOperation(left=m.Name(a), operator=m.Add(),
                                                           right=m.Name(b)))


def _items_are(ev, iterable: cst.BaseExpression, kinds) -> bool:
    """Every item of ``iterable`` is of one of ``kinds``: by its element type, or as the result
    of ``map``'s lambda (``int(x)``, ``len(s)``, ``ch.swapcase()`` of a character)."""
    item = ev.elem_of(iterable)
    if item is not None and item.kind in kinds:
        return True
    if (ev.is_builtin_call(iterable, "map") and len(iterable.args) == 2
            and all(a.keyword is None and not a.star for a in iterable.args)
            and isinstance(iterable.args[0].value, cst.Lambda)):
        body = ev.type_of(iterable.args[0].value.body)
        return body is not None and body.kind in kinds
    return False


def int_items(ev, iterable: cst.BaseExpression) -> bool:
    """Every item of ``iterable`` is proven an int or bool (says why not)."""
    return _items_are(ev, iterable, ("int", "bool")) or ev.skip("no evidence the items are ints")


def str_items(ev, iterable: cst.BaseExpression) -> bool:
    """Every item of ``iterable`` is proven an exact str (says why not): ``"".join`` and a
    ``+`` fold then build the same str (a str subclass could override ``__add__``)."""
    return _items_are(ev, iterable, ("str",)) or ev.skip("no evidence the items are strs")


def empty_join(node: cst.Call) -> bool:
    """``"".join(x)``: the empty literal's join, one positional argument."""
    func = node.func
    return (isinstance(func, cst.Attribute) and func.attr.value == "join"
            and isinstance(func.value, cst.SimpleString) and func.value.value in ('""', "''")
            and len(node.args) == 1 and node.args[0].keyword is None and not node.args[0].star)


def functools_ok(ev, node: cst.CSTNode) -> bool:
    """A ``functools`` read at ``node`` (the rule adds ``import functools``) is the module:
    the name is bound there, if at all, only by ``import functools``, nothing assigns to its
    attributes, and the module cannot rebind names at run time. Says why not."""
    scope = ev.scopes.get(node)
    if scope is None:
        return False
    if "functools" in scope:
        for a in scope["functools"]:
            imp = getattr(a, "node", None)
            if not (isinstance(imp, cst.Import) and any(
                    m.matches(alias.name, m.Name("functools")) and alias.asname is None
                    for alias in imp.names)):
                return ev.skip("the name functools may be bound to something else")
    for target in m.findall(ev.module, m.AssignTarget() | m.AugAssign() | m.Del()):
        t = getattr(target, "target", None)
        if t is not None and m.findall(t, m.Attribute(value=m.Name("functools"))):
            return ev.skip("functools' attributes are assigned")
    return ev.builtins_pinned or ev.skip(
        "the module can rebind names at run time (exec, globals(), ...)")


def is_functools_reduce(ev, func: cst.BaseExpression) -> bool:
    """``func`` is ``functools.reduce`` with ``functools`` the module (``functools_ok``)."""
    return (m.matches(func, m.Attribute(value=m.Name("functools"), attr=m.Name("reduce")))
            and functools_ok(ev, func))
