"""``str(x)`` and the f-string ``f"{x}"`` of a builtin scalar: shared by ``str-call-to-fstring``
and ``fstring-to-str-call``.

For an exact int, bool, float or str, ``f"{x}"`` is ``format(x, "")``, which these types answer
with ``str(x)`` (a str itself is returned as it is by both): the same text, and no user code
runs in either (the kind ``number``, an int or a float, qualifies too)."""

from __future__ import annotations

import ast

import libcst as cst

STR_SCALARS = frozenset({"int", "bool", "float", "number", "str"})
# Text an f-string field cannot hold as written in Python 3.11 (quotes of the literal,
# backslashes, comments, line breaks), or that would end the field or change its meaning
# (braces, ``!`` conversions, ``:`` specs at the top level, ``=`` debug fields, lambdas).
_UNSAFE = set("'\"\\#\n{}")


def scalar_for_str(ev, e: cst.BaseExpression) -> bool:
    t = ev.type_of(e)
    return t is not None and t.kind in STR_SCALARS


def field_text(code: str) -> str | None:
    """``f"{code}"`` as source when ``code`` can stand in a field unchanged, else None."""
    if _UNSAFE & set(code) or "lambda" in code or ":=" in code:
        return None
    text = 'f"{' + code + '}"'
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return None
    body = tree.body
    if not (isinstance(body, ast.JoinedStr) and len(body.values) == 1
            and isinstance(body.values[0], ast.FormattedValue)
            and body.values[0].conversion == -1 and body.values[0].format_spec is None):
        return None
    return text


def inside_fstring(ev, node: cst.CSTNode) -> bool:
    parent = ev.parent(node)
    while parent is not None:
        if isinstance(parent, cst.FormattedString):
            return True
        parent = ev.parent(parent)
    return False
