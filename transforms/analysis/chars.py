"""Which expressions are known to be one-character strs (``for ch in s``, ``s[i]``...).

A str iterates as its one-character strs and ``s[i]`` is one too: for such a value ``c``,
``c in "abc"`` (a substring test) and ``c in ["a", "b", "c"]`` (an equality test per item)
agree, where for ``""`` or ``"ab"`` they do not. Only exact strs count (``types``): a str
subclass may iterate as it likes.
"""

from __future__ import annotations

import ast

import libcst as cst
from libcst.metadata import Assignment, ComprehensionScope, FunctionScope

from .scopes import global_nonlocal_names
from .types import STR, is_int

_KEEPS_ITEMS = ("reversed", "sorted", "list", "tuple", "set", "frozenset")


def yields_chars(ev, iterable: cst.BaseExpression) -> bool:
    """Iterating ``iterable`` yields one-character strs: an exact str, or a builtin
    (``reversed``, ``sorted``, ``list``...) of one, called with it alone."""
    if ev.type_of(iterable) == STR:
        return True
    return (ev.is_builtin_call(iterable, *_KEEPS_ITEMS) and len(iterable.args) == 1
            and iterable.args[0].keyword is None and not iterable.args[0].star
            and yields_chars(ev, iterable.args[0].value))


def is_char(ev, expr: cst.BaseExpression) -> bool:
    """``expr`` always evaluates to a one-character str (or raises before it has a value):
    ``s[i]`` of an exact str, or a name whose every binding in its scope is the target of a
    ``for`` (statement or comprehension) over characters, or the lone parameter of a lambda
    given as the function of ``filter``/``map`` over characters, or a parameter of a helper
    every call of which passes a character there (``_helper_param``)."""
    if isinstance(expr, cst.Subscript):  # an int index (a slice object would give a str)
        index = expr.slice[0].slice if len(expr.slice) == 1 else None
        return (isinstance(index, cst.Index) and getattr(index, "star", None) is None
                and is_int(ev.type_of(index.value)) and ev.type_of(expr.value) == STR)
    if not isinstance(expr, cst.Name):
        return False
    scope = ev.scopes.get(expr)
    while isinstance(scope, ComprehensionScope) and not scope.assignments[expr.value]:
        scope = scope.parent
    if not isinstance(scope, (ComprehensionScope, FunctionScope)):
        return False
    bindings = list(scope.assignments[expr.value])
    if not bindings or not all(type(a) is Assignment for a in bindings):
        return False
    if isinstance(scope, FunctionScope) and isinstance(scope.node, cst.Lambda):
        return len(bindings) == 1 and _filter_map_param(ev, scope.node, bindings[0].node)
    if isinstance(scope, FunctionScope):
        func = scope.node
        if (not isinstance(func, cst.FunctionDef) or not ev.simple_function(func)
                or expr.value in global_nonlocal_names(func)
                or expr.value in ev.hidden_bindings(func)):
            return False
        if len(bindings) == 1 and isinstance(bindings[0].node, cst.Param):
            return _helper_param(ev, func, bindings[0].node)
    for a in bindings:
        parent = ev.parent(a.node)
        if not (isinstance(a.node, cst.Name) and isinstance(parent, (cst.For, cst.CompFor))
                and parent.target is a.node and parent.asynchronous is None
                and yields_chars(ev, parent.iter)):
            return False
    return True


def _helper_param(ev, func: cst.FunctionDef, param: cst.Param) -> bool:
    """``param`` (never rebound) of a helper only this module calls
    (``callsite_evidence``: not the entry point, not protected, defined once, plain
    parameters), every use of which is a direct call passing a character in its place, or
    the function of ``map``/``filter`` over characters (one parameter); no recursive call."""
    sites = getattr(ev, "_callsites", None)
    if sites is None or not sites._shape_ok(func):
        return False
    busy = ev.__dict__.setdefault("_chars_busy", set())
    if id(param) in busy:
        return False  # helpers calling each other: no evidence
    busy.add(id(param))
    try:
        return _helper_uses_chars(ev, sites, func, param)
    finally:
        busy.discard(id(param))


def _helper_uses_chars(ev, sites, func: cst.FunctionDef, param: cst.Param) -> bool:
    uses = sites._uses(func)
    if not uses:
        return False
    index = list(func.params.params).index(param)
    n = len(func.params.params)
    for use in uses:
        if sites._inside(use, func):
            return False
        parent = ev.parent(use)
        if isinstance(parent, cst.Call) and parent.func is use:
            args = parent.args
            if len(args) != n or any(a.star or a.keyword is not None for a in args) \
                    or not is_char(ev, args[index].value):
                return False
            continue
        call = ev.parent(parent) if isinstance(parent, cst.Arg) else None
        if not (n == 1 and ev.is_builtin_call(call, "filter", "map") and len(call.args) == 2
                and call.args[0] is parent
                and all(a.keyword is None and not a.star for a in call.args)
                and yields_chars(ev, call.args[1].value)):
            return False
    return True


def _filter_map_param(ev, lam: cst.Lambda, param: cst.CSTNode) -> bool:
    """``param`` is the only parameter of ``lam``, which is ``filter(lam, chars)`` or
    ``map(lam, chars)``'s function: it is called with each character in turn."""
    params = lam.params
    if not (len(params.params) == 1 and params.params[0] is param and param.default is None
            and not params.posonly_params and not params.kwonly_params
            and not isinstance(params.star_arg, cst.Param) and params.star_kwarg is None):
        return False
    arg = ev.parent(lam)
    call = ev.parent(arg) if isinstance(arg, cst.Arg) else None
    return (ev.is_builtin_call(call, "filter", "map") and len(call.args) == 2
            and call.args[0] is arg and all(a.keyword is None and not a.star for a in call.args)
            and yields_chars(ev, call.args[1].value))


MAX_CHARS = 12  # a longer list of characters is no longer what anyone writes


def literal_chars(node: cst.BaseExpression) -> list[str] | None:
    """The distinct characters, in order, of a plain one-quote str literal without escapes
    (``"aeiou"``), 2 to ``MAX_CHARS`` printable ones; else None."""
    if not (isinstance(node, cst.SimpleString) and node.prefix == "" and len(node.quote) == 1
            and "\\" not in node.value):
        return None
    chars = list(dict.fromkeys(ast.literal_eval(node.value)))
    if not 2 <= len(chars) <= MAX_CHARS or not all(c.isprintable() for c in chars):
        return None
    return chars


def listed_chars(node: cst.BaseExpression) -> tuple[list[str], str] | None:
    """The characters of a list or tuple display of 2 to ``MAX_CHARS`` distinct
    one-character plain str literals without escapes, all in the same one-character quotes
    (``["a", "e"]``), and that quote; else None."""
    if not isinstance(node, (cst.List, cst.Tuple)) or not 2 <= len(node.elements) <= MAX_CHARS:
        return None
    quotes, chars = set(), []
    for el in node.elements:
        v = el.value if isinstance(el, cst.Element) else None
        if not (isinstance(v, cst.SimpleString) and v.prefix == "" and len(v.quote) == 1
                and "\\" not in v.value and not v.lpar):
            return None
        quotes.add(v.quote)
        chars.append(ast.literal_eval(v.value))
    if (len(quotes) != 1 or any(len(c) != 1 or not c.isprintable() for c in chars)
            or len(set(chars)) != len(chars)):
        return None
    return chars, quotes.pop()


def char_membership(ev, node: cst.Comparison, parse):
    """(the ``in``/``not in`` target, what ``parse`` found in its right side) when ``node`` is
    one such test whose right side ``parse`` accepts and whose left side is proven one
    character (``is_char``; else it says why); else None. Shared by the two directions of
    the character-membership rewrite, so they agree on which tests qualify."""
    if len(node.comparisons) != 1:
        return None
    target = node.comparisons[0]
    if not isinstance(target.operator, (cst.In, cst.NotIn)):
        return None
    found = parse(target.comparator)
    if found is None:
        return None
    if not is_char(ev, node.left):
        return ev.skip("no evidence that the tested value is one character") or None
    return target, found
