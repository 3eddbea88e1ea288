"""The functions and methods of a module, as a reader finds them in its syntax tree.

A *unit* is every ``def`` that is not inside another function: a top-level function, a method of
a class (nested classes too), and defs under an ``if``/``try``/``with`` at those levels (which of
two same-named defs is live is known only once the module has loaded: ``survey``). Each unit
becomes a seed or a rejection with its reason; none is skipped silently.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from semforge.source_lines import reindent

from .validate import _walk_outside_scopes

# Decorators that change how a method is called (read from the class body, by name).
_DESCRIPTORS = {"staticmethod": "staticmethod", "classmethod": "classmethod",
                "property": "property", "cached_property": "property"}


@dataclass
class Unit:
    """One def: where it is, what it is, and its source lines."""

    qualname: str  # "f", "C.m", "C.Inner.m" (as __qualname__ reads, without <locals>)
    node: ast.FunctionDef | ast.AsyncFunctionDef
    classes: list[ast.ClassDef] = field(default_factory=list)  # enclosing, outermost first
    conditional: bool = False  # under if/try/with/for/while/match
    first: int = 0  # first line, decorators included (the line co_firstlineno names)
    last: int = 0

    @property
    def name(self) -> str:
        return self.node.name

    @property
    def in_class(self) -> bool:
        return bool(self.classes)

    @property
    def kind(self) -> str:
        """function | generator | method | staticmethod | classmethod | property | setter |
        constructor | async (static: the survey confirms or corrects it)."""
        if isinstance(self.node, ast.AsyncFunctionDef):
            return "async"
        gen = is_generator(self.node)
        if not self.classes:
            return "generator" if gen else "function"
        names = [decorator_name(d) for d in self.node.decorator_list]
        for name in names:
            if name in _DESCRIPTORS:
                return _DESCRIPTORS[name]
            if name.endswith((".setter", ".deleter")):
                return "setter"
        if self.node.name in ("__init__", "__new__"):
            return "constructor"
        return "generator-method" if gen else "method"


def decorator_name(node: ast.expr) -> str:
    """``staticmethod``, ``functools.cached_property``'s last part, ``x.setter``..."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        if node.attr in ("setter", "deleter", "getter"):
            return f"{getattr(node.value, 'id', '?')}.{node.attr}"
        return node.attr
    return "?"


def is_generator(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in _walk_outside_scopes(fn))


_BLOCKS = (ast.If, ast.Try, ast.With, ast.For, ast.While, ast.Match)
if hasattr(ast, "TryStar"):
    _BLOCKS = _BLOCKS + (ast.TryStar,)


def find_units(module: ast.Module) -> list[Unit]:
    """Every def outside a function, in file order."""
    found: list[Unit] = []

    def visit(stmts: list[ast.stmt], classes: list[ast.ClassDef], conditional: bool) -> None:
        for stmt in stmts:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([stmt.lineno] + [d.lineno for d in stmt.decorator_list])
                qual = ".".join([c.name for c in classes] + [stmt.name])
                found.append(Unit(qual, stmt, list(classes), conditional, first,
                                  stmt.end_lineno or stmt.lineno))
            elif isinstance(stmt, ast.ClassDef):
                visit(stmt.body, classes + [stmt], conditional)
            elif isinstance(stmt, _BLOCKS):
                for part in _block_bodies(stmt):
                    visit(part, classes, True)

    visit(module.body, [], False)
    return found


def _block_bodies(stmt: ast.stmt) -> list[list[ast.stmt]]:
    bodies = [getattr(stmt, name, None) for name in ("body", "orelse", "finalbody")]
    bodies += [h.body for h in getattr(stmt, "handlers", [])]
    bodies += [c.body for c in getattr(stmt, "cases", [])]
    return [b for b in bodies if b]


def is_stub(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    """Why the def has no behaviour of its own to compare, if it has none: a body of only a
    docstring, ``pass``, ``...`` or ``raise NotImplementedError``, or ``@abstractmethod``."""
    if any(decorator_name(d) in ("abstractmethod", "abstractproperty", "overload")
           for d in fn.decorator_list):
        return f"'{fn.name}' is abstract or an overload declaration"
    body = list(fn.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body = body[1:]
    for stmt in body:
        if isinstance(stmt, ast.Pass) or (isinstance(stmt, ast.Expr)
                                          and isinstance(stmt.value, ast.Constant)):
            continue
        if isinstance(stmt, ast.Raise) and stmt.exc is not None:
            exc = stmt.exc.func if isinstance(stmt.exc, ast.Call) else stmt.exc
            if getattr(exc, "id", None) == "NotImplementedError":
                continue
        return None
    return f"'{fn.name}' has no body to compare (only pass, ... or raise NotImplementedError)"


def unit_source(unit: Unit, lines: list[str]) -> str:
    """The def's text, decorators and comments included, dedented to a top-level def."""
    text = "".join(lines[unit.first - 1:unit.last])
    return reindent(text, unit.node.col_offset, 0).rstrip() + "\n"
