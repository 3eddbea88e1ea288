"""How far apart two programs are in structure, and a diverse choice of variants.

``structure(code)`` is the program's AST as a sequence of node labels in pre-order, with local
variables named by order of appearance (``alpha_form``'s renaming) and docstrings left out, so
that a renaming alone is no distance at all. ``distance(a, b)`` is one minus the similarity
ratio of two such sequences (difflib's matching blocks): 0 for the same structure, near 1 for
unrelated programs.

``choose(candidates, count, original)`` picks ``count`` variants that differ from the original
and from each other: each pick is the candidate that adds a transformation family not yet
chosen, then the one farthest (by its smallest distance) from the original and the variants
already chosen. Deterministic: ties go to the earlier candidate.
"""

from __future__ import annotations

import ast
from difflib import SequenceMatcher
from typing import Callable, Sequence, TypeVar

from .normalize import _Alpha, _kept_names

T = TypeVar("T")


def structure(code: str) -> tuple[str, ...]:
    """Pre-order node labels of ``code``'s AST (locals alpha-renamed, no docstrings)."""
    tree = ast.parse(code)
    keep = _kept_names(tree)
    renamable = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
                 and isinstance(n.ctx, (ast.Store, ast.Del)) and n.id not in keep}
    tree = _Alpha(renamable).visit(tree)
    labels: list[str] = []

    def visit(node: ast.AST) -> None:
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            body = body[1:]  # the docstring
        label = type(node).__name__
        if isinstance(node, ast.Name):
            label += ":" + node.id
        elif isinstance(node, ast.Constant):
            label += ":" + repr(node.value)[:20]
        elif isinstance(node, ast.Attribute):
            label += ":" + node.attr
        labels.append(label)
        for name, value in ast.iter_fields(node):
            if name == "body" and isinstance(body, list):
                value = body
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, ast.AST):
                        visit(item)
            elif isinstance(value, ast.AST) and not isinstance(value, ast.expr_context):
                visit(value)

    visit(tree)
    return tuple(labels)


def distance(a: Sequence[str], b: Sequence[str]) -> float:
    """1 - similarity of two ``structure`` sequences (0: same structure)."""
    if a == b:
        return 0.0
    return 1.0 - SequenceMatcher(None, a, b, autojunk=False).ratio()


def choose(candidates: Sequence[T], count: int, original: Sequence[str],
           shape: Callable[[T], Sequence[str]], families: Callable[[T], set[str]],
           first: int = 0) -> list[T]:
    """Up to ``count`` of ``candidates``: the first ``first`` as they come (the caller's must
    haves), then greedily the most diverse (see the module docstring). ``shape(c)`` is the
    candidate's ``structure``, ``families(c)`` its transformation families."""
    chosen = list(candidates[:min(first, count)])
    rest = list(candidates[len(chosen):])
    shapes = [original] + [shape(c) for c in chosen]
    covered = set().union(*(families(c) for c in chosen)) if chosen else set()
    nearest = [min(distance(shape(c), s) for s in shapes) for c in rest]
    while rest and len(chosen) < count:
        best = max(range(len(rest)),
                   key=lambda i: (bool(families(rest[i]) - covered), nearest[i], -i))
        pick = rest.pop(best)
        nearest.pop(best)
        chosen.append(pick)
        covered |= families(pick)
        new_shape = shape(pick)
        nearest = [min(d, distance(shape(c), new_shape)) for d, c in zip(nearest, rest)]
    return chosen


def spread(shapes: Sequence[Sequence[str]]) -> float | None:
    """Mean pairwise distance of a seed's variants (None for fewer than two)."""
    pairs = [(i, j) for i in range(len(shapes)) for j in range(i + 1, len(shapes))]
    if not pairs:
        return None
    return sum(distance(shapes[i], shapes[j]) for i, j in pairs) / len(pairs)
