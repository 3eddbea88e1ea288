"""Hoist a list/set method lookup out of a loop: ``append = out.append`` before the loop."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis import assigned_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.names import SELF_DOCUMENTING, self_documenting_names
from ..analysis.scopes import DYNAMIC_FUNCTION
from ..base import Rule
from ..registry import register

# Methods whose bound-method object may be cached: builtin types' methods cannot be replaced.
METHODS = {"list": frozenset({"append", "extend", "insert", "pop"}),
           "set": frozenset({"add", "discard"})}
_LOOPS = (cst.For, cst.While)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp,
           cst.GeneratorExp)
_METHOD_CALL = m.Call(func=m.Attribute(value=m.Name(), attr=m.Name()))


class _ReplaceCalls(cst.CSTTransformer):
    """``out.method(...)`` -> ``alias(...)`` outside nested scopes."""

    def __init__(self, aliases: dict[tuple[str, str], str]) -> None:
        super().__init__()
        self.aliases = aliases

    def visit_FunctionDef(self, node) -> bool:
        return False

    def visit_ClassDef(self, node) -> bool:
        return False

    def visit_Lambda(self, node) -> bool:
        return False

    def visit_ListComp(self, node) -> bool:
        return False

    def visit_SetComp(self, node) -> bool:
        return False

    def visit_DictComp(self, node) -> bool:
        return False

    def visit_GeneratorExp(self, node) -> bool:
        return False

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.Call:
        if m.matches(updated_node, _METHOD_CALL):
            key = (updated_node.func.value.value, updated_node.func.attr.value)
            if key in self.aliases:
                return updated_node.with_changes(func=cst.Name(self.aliases[key]))
        return updated_node


@register
class MethodAliasInLoop(Rule):
    """``for ...: out.append(x)`` -> ``out_append = out.append`` + ``for ...: out_append(x)``.

    Sound inside a function when ``out`` is known to be a list (for ``append``/``extend``/
    ``insert``/``pop``) or a set (``add``/``discard``) -- every binding of it in the function
    stores one -- and is certainly bound before the loop (a parameter, or assigned by an
    earlier statement of the same block, with no ``del`` of it in the function) and never
    rebound inside the loop: then ``out.append`` evaluated once before the loop is the same
    bound method every iteration would look up (builtin types' methods cannot be replaced, so
    the lookup neither fails nor changes), and calling it does the same. Evaluating it when the
    loop runs zero times is harmless for the same reason. Calls in nested functions, lambdas
    and comprehensions are left alone; when loops nest, the outermost loop that qualifies
    gets the alias. The alias is a fresh local name.

    Its intent is ``slower``: the classic speed-up of older Pythons is a slow-down from CPython
    3.11 on, where ``out.append(x)`` is one specialized instruction and ``alias(x)`` a generic
    call of a bound method. Measured on HumanEval+ (instruction counts, the rule alone):
    0.90 on HumanEval/5 and /100, 0.95-1.00 on ten more seeds, 1.09 on one.
    """

    id = "method-alias-in-loop"
    description = "Look up a list/set method once before a loop instead of on every call."
    category = "performance"
    family = "api-substitution"
    intent = "slower"

    class Transformer(EvidenceTransformer):
        def _calls(self, loop: cst.CSTNode, scope) -> dict[tuple[str, str], cst.Name]:
            """(receiver, method) -> a receiver Name node, for calls in the function's scope."""
            found: dict[tuple[str, str], cst.Name] = {}
            for call in m.findall(loop, _METHOD_CALL):
                if self.ev.scopes.get(call) is scope:
                    key = (call.func.value.value, call.func.attr.value)
                    found.setdefault(key, call.func.value)
                else:
                    self.skip("the method call is in a nested scope (comprehension, lambda...)")
            return found

        def _qualifies(self, loop: cst.CSTNode, func: cst.FunctionDef, key, receiver,
                       report: bool = True) -> bool:
            """With ``report``, a failed check says why (``self.skip``)."""
            out, method = key
            skip = self.skip if report else (lambda reason: False)
            t = self.ev.type_of(receiver)
            if t is None or method not in METHODS.get(t.kind, ()):
                return skip(f"no evidence {out}.{method} is one of the builtin methods aliased")
            if out in assigned_names(loop):
                return skip(f"{out!r} is rebound in the loop")
            if out in self_documenting_names(loop):
                return skip(SELF_DOCUMENTING)  # f"{out.append(x)=}" would print the alias
            if any(m.findall(d, m.Name(out)) for d in m.findall(func, m.Del())):
                return skip(f"{out!r} is deleted in the function")
            if any(p.name.value == out for p in func.params.params + func.params.posonly_params
                   + func.params.kwonly_params):
                return True
            block = self.ev.parent(loop)
            body = list(getattr(block, "body", ()))
            position = next((i for i, stmt in enumerate(body) if stmt is loop), None)
            if position is None:
                return skip(f"{out!r} is not certainly bound before the loop")
            return any(out in assigned_names(stmt, nested=False)
                       for stmt in body[:position]
                       if isinstance(stmt, cst.SimpleStatementLine)) or skip(
                f"{out!r} is not certainly bound before the loop")

        def _enclosing_loops(self, loop: cst.CSTNode, func: cst.FunctionDef):
            node = self.ev.parent(loop)
            while node is not None and node is not func:
                if isinstance(node, _LOOPS):
                    yield node
                node = self.ev.parent(node)

        def _leave_loop(self, original_node, updated_node):
            ev = self.ev
            func = ev.function_of(original_node)
            if func is None or not ev.simple_function(func):
                if m.findall(original_node, _METHOD_CALL):
                    self.skip("not in a function's own scope" if func is None else
                              DYNAMIC_FUNCTION)
                return updated_node
            scope = ev.scopes.get(original_node)
            aliases: dict[tuple[str, str], str] = {}
            for key, receiver in sorted(self._calls(original_node, scope).items()):
                if not self._qualifies(original_node, func, key, receiver):
                    continue
                if any(self._qualifies(outer, func, key, receiver, report=False)
                       for outer in self._enclosing_loops(original_node, func)):
                    continue
                aliases[key] = self.names.fresh(f"{key[0]}_{key[1]}".lstrip("_"))
            if not aliases:
                return updated_node
            replaced = updated_node.visit(_ReplaceCalls(aliases))
            lines = [cst.SimpleStatementLine(body=[cst.Assign(
                targets=[cst.AssignTarget(cst.Name(alias))],
                value=cst.Attribute(value=cst.Name(out), attr=cst.Name(method)))])
                for (out, method), alias in aliases.items()]
            lines[0] = lines[0].with_changes(leading_lines=updated_node.leading_lines)
            self.sites += len(aliases)
            return cst.FlattenSentinel(lines + [replaced.with_changes(leading_lines=[])])

        def leave_For(self, original_node: cst.For, updated_node: cst.For):
            return self._leave_loop(original_node, updated_node)

        def leave_While(self, original_node: cst.While, updated_node: cst.While):
            return self._leave_loop(original_node, updated_node)
