"""Examples from docstrings, and plain values read back from text without running anything.

``doctest_calls(docstring, names)``: the arguments of doctest examples that call the function
directly with literal arguments (``>>> slugify("Hello World", "-")``, ``>>> mod.f([1, 2])``).
``literal(text)``: a builtin value from its ``repr`` (``ast.literal_eval``'s values plus
``nan``/``inf``, ``set()``, ``frozenset(...)`` and the builtin callables of
``semforge.references``: ``len``, ``operator.add``), for reports of processes that ran
untrusted code.
"""

from __future__ import annotations

import ast
import doctest
import math

from semforge.references import REFERENCES

_NAMED_FLOATS = {"nan": math.nan, "inf": math.inf}
CALLABLE_PREFIX = "__semforge_callable_"
# Builtins taking 0, 1, 2, 3 or any number of positional arguments, total on most values.
STAND_INS = {"0": list, "1": repr, "2": max, "3": max, "v": print}
MAX_TEXT = 4000


def literal(text: str):
    """A value from its ``repr``; ValueError (or SyntaxError) for anything else."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise ValueError("not a short repr")
    return _value(ast.parse(text, mode="eval").body)


def _value(node: ast.AST):
    if isinstance(node, ast.Constant) and not isinstance(node.value, type(...)):
        return node.value
    if isinstance(node, ast.Name) and node.id in _NAMED_FLOATS:
        return _NAMED_FLOATS[node.id]
    name = _dotted(node)
    if name is not None and name in REFERENCES:  # a builtin callable: len, operator.add
        return REFERENCES[name]
    if name is not None and name.startswith(CALLABLE_PREFIX):
        # A function the tests passed (a lambda, a helper of theirs): a builtin that takes as
        # many arguments stands in for it, so the call keeps the shape of its other arguments.
        return STAND_INS.get(name[len(CALLABLE_PREFIX):], print)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        v = _value(node.operand)
        if type(v) not in (int, float, complex):
            raise ValueError("sign of a non-number")
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) \
            and isinstance(node.right, ast.Constant) and type(node.right.value) is complex:
        left = _value(node.left)  # complex reprs: (1+2j), (-0-1j)
        if type(left) not in (int, float):
            raise ValueError("not a complex literal")
        return left + node.right.value if isinstance(node.op, ast.Add) else left - node.right.value
    if isinstance(node, ast.List):
        return [_value(e) for e in node.elts]
    if isinstance(node, ast.Tuple):
        return tuple(_value(e) for e in node.elts)
    if isinstance(node, ast.Set):
        return {_value(e) for e in node.elts}
    if isinstance(node, ast.Dict) and None not in node.keys:
        return {_value(k): _value(v) for k, v in zip(node.keys, node.values)}
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.keywords
            and node.func.id in ("set", "frozenset") and len(node.args) <= 1):
        kind = set if node.func.id == "set" else frozenset
        return kind(_value(node.args[0])) if node.args else kind()
    raise ValueError(f"not a plain value: {type(node).__name__}")


def _dotted(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return None


def doctest_calls(docstring: str | None, names: set[str]) -> list[list]:
    """Positional arguments of the docstring's examples that are one call of a name in
    ``names`` (bare, or as an attribute: ``toolz.frequencies(...)``) with literal arguments."""
    if not docstring or ">>>" not in docstring:
        return []
    try:
        examples = doctest.DocTestParser().get_examples(docstring)
    except ValueError:  # malformed doctest (inconsistent indentation)
        return []
    out = []
    for example in examples:
        try:
            node = ast.parse(example.source.strip(), mode="eval").body
        except (SyntaxError, ValueError):
            continue
        if not isinstance(node, ast.Call) or node.keywords:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name not in names:
            continue
        try:
            out.append([_value(a) for a in node.args])
        except (ValueError, TypeError, RecursionError):
            continue
    return out
