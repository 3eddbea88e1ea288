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
