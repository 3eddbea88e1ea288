"""Seed validation: a seed that reaches the generator is valid UTF-8 Python that parses, defines
its entry point at top level (still bound at the end of the module) and carries JSON-ish inputs."""

from __future__ import annotations

import ast
import dataclasses
import math
from typing import Any

from semforge.record import LANGUAGES, Rejection, Seed

from .inputs import copyable_inputs_reason, inputs_reason
from .text import _utf8_reason, decode_or_reason, parse_or_reason


def _top_level_bindings(module: ast.Module) -> dict[str, list[ast.stmt]]:
    """Top-level statements binding each name, in order (compound statements looked into)."""
    found: dict[str, list[ast.stmt]] = {}

    def bind(name: str, stmt: ast.stmt) -> None:
        found.setdefault(name, []).append(stmt)

    def visit(stmts: list[ast.stmt]) -> None:
        for stmt in stmts:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                bind(stmt.name, stmt)
                continue
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                for alias in stmt.names:
                    if alias.name != "*":
                        bind(alias.asname or alias.name.split(".")[0], stmt)
                continue
            # Everything else: any name stored anywhere in the statement outside nested scopes
            # (assignments, for/with targets, walrus, except-as, match captures).
            for sub in _walk_outside_scopes(stmt):
                if isinstance(sub, ast.Name) and isinstance(sub.ctx, (ast.Store, ast.Del)):
                    bind(sub.id, stmt)
                elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    bind(sub.name, stmt)
                elif isinstance(sub, (ast.Import, ast.ImportFrom)):
                    for alias in sub.names:
                        bind(alias.asname or alias.name.split(".")[0], stmt)
                elif isinstance(sub, ast.ExceptHandler) and sub.name:
                    bind(sub.name, stmt)
                elif isinstance(sub, (ast.MatchAs, ast.MatchStar)) and sub.name:
                    bind(sub.name, stmt)
                elif isinstance(sub, ast.MatchMapping) and sub.rest:
                    bind(sub.rest, stmt)

    visit(module.body)
    return found


def _walk_outside_scopes(node: ast.AST):
    """Like ``ast.walk`` but does not enter function, lambda, class or comprehension bodies."""
    todo = [node]
    while todo:
        current = todo.pop()
        yield current
        if current is not node and isinstance(
            current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
        ):
            continue
        if isinstance(current, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            # Only the walrus targets of a comprehension leak into the enclosing scope.
            todo.extend(n for n in ast.walk(current) if isinstance(n, ast.NamedExpr))
            continue
        todo.extend(ast.iter_child_nodes(current))


def entry_point_reason(module: ast.Module, entry_point: str, language: str = "python") -> str | None:
    """None when ``entry_point`` is a top-level def (a class too for pytorch) that stays bound."""
    kinds: tuple[type, ...] = (ast.FunctionDef,)
    if language == "pytorch":
        kinds = (ast.FunctionDef, ast.ClassDef)
    defs = [s for s in module.body if isinstance(s, kinds) and s.name == entry_point]
    if not defs:
        if any(isinstance(s, ast.AsyncFunctionDef) and s.name == entry_point for s in module.body):
            return f"entry point '{entry_point}' is an async function"
        return f"entry point '{entry_point}' is not defined at top level"
    last = _top_level_bindings(module)[entry_point][-1]
    if last is not defs[-1]:
        return f"entry point '{entry_point}' is rebound at line {last.lineno} after its def"
    return None


def validate_seed(seed: Seed) -> Seed | Rejection:
    """The seed (``atol`` as a float) when usable, else a Rejection naming the first problem."""

    def reject(reason: str) -> Rejection:
        return Rejection(source=seed.source, source_id=seed.source_id, reason=reason)

    code: Any = seed.code
    if isinstance(code, (bytes, bytearray)):
        code, reason = decode_or_reason(bytes(code))
        if reason:
            return reject(reason)
    if not isinstance(code, str):
        return reject(f"code must be text, got {type(code).__name__}")
    if reason := _utf8_reason(code):
        return reject(reason)
    if not isinstance(seed.entry_point, str) or not seed.entry_point.strip():
        return reject("record has no entry_point")
    if seed.language not in LANGUAGES:
        return reject(f"unknown language {seed.language!r} (one of {', '.join(LANGUAGES)})")
    if not code.strip():
        return reject("empty module")
    if seed.language in ("python", "pytorch"):
        module, reason = parse_or_reason(code)
        if reason:
            return reject(reason)
        if not module.body:
            return reject("empty module")
        if reason := entry_point_reason(module, seed.entry_point, seed.language):
            return reject(reason)
    # Seeds from real code carry inputs carved from their project's tests: builtin values that
    # are copied into the sandbox as they are (a tuple stays a tuple), never published as JSON.
    check = copyable_inputs_reason if seed.context is not None else inputs_reason
    if reason := check(seed.inputs):
        return reject(reason)
    try:
        atol = float(seed.atol)
    except (TypeError, ValueError):
        return reject(f"atol must be a number, got {seed.atol!r}")
    if not math.isfinite(atol) or atol < 0:
        return reject(f"atol must be a finite number >= 0, got {seed.atol!r}")
    return dataclasses.replace(seed, code=code, atol=atol)
