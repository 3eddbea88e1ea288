"""Inputs, tolerance and entry point read statically from an EvalPlus / HumanEval test script."""

from __future__ import annotations

import ast
from typing import Any

from ..seeds import json_value_reason


def inputs_from_test(test: str) -> tuple[list[list[Any]], float | None, str | None]:
    """(inputs, atol, entry point) read statically from an EvalPlus / HumanEval test script.

    Understands the Hub layout (``inputs = [...]`` and ``assertion(candidate(*inp), exp, atol)``
    inside ``check``, then ``check(entry_point)``) and the classic one (``assert candidate(1, 2)
    == 3``: the literal arguments of each call). Tuples become lists, as EvalPlus's own JSON
    does; anything that is not a JSON-like literal is skipped. Never executes the script.
    """
    try:
        module = ast.parse(test)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return [], None, None
    entry = None
    for stmt in module.body:
        call = stmt.value if isinstance(stmt, ast.Expr) else None
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "check"
                and len(call.args) == 1 and isinstance(call.args[0], ast.Name)):
            entry = call.args[0].id
    inputs: list[list[Any]] = []
    atol = None
    listed = False
    # ast.walk is breadth-first; source order decides which inputs survive the cap.
    for node in sorted(ast.walk(module), key=_position):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and not listed
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "inputs"):
            # Element by element: one non-literal input (float("inf")) must not lose the rest.
            elements = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else []
            values = [_literal(element) for element in elements]
            inputs = [args for args in values if isinstance(args, list)]
            listed = bool(elements)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "assertion" and len(node.args) == 3 and atol is None:
                value = _literal(node.args[2])
                atol = float(value) if isinstance(value, (int, float)) and value >= 0 else None
            elif node.func.id in ("candidate", entry) and not listed and not node.keywords:
                args = [_literal(arg) for arg in node.args]
                starred = any(isinstance(arg, ast.Starred) for arg in node.args)
                if not starred and _NOT_LITERAL not in args:
                    inputs.append(args)
    # Literals JSON cannot carry (int dict keys, sets, bytes) would make the seed invalid: skip.
    inputs = [args for args in inputs if json_value_reason(args, "input") is None]
    return inputs, atol, entry


_NOT_LITERAL = object()


def _position(node: ast.AST) -> tuple[int, int]:
    return getattr(node, "lineno", 0), getattr(node, "col_offset", 0)


def _literal(node: ast.expr) -> Any:
    """The value of a literal expression with tuples as lists, or ``_NOT_LITERAL``."""
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOT_LITERAL

    def lists(v: Any) -> Any:
        if isinstance(v, (list, tuple)):
            return [lists(x) for x in v]
        if isinstance(v, dict):
            return {k: lists(x) for k, x in v.items()}
        return v

    return lists(value)
