"""Normal forms of Python source, used to tell variants apart.

Two programs are *the same variant* when their ASTs are equal (``normal_form``): formatting,
comments and redundant parentheses do not make a new variant; docstrings are kept, since they are
part of the program (``f.__doc__``).

``alpha_form`` additionally renames variables that are bound inside functions (not parameters,
not module-level names, not attributes) to ``v0, v1, ...`` in order of first appearance. Two
programs with the same alpha form differ only by a renaming of locals. ``generate_variants`` uses
it to keep renamings from flooding the output: a pure renaming of the original or of another
variant is kept only once per alpha class (see compose.py).
"""

from __future__ import annotations

import ast


def normal_form(code: str) -> str:
    """The AST dump of ``code`` (no positions). Raises SyntaxError on invalid code."""
    return ast.dump(ast.parse(code), annotate_fields=False, include_attributes=False)


class _Alpha(ast.NodeTransformer):
    """Rename the given names to canonical ``v0, v1, ...`` in traversal order."""

    def __init__(self, renamable: set[str]) -> None:
        self.renamable = renamable
        self.mapping: dict[str, str] = {}

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in self.renamable:
            node.id = self.mapping.setdefault(node.id, f"v{len(self.mapping)}")
        return node


def _kept_names(tree: ast.Module) -> set[str]:
    """Names that are part of the interface: module-level bindings, def/class names, parameters,
    imported names, global/nonlocal declarations, class attributes."""
    keep: set[str] = set()
    for stmt in tree.body:
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            keep.update(n.id for n in ast.walk(stmt)
                        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            keep.add(node.name)
        elif isinstance(node, ast.ClassDef):
            keep.add(node.name)
            for stmt in node.body:  # class bodies bind attributes, not locals
                if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    keep.update(n.id for n in ast.walk(stmt)
                                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store))
        elif isinstance(node, ast.arg):
            keep.add(node.arg)
        elif isinstance(node, ast.alias):
            keep.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            keep.update(node.names)
    return keep


def alpha_form(code: str) -> str:
    """``normal_form`` up to a consistent renaming of function-local variables."""
    tree = ast.parse(code)
    keep = _kept_names(tree)
    renamable = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)
                 and isinstance(n.ctx, (ast.Store, ast.Del)) and n.id not in keep}
    tree = _Alpha(renamable).visit(tree)
    return ast.dump(tree, annotate_fields=False, include_attributes=False)
