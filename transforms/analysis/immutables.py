"""Which locals of a function provably hold only immutable builtin values."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import Assignment, FunctionScope, ParentNodeProvider

from .scopes import DYNAMIC_FUNCTION, global_nonlocal_names, uses_dynamic_scope
from .syntax import is_literal


class ImmutableEvidence:
    """Which locals of one function provably hold only immutable builtin values (int, float,
    complex, bool, str, bytes, None): the greatest set of names all of whose bindings produce
    such a value, assuming the names of the set do (induction over the execution)."""

    def __init__(self, transformer: cst.MetadataDependent, scope: FunctionScope, len_ok: bool,
                 range_ok: bool) -> None:
        self.t, self.len_ok, self.range_ok = transformer, len_ok, range_ok
        func = scope.node
        if uses_dynamic_scope(func):
            self.names: frozenset[str] = frozenset()
            return
        bindings: dict[str, list] = {}
        for assignment in scope.assignments:
            bindings.setdefault(assignment.name, []).append(assignment)
        names = set(bindings) - global_nonlocal_names(func)
        changed = True
        while changed:
            changed = False
            for name in sorted(names):
                if not all(self._binding_ok(a, names) for a in bindings[name]):
                    names.discard(name)
                    changed = True
        self.names = frozenset(names)

    @staticmethod
    def why_not(scope: FunctionScope, name: str) -> str:
        """The skip reason (``RuleTransformer.skip``) for a ``name`` not in ``names``."""
        func = scope.node
        if uses_dynamic_scope(func):
            return DYNAMIC_FUNCTION
        if name in global_nonlocal_names(func):
            return f"{name!r} is global or nonlocal"
        return f"no evidence {name!r} only ever holds immutable builtin values"

    def immutable(self, expr: cst.BaseExpression, names: set[str] | frozenset[str]) -> bool:
        if is_literal(expr):
            return True
        if isinstance(expr, cst.FormattedString):
            # a lone field is whatever ``__format__`` returned: maybe a mutable str subclass
            return len(expr.parts) != 1 or isinstance(expr.parts[0], cst.FormattedStringText)
        if isinstance(expr, cst.Name):
            return expr.value in names
        if isinstance(expr, cst.BinaryOperation):
            return self.immutable(expr.left, names) and self.immutable(expr.right, names)
        if isinstance(expr, cst.UnaryOperation):
            return self.immutable(expr.expression, names)
        if m.matches(expr, m.Call(func=m.Name("len"), args=[m.Arg(star="", keyword=None)])):
            return self.len_ok
        return False

    def _binding_ok(self, assignment, names) -> bool:
        node = assignment.node
        if not isinstance(assignment, Assignment) or not isinstance(node, cst.Name):
            return False  # parameters, imports, def/class names, builtins...
        parent = self.t.get_metadata(ParentNodeProvider, node, None)
        if isinstance(parent, cst.AssignTarget):
            stmt = self.t.get_metadata(ParentNodeProvider, parent, None)
            return isinstance(stmt, cst.Assign) and self.immutable(stmt.value, names)
        if isinstance(parent, (cst.AugAssign, cst.AnnAssign)) and parent.target is node:
            return parent.value is not None and self.immutable(parent.value, names)
        if isinstance(parent, cst.For) and parent.target is node:
            return (self.range_ok and parent.asynchronous is None
                    and m.matches(parent.iter, m.Call(func=m.Name("range"))))
        return False
