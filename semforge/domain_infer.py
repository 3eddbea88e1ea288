"""``infer_domain``: a seed's input domain from its example values, annotations, defaults and
docstring (the notation and its questions are in ``domain``; docstring phrases in
``domain_docs``). The program is read with ``ast``, never run.

Per parameter, in this order:

1. **seeds**: the union of the exact types of the values the seeds pass (``[1, 2]`` and ``[]``
   give ``list[int]``; ``[1, "a"]`` gives ``list[int | str]``; ``[1]`` and ``["a"]`` in two
   seeds give ``list[int] | list[str]``; ``None`` in one seed adds ``None``);
2. **annotation**: its builtin types join the union (``numbers: List[float]`` with seeds of
   floats stays ``list[float]``; ``x: float`` with int seeds gives ``int | float``); a part it
   names that is not a builtin type (a user class, ``Callable``) tells nothing;
3. **default**: the type of a literal default joins the union (a caller may leave it out);
4. **docstring**: a stated type (``:type xs: list of int``, ``xs (list[int]): ...``,
   ``xs : list of int``, "a list of integers xs") fills only what the seeds and the annotation
   leave unknown: the items of a list the seeds only pass empty, a parameter no seed passes.

What no source tells is ``Any``. Unpacked (``*args``) parameters get the union over the extra
arguments the seeds pass.
"""

from __future__ import annotations

import ast
from typing import Any

from .domain import ANY, NEVER, Domain, Param, Ty, fill, finished, parse_type, type_of, union
from .domain_docs import docstring_types


def find_function(tree: ast.Module, entry_point: str) -> tuple[ast.FunctionDef | None, bool]:
    """The entry point's definition (``name`` at module level or ``Class.name``) and whether it
    is a method (its first parameter bound by the call)."""
    parts = entry_point.split(".")
    body = tree.body
    for i, part in enumerate(parts):
        node = None
        for stmt in body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                    and stmt.name == part:
                node = stmt  # the last definition wins, as at run time
        if node is None:
            return None, False
        if i == len(parts) - 1:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                method = len(parts) > 1 and not any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
                return node, method
            return None, False
        if not isinstance(node, ast.ClassDef):
            return None, False
        body = node.body
    return None, False


def infer_domain(code: str, entry_point: str, seed_inputs: list[list[Any]] | None = None) -> Domain:
    """The domain of ``entry_point`` in ``code`` as its callers (the seeds) use it; see the
    module docstring. Never raises: unparsable code gives a domain from the seeds alone."""
    seeds = [list(s) for s in seed_inputs or [] if isinstance(s, (list, tuple))]
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        tree = None
    func, method = find_function(tree, entry_point) if tree is not None else (None, False)
    if func is None:
        return _from_seeds_only(seeds, entry_point)
    args = func.args
    positional = [*args.posonlyargs, *args.args][1 if method else 0:]
    n_defaults = len(args.defaults)
    defaults = [None] * (len(positional) - n_defaults) + list(args.defaults)
    defaults = defaults[-len(positional):] if positional else []
    docs = docstring_types(ast.get_docstring(func) or "", [a.arg for a in positional]
                           + [a.arg for a in args.kwonlyargs])
    params: list[Param] = []
    sources: dict[str, tuple[str, ...]] = {}
    for i, (a, d) in enumerate(zip(positional, defaults)):
        values = [s[i] for s in seeds if len(s) > i]
        t, src = _combine(values, a.annotation, d, docs.get(a.arg), omitted=any(len(s) <= i for s in seeds))
        params.append(Param(a.arg, t, "positional", None if d is None else ast.unparse(d)))
        sources[a.arg] = src
    if args.vararg is not None:
        extra = [v for s in seeds for v in s[len(positional):]]
        t, src = _combine(extra, args.vararg.annotation, None, docs.get(args.vararg.arg), False)
        params.append(Param(args.vararg.arg, t, "varargs"))
        sources[args.vararg.arg] = src
    for a, d in zip(args.kwonlyargs, args.kw_defaults):
        t, src = _combine([], a.annotation, d, docs.get(a.arg), omitted=True)
        params.append(Param(a.arg, t, "keyword", None if d is None else ast.unparse(d)))
        sources[a.arg] = src
    if args.kwarg is not None:
        params.append(Param(args.kwarg.arg, ANY, "varkw"))
        sources[args.kwarg.arg] = ()
    return Domain(tuple(params), entry_point, sources)


def _combine(values: list, annotation: ast.expr | None, default: ast.expr | None,
             doc: Ty | None, omitted: bool) -> tuple[Ty, tuple[str, ...]]:
    """One parameter's type from its sources (see the module docstring) and the sources that
    told something."""
    sources = ["seeds"] if values else []
    t = union(type_of(v) for v in values)
    if annotation is not None:
        ann = unknown_parts(parse_type(annotation, strict=False))
        if ann.name != "Never":
            sources.append("annotation")
            t = union([t, ann])
    if default is not None and (omitted or not values):
        try:
            merged = union([t, type_of(ast.literal_eval(default))])
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            merged = t  # not a literal (a call, a name): its type is not read
        if merged != t:
            sources.append("default")
            t = merged
    if doc is not None:
        filled = fill(t, unknown_parts(doc))
        if filled != t:
            sources.append("docstring")
            t = filled
    return finished(t), tuple(sources)


def unknown_parts(t: Ty) -> Ty:
    """An annotation's ``Any`` (a bare ``list``'s items, ``typing.Any``) as ``Never``: it says
    nothing, so the seeds' item types stay (``list`` with ``[1, 2]`` is ``list[int]``)."""
    if t.name == "Any":
        return NEVER
    if not t.args:
        return t
    return Ty(t.name, tuple(unknown_parts(a) for a in t.args), t.variadic) if t.name != "|" \
        else union(unknown_parts(a) for a in t.args)


def _from_seeds_only(seeds: list[list], entry_point: str) -> Domain:
    width = max((len(s) for s in seeds), default=0)
    required = min((len(s) for s in seeds), default=0)
    params = []
    for i in range(width):
        t = finished(union(type_of(s[i]) for s in seeds if len(s) > i))
        params.append(Param(f"arg{i}", t, "positional", None if i < required else "..."))
    return Domain(tuple(params), entry_point, {p.name: ("seeds",) for p in params})


__all__ = ["ANY", "NEVER", "find_function", "infer_domain", "seed_domain"]


def seed_domain(code: str, entry_point: str, inputs: list[list[Any]] | None,
                stated: str | None = None) -> Domain:
    """The domain of a seed: the one its corpus states (``Seed.domain``, in ``Domain.parse``'s
    notation) when it states one that reads, else ``infer_domain``."""
    if stated:
        try:
            return Domain.parse(stated, entry_point)
        except ValueError:
            pass
    return infer_domain(code, entry_point, inputs)
