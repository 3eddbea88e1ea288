"""When ``list(X)`` and ``[x for x in X]`` build the same list (``list-call-to-comprehension``
and its inverse ``comprehension-copy-to-list-call``).

Both evaluate ``X`` once in the enclosing scope, call ``iter`` on it and take every item in
order into a new list; a ``StopIteration`` out of the iterator (a ``map`` whose function raises
one) ends both the same way. What differs: ``list`` asks ``X`` for ``__len__`` /
``__length_hint__`` first (user code on a user type), copies a list or tuple without the
iterator protocol (a subclass's ``__iter__`` is skipped), and the comprehension is one Python
frame more (CPython 3.11: a depth at the recursion limit). So ``X`` must be an exact builtin
container (``types``), or a call of the builtin ``filter``/``map``/``zip``/``enumerate``/
``reversed``/``sorted``, or ``keys()``/``values()``/``items()`` of an exact dict (their length
hints run no user code, the code they run on their items runs the same either way; ``reversed``
only of an exact container, as its length hint calls ``len`` of its sequence), and the code must
be on no recursion cycle.
"""

from __future__ import annotations

import libcst as cst

from .loops import not_in_recursion

CONTAINERS = frozenset({"str", "bytes", "list", "tuple", "dict", "set", "frozenset"})
ITERATORS = ("filter", "map", "zip", "enumerate", "reversed", "sorted")
DICT_VIEWS = frozenset({"keys", "values", "items"})


def copyable(ev, node: cst.CSTNode, source: cst.BaseExpression) -> bool:
    """``list(source)`` at ``node`` may be spelled as a comprehension and back (says why not)."""
    if not (ev.real_builtin("list") and not_in_recursion(ev, node)):
        return False
    t = ev.type_of(source)
    if t is not None and t.kind in CONTAINERS:
        return True
    if ev.is_builtin_call(source, *ITERATORS) and ev.real_builtin(source.func.value):
        if source.func.value != "reversed":
            return True
        # reversed's own length hint asks its sequence for len(): user code on a user type,
        # and a user __reversed__ may return any iterator
        inner = source.args[0].value if len(source.args) == 1 else None
        t = ev.type_of(inner) if inner is not None else None
        if t is not None and t.kind in CONTAINERS:
            return True
    if (isinstance(source, cst.Call) and not source.args
            and isinstance(source.func, cst.Attribute)
            and source.func.attr.value in DICT_VIEWS):
        owner = ev.type_of(source.func.value)
        if owner is not None and owner.kind == "dict":
            return True
    return ev.skip("no evidence the copied iterable is a builtin one (no user length hint)")
