"""``x = x + e`` <-> ``x += e`` for variables that only ever hold immutable builtin values."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, ParentNodeProvider, ScopeProvider

from ..analysis.evidence import EvidenceTransformer
from ..analysis.immutables import ImmutableEvidence
from ..analysis.syntax import AUG_TO_BIN as _AUG_TO_BIN, BIN_TO_AUG as _BIN_TO_AUG
from ..analysis import builtin_is_shadowed
from ..base import Rule
from ..registry import register

# Operands that can follow a binary operator without parentheses whatever the operator.
_ATOMS = (cst.Name, cst.Attribute, cst.Subscript, cst.Call, cst.Integer, cst.Float,
          cst.Imaginary, cst.SimpleString, cst.FormattedString, cst.ConcatenatedString,
          cst.List, cst.Dict, cst.Set, cst.ListComp, cst.SetComp, cst.DictComp)

# Exact builtin types without in-place operators: ``x op= e`` is ``x = x op e`` for them.
_IMMUTABLE_KINDS = frozenset({"int", "bool", "float", "str", "bytes", "tuple", "frozenset"})


@register
class AugmentedAssignment(Rule):
    """``x = x + e`` -> ``x += e`` and ``x += e`` -> ``x = x + (e)`` (every binary operator),
    only for a local ``x`` that provably holds an immutable builtin value.

    ``x += e`` calls ``x.__iadd__`` when the type has one (lists extend in place: aliases see
    it; numpy arrays too) and only otherwise falls back to ``x = x + e``. int, float, complex,
    bool, str, bytes and None have no in-place operators, so for them the two forms are the
    same operation, with the same evaluation order (``x``, then ``e``). Evidence: every binding
    of ``x`` in the function is an assignment of a literal, an f-string, ``len(...)``, a
    ``range`` loop, or arithmetic over such values and over other names with the same evidence;
    parameters have none (callers pass anything). Or ``TypeEvidence`` (``uses_domain``) proves
    the exact type of ``x`` one of ``_IMMUTABLE_KINDS`` from every binding: a tuple unpacking
    of a display (``ans, odd = 0, [...]``), a loop over a list of ints, a parameter the domain
    types as an int or str, ``x += item`` over such items. A list stays out whatever its
    evidence (``xs += ys`` extends the caller's list). Not in functions using ``global``/
    ``nonlocal`` for ``x``, ``exec``/``eval``/``locals()``..., nor at module/class level.
    ``x = x - a - b`` is ``(x - a) - b`` and is left alone.
    """

    id = "augmented-assignment"
    description = "Toggle `x = x + e` <-> `x += e` for variables proven to hold ints/strs."
    category = "expression"
    family = "expression"
    intent = "neutral"
    uses_domain = True

    class Transformer(EvidenceTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

        def visit_Module(self, node: cst.Module) -> None:
            super().visit_Module(node)
            self.len_ok = not builtin_is_shadowed(node, "len")
            self.range_ok = not builtin_is_shadowed(node, "range")
            self.evidence: dict[FunctionScope, frozenset[str]] = {}

        def _immutable_local(self, node: cst.CSTNode, name: cst.BaseExpression) -> bool:
            if not isinstance(name, cst.Name):
                return self.skip("the target is not a plain name")
            scope = self.get_metadata(ScopeProvider, node, None)
            if not isinstance(scope, FunctionScope):
                return self.skip("not in a function")
            if scope not in self.evidence:
                self.evidence[scope] = ImmutableEvidence(
                    self, scope, self.len_ok, self.range_ok).names
            if name.value in self.evidence[scope]:
                return True
            t = self.ev.local_type(scope, name.value) if isinstance(
                scope.node, cst.FunctionDef) else None
            return t is not None and t.kind in _IMMUTABLE_KINDS or self.skip(
                ImmutableEvidence.why_not(scope, name.value))

        def leave_Assign(self, original_node, updated_node):
            if len(original_node.targets) != 1:
                return updated_node
            target = original_node.targets[0].target
            value = original_node.value
            if not (isinstance(target, cst.Name) and isinstance(value, cst.BinaryOperation)
                    and m.matches(value.left, m.Name(target.value)) and not value.left.lpar
                    and not value.lpar and type(value.operator) in _BIN_TO_AUG):
                return updated_node
            if not self._immutable_local(original_node, target):  # it said why
                return updated_node
            new_value = updated_node.value
            right = new_value.right
            self.sites += 1
            return cst.AugAssign(target=updated_node.targets[0].target,
                                 operator=_BIN_TO_AUG[type(new_value.operator)](),
                                 value=right, semicolon=updated_node.semicolon)

        def leave_AugAssign(self, original_node, updated_node):
            if type(original_node.operator) not in _AUG_TO_BIN or not self._immutable_local(
                    original_node, original_node.target):
                return updated_node
            value = updated_node.value
            if not isinstance(value, _ATOMS) and not value.lpar:
                value = value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            self.sites += 1
            return cst.Assign(
                targets=[cst.AssignTarget(target=updated_node.target)],
                value=cst.BinaryOperation(left=cst.Name(updated_node.target.value),
                                          operator=_AUG_TO_BIN[type(updated_node.operator)](),
                                          right=value),
                semicolon=updated_node.semicolon)
