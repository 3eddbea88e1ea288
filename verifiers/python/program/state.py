"""Whether one call of a program can leave state behind that a later call sees (read with
``ast``, never run). Without that, a long call history shows nothing the inputs did not: the
history probes (``probes/history.py``) run only where the original or the variant may."""

from __future__ import annotations

import ast
import functools

from semforge import hazards

# Names that reach state by a computed route, or outside the process (most of them the guard
# refuses in a variant anyway; an original may use them).
_STATE_NAMES = frozenset({"globals", "vars", "locals", "setattr", "delattr", "exec", "eval",
                          "compile", "__import__", "__builtins__", "__dict__", "open"})


@functools.lru_cache(maxsize=256)
def may_keep_state(code: str) -> bool:
    """Whether one call of ``code`` can leave anything behind that a later call sees (read with
    ``ast``, never run; True when unsure). Without that, a long call history shows nothing the
    inputs did not: the history plans are run only where the original or the variant may.

    State needs a place that outlives a call: a module-level binding of a mutable value (or of
    anything but a literal: a call, a closure, a cache), ``global``/``nonlocal``, a decorator
    (``lru_cache``), a default that is not a literal, an attribute written (``f.count += 1``)
    or a private one read (``re._cache``, ``f.__defaults__``), an item stored into what the
    function did not create itself, a module outside ``hazards.PURE_MODULES``
    (``sys.setrecursionlimit``), or a route by name (``globals()``, ``setattr``)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return True
    if not all(_stateless_statement(node) for node in tree.body):
        return True
    tops = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    tops += [m for c in tree.body if isinstance(c, ast.ClassDef) for m in c.body
             if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if any(_stores_outside(fn) for fn in tops):
        return True
    for node in ast.walk(tree):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            if getattr(node, "decorator_list", None):
                return True
            if not isinstance(node, ast.ClassDef):
                defaults = node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
                if not all(_literal(d) for d in defaults):
                    return True
        elif isinstance(node, ast.Attribute) and (not isinstance(node.ctx, ast.Load)
                                                  or node.attr.startswith("_")):
            return True  # (a private attribute may be a module's cache: re._cache)
        elif isinstance(node, ast.Name) and node.id in _STATE_NAMES:
            return True
    return False


def _stateless_statement(node: ast.stmt) -> bool:
    """A module-level statement that binds nothing a call could change: a def or class (their
    insides are read apart), an import of a pure module, a docstring, a name bound to a
    literal."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return True
    if isinstance(node, ast.ClassDef):
        return all(_stateless_statement(b) or isinstance(b, ast.Pass) for b in node.body)
    if isinstance(node, ast.Import):
        return all(a.name.split(".")[0] in hazards.PURE_MODULES for a in node.names)
    if isinstance(node, ast.ImportFrom):
        return not node.level and (node.module or "").split(".")[0] in hazards.PURE_MODULES
    if isinstance(node, ast.Expr):
        return isinstance(node.value, ast.Constant)
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return (node.value is not None and _literal(node.value)
                and all(isinstance(t, ast.Name) for t in targets))
    return False


def _literal(node: ast.expr) -> bool:
    """An expression of constants that makes an immutable value (``10**9 + 7``, ``("a", 1)``)."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Tuple):
        return all(_literal(e) for e in node.elts)
    if isinstance(node, ast.UnaryOp):
        return _literal(node.operand)
    if isinstance(node, ast.BinOp):
        return _literal(node.left) and _literal(node.right)
    return False


def _stores_outside(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether ``fn`` (a module-level function) stores or deletes an item of an object it did
    not bind itself: a module-level object outlives the call. Names bound anywhere inside it,
    nested functions included, are the call's own (a memo made per call is no state)."""
    args = fn.args
    local = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs}
    local |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    local |= {n.id for n in ast.walk(fn)
              if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    local |= {a.arg for n in ast.walk(fn) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                             ast.Lambda))
              for a in n.args.posonlyargs + n.args.args + n.args.kwonlyargs}
    for node in ast.walk(fn):
        if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load):
            root = node.value
            while isinstance(root, (ast.Subscript, ast.Attribute)):
                root = root.value
            if not (isinstance(root, ast.Name) and root.id in local):
                return True
    return False
