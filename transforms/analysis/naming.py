"""Names that say what a value is, read from how it is computed or used.

A rule that introduces a name (a helper function, a hoisted lambda, a renamed local) picks it
here, as a person would: ``len(xs)`` is a ``length``, ``a % b`` a ``remainder``, a loop over a
string yields a ``char``, a local set to ``0`` and then added to is a ``total``. A placeholder
(``_expr``, ``tmp``, ``func``) teaches nothing and is what linters and readers flag.
"""

from __future__ import annotations

import libcst as cst

_CALLS = {
    "len": "length", "sorted": "sorted_items", "sum": "total", "max": "largest",
    "min": "smallest", "abs": "magnitude", "int": "as_int", "str": "as_text",
    "float": "as_float", "list": "as_list", "set": "distinct", "tuple": "as_tuple",
    "any": "has_any", "all": "all_hold", "round": "rounded", "bool": "truth",
    "reversed": "reversed_items", "map": "mapped", "filter": "kept", "zip": "pairs",
    "enumerate": "numbered", "range": "span", "ord": "code_point", "chr": "char",
    "dict": "as_dict", "hex": "hex_digits", "bin": "bits", "pow": "power",
    "divmod": "quotient_and_remainder", "isinstance": "is_instance", "hash": "hash_value",
    "frozenset": "distinct",
}
_METHODS = {
    "join": "joined", "split": "parts", "lower": "lowered", "upper": "uppercased",
    "strip": "stripped", "replace": "replaced", "count": "occurrences", "index": "position",
    "find": "position", "startswith": "starts_with", "endswith": "ends_with", "get": "lookup",
    "keys": "keys", "values": "values", "items": "entries", "isdigit": "is_digit",
    "isalpha": "is_alpha", "format": "formatted", "pop": "popped", "swapcase": "swapped",
    "title": "titled", "copy": "copied", "capitalize": "capitalized", "isupper": "is_upper",
    "islower": "is_lower", "isspace": "is_space", "rstrip": "stripped", "lstrip": "stripped",
}
_BINOPS = {
    cst.Add: "total", cst.Subtract: "difference", cst.Multiply: "product", cst.Divide: "ratio",
    cst.FloorDivide: "quotient", cst.Modulo: "remainder", cst.Power: "power",
    cst.BitAnd: "masked", cst.BitOr: "combined_bits", cst.BitXor: "toggled",
    cst.LeftShift: "shifted", cst.RightShift: "shifted", cst.MatrixMultiply: "product",
}
_COMPARISONS = {
    cst.Equal: "is_equal", cst.NotEqual: "differs", cst.LessThan: "is_less",
    cst.GreaterThan: "is_greater", cst.LessThanEqual: "is_at_most",
    cst.GreaterThanEqual: "is_at_least", cst.In: "is_member", cst.NotIn: "is_missing",
    cst.Is: "is_same", cst.IsNot: "is_other",
}


def describe(expr: cst.BaseExpression) -> str:
    """A noun (or predicate) for the value of ``expr``; ``value`` when nothing better shows."""
    if isinstance(expr, cst.Call):
        if isinstance(expr.func, cst.Name):
            return _CALLS.get(expr.func.value, f"{expr.func.value}_result".lstrip("_"))
        if isinstance(expr.func, cst.Attribute):
            attr = expr.func.attr.value
            return _METHODS.get(attr, f"{attr}_result".lstrip("_"))
    if isinstance(expr, cst.BinaryOperation):
        return _BINOPS.get(type(expr.operator), "value")
    if isinstance(expr, cst.Comparison) and expr.comparisons:
        return _COMPARISONS.get(type(expr.comparisons[0].operator), "holds")
    if isinstance(expr, cst.BooleanOperation):
        return "all_hold" if isinstance(expr.operator, cst.And) else "any_holds"
    if isinstance(expr, cst.UnaryOperation):
        return "negated" if not isinstance(expr.operator, cst.Not) else "does_not_hold"
    if isinstance(expr, cst.IfExp):
        return "choice"
    if isinstance(expr, cst.Subscript):
        sliced = any(isinstance(e.slice, cst.Slice) for e in expr.slice)
        return "part" if sliced else "element"
    if isinstance(expr, (cst.ListComp, cst.GeneratorExp, cst.List)):
        return "items"
    if isinstance(expr, (cst.SetComp, cst.Set)):
        return "item_set"
    if isinstance(expr, (cst.DictComp, cst.Dict)):
        return "mapping"
    if isinstance(expr, cst.Tuple):
        return "pair" if len(expr.elements) == 2 else "fields"
    if isinstance(expr, (cst.FormattedString, cst.ConcatenatedString, cst.SimpleString)):
        return "text"
    if isinstance(expr, cst.Attribute):
        return expr.attr.value.lstrip("_") or "value"
    return "value"


def function_name(body: cst.BaseExpression, role: str | None = None) -> str:
    """A name for a function returning ``body``: ``sort_key_length`` is too long, so a key
    function is ``by_<what>`` (``by_length``), a filter's predicate ``keeps_<what>`` only when
    the body says nothing (``is_*`` predicates stand alone), a mapping function
    ``to_<what>``; ``role`` is ``key``, ``filter``, ``map`` or None."""
    what = describe(body)
    if role == "key":
        return f"by_{what}"
    if role == "map":
        return f"to_{what}"
    if role == "filter" and not what.startswith(("is_", "has_", "all_", "any_", "differs")):
        return f"keeps_{what}"
    if what == "value":
        return "compute_value" if role is None else f"{role}_value"
    return what


def helper_name(expr: cst.BaseExpression, enclosing: str) -> str:
    """A private module-level helper's name for ``expr``, computed in function ``enclosing``:
    ``_remainder``, ``_is_member``; ``_<enclosing>_value`` when the expression says nothing."""
    what = describe(expr)
    if what == "value":
        return f"_{enclosing.strip('_')}_value"
    return f"_{what}"


def lambda_role(get_parent, lam: cst.Lambda) -> str | None:
    """How a lambda is used: ``key`` (``key=`` of a call), ``filter`` or ``map`` (their
    function argument), else None. ``get_parent(n)`` gives the parent of ``n``."""
    arg = get_parent(lam)
    call = get_parent(arg) if isinstance(arg, cst.Arg) else None
    if not isinstance(call, cst.Call):
        return None
    if arg.keyword is not None:
        return "key" if arg.keyword.value == "key" else None
    if isinstance(call.func, cst.Name) and call.func.value in ("filter", "map"):
        return call.func.value
    return None


_INDEX_NAMES = ("i", "idx", "index", "pos")
_CHAR_SOURCES = frozenset({"s", "string", "text", "txt", "word", "line", "st", "str1", "str2",
                           "a", "b"})
_SEQUENCE_NAMES = frozenset({"l", "lst", "arr", "array", "list", "seq", "xs", "nums", "vals",
                             "values", "items", "data", "q"})


def _singular(name: str) -> list[str]:
    """What one item of a collection called ``name`` is called."""
    name = name.lstrip("_")
    if name in _CHAR_SOURCES:
        return ["ch", "char", "letter"]
    if name in _SEQUENCE_NAMES:
        return ["item", "elem", "value"]
    if name.endswith("ies") and len(name) > 4:
        return [name[:-3] + "y"]
    if name.endswith("s") and not name.endswith("ss") and len(name) > 3:
        return [name[:-1]]
    return ["item", "elem"]


def _item_names(iterable: cst.BaseExpression) -> list[str]:
    """Names for the items a ``for`` loop draws from ``iterable``."""
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name):
        func = iterable.func.value
        if func == "range":
            return list(_INDEX_NAMES)
        if func in ("sorted", "reversed", "list", "set", "tuple") and iterable.args:
            return _item_names(iterable.args[0].value)
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Attribute):
        method = iterable.func.attr.value
        if method == "split":
            return ["word", "part", "token"]
        if method == "keys":
            return ["key"]
        if method == "values":
            return ["value"]
        if method in ("splitlines",):
            return ["line"]
    if isinstance(iterable, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)):
        return ["ch", "char"]
    if isinstance(iterable, cst.Name):
        return _singular(iterable.value)
    if isinstance(iterable, cst.Attribute):
        return _singular(iterable.attr.value)
    return ["item", "elem"]


def local_names(binding: cst.CSTNode | None, value: cst.BaseExpression | None,
                updates: list[cst.AugAssign]) -> list[str]:
    """Names for a local, from how it is bound and updated, best first (empty when nothing
    about its use suggests one). ``binding``: the ``For`` whose target it is, or None for an
    assignment of ``value``; ``updates``: the augmented assignments to it."""
    if isinstance(binding, cst.For):
        return _item_names(binding.iter)
    if value is None:
        return []
    adds = [u for u in updates if isinstance(u.operator, cst.AddAssign)]
    if isinstance(value, (cst.Integer, cst.Float)) and adds:
        ones = all(isinstance(u.value, cst.Integer) and u.value.value == "1" for u in adds)
        return ["count", "counter", "n"] if ones else ["total", "acc", "running_sum"]
    if isinstance(value, (cst.Integer, cst.Float)) and updates:
        return ["product", "acc"] if any(isinstance(u.operator, cst.MultiplyAssign)
                                         for u in updates) else ["acc", "current"]
    if isinstance(value, cst.List) and not value.elements:
        return ["result", "items", "collected"]
    if isinstance(value, cst.Dict) and not value.elements:
        return ["counts", "mapping", "table"]
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and not value.args:
        return {"set": ["seen", "found"], "dict": ["counts", "mapping"],
                "list": ["result", "items"]}.get(value.func.value, [])
    if isinstance(value, cst.SimpleString) and value.evaluated_value == "":
        return ["text", "out", "buffer"]
    if isinstance(value, cst.Name) and value.value in ("True", "False"):
        return ["found", "flag", "ok"]
    what = describe(value)
    return [] if what == "value" else [what]
