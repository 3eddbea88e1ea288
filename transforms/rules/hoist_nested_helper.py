"""A helper ``def`` nested in a function that uses nothing of it -> a module-level function."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ScopeProvider

from ..analysis.evidence import EvidenceTransformer
from ..analysis.names import all_identifiers
from ..analysis.scopes import global_nonlocal_names, uses_dynamic_scope
from ..analysis.syntax import is_literal
from ..base import Rule
from ..context import schedule_helper
from ..registry import register

# Builtins that call a function given to them and keep it no longer than their result does.
_TAKERS = {"map": None, "filter": None, "sorted": "key", "min": "key", "max": "key"}
# Builtins that use up a map/filter object given to them.
_CONSUMERS = frozenset({"list", "tuple", "set", "frozenset", "sorted", "sum", "min", "max",
                        "any", "all", "len", "dict"})


@register
class HoistNestedHelper(Rule):
    """``def f(...): def helper(x): ...; ... helper(v) ...`` -> ``def helper(x): ...`` at
    module level, before ``f``: the function object is built once, when the module loads,
    instead of on every call of ``f`` (a ``def`` statement allocates a function each time).

    Sound when the helper is the same function wherever it lives and nothing can tell where:

    * it reads no variable of ``f`` (no closure: each name it reads is its own, a module
      global or a builtin) except its own name, and that only to call itself (the same
      function, found as a global instead of in ``f``'s cell: recursion as deep as before),
      declares no ``global``/``nonlocal``, and neither function uses ``exec``/``locals()``/
      ``super()``...; it is a plain ``def`` (not async, no decorators), its defaults are
      literals (evaluated once either way) and its annotations unshadowed builtin names,
      ``None`` or strings (nothing that could fail or differ at import time);
    * it is a statement of ``f``'s own body, ``f`` is a plain module-level function, and the
      helper's name is bound only by it, mentioned nowhere else in the module (the new global
      shadows nothing and nothing else finds it), and in ``f`` only after the ``def``, only
      called, passed to the builtin ``map``/``filter`` whose result a builtin such as ``list``/
      ``sum`` or a loop uses up at once, or as ``key=`` of ``sorted``/``min``/``max``; never
      stored, returned or handed to code that could keep it (the one function object is then
      shared by all calls, its ``__qualname__`` differs and it pickles);
    * the module does no ``from m import *`` and no ``globals()``/``exec``.
    """

    id = "hoist-nested-helper"
    description = "Define a helper that uses nothing of its enclosing function at module level."
    category = "performance"
    family = "spelled-out"
    intent = "faster"

    class Transformer(EvidenceTransformer):
        def visit_Module(self, node: cst.Module) -> None:
            super().visit_Module(node)
            self._blocked = uses_dynamic_scope(node) or bool(m.findall(node, m.ImportStar()))

        def leave_FunctionDef(self, original_node: cst.FunctionDef,
                              updated_node: cst.FunctionDef) -> cst.FunctionDef:
            if not (isinstance(self.ev.parent(original_node), cst.Module)
                    and isinstance(original_node.body, cst.IndentedBlock)):
                return updated_node
            body = original_node.body.body
            helpers = [i for i, s in enumerate(body) if isinstance(s, cst.FunctionDef)]
            if not helpers:
                return updated_node
            if self._blocked:
                self.skip("the module can see its globals (star import, globals(), exec...)")
                return updated_node
            if uses_dynamic_scope(original_node) or original_node.asynchronous is not None:
                self.skip("the function can see its locals by name (exec, locals()...) or is async")
                return updated_node
            moved = [i for i in helpers if self._movable(original_node, i)]
            if not moved:
                return updated_node
            new_body = [s for i, s in enumerate(updated_node.body.body) if i not in moved]
            for i in moved:
                helper = updated_node.body.body[i]
                schedule_helper(self.context, original_node, helper.with_changes(leading_lines=[
                    line for line in helper.leading_lines if line.comment is not None]))
                self.sites += 1
            return updated_node.with_changes(
                body=updated_node.body.with_changes(body=new_body))

        def _movable(self, func: cst.FunctionDef, index: int) -> bool:
            helper: cst.FunctionDef = func.body.body[index]
            name = helper.name.value
            if helper.decorators or helper.asynchronous is not None:
                return self.skip(f"{name!r} is decorated or async")
            if uses_dynamic_scope(helper) or global_nonlocal_names(helper):
                return self.skip(f"{name!r} uses global/nonlocal, exec, locals() or super()")
            if not self._header_ok(helper):
                return self.skip(f"{name!r} has defaults or annotations that are not constants "
                                 "or builtin names")
            scope = self.ev.scopes.get(helper)  # the enclosing function's
            if scope is None or not self._no_closure(helper, scope):
                return self.skip(f"{name!r} reads a variable of the enclosing function")
            if name in global_nonlocal_names(func) or len(scope[name]) != 1 or any(
                    a.node is not helper for a in scope[name]):
                return self.skip(f"{name!r} is bound more than once or declared global")
            outside = set()
            for stmt in self._module.body:
                if stmt is not func:
                    outside |= all_identifiers(stmt)
            if name in outside or name in self.protected:
                return self.skip(f"{name!r} is a name of the module outside the function")
            for i, stmt in enumerate(func.body.body):
                if i == index:
                    continue  # the helper's own calls of itself: checked by _no_closure
                for node in m.findall(stmt, m.Name(name)):
                    if i <= index:
                        return self.skip(f"{name!r} is used before its def")
                    if not self._called(node):
                        return self.skip(f"{name!r} is used as a value (stored, returned or "
                                         "passed on)")
            return True

        def _header_ok(self, helper: cst.FunctionDef) -> bool:
            params = helper.params
            every = [*params.posonly_params, *params.params, *params.kwonly_params]
            for extra in (params.star_arg, params.star_kwarg):
                if isinstance(extra, cst.Param):
                    every.append(extra)
            if any(p.default is not None and not is_literal(p.default) for p in every):
                return False
            notes = [p.annotation for p in every if p.annotation is not None]
            if helper.returns is not None:
                notes.append(helper.returns)
            return all(self._plain_note(a.annotation) for a in notes)

        def _plain_note(self, e: cst.BaseExpression) -> bool:
            if isinstance(e, cst.SimpleString) or m.matches(e, m.Name("None")):
                return True
            return isinstance(e, cst.Name) and self.ev.is_builtin(e.value) and e.value in (
                "int", "float", "str", "bool", "bytes", "list", "dict", "set", "tuple",
                "frozenset", "complex", "object")

        def _no_closure(self, helper: cst.FunctionDef, outer) -> bool:
            """No name in the helper's body resolves to a binding of ``outer``, the enclosing
            function's scope (only the module's and the builtins' are left)."""
            for node in m.findall(helper.body, m.Name()):
                parent = self.ev.parent(node)
                if (isinstance(parent, cst.Attribute) and parent.attr is node
                        or isinstance(parent, cst.Arg) and parent.keyword is node):
                    continue
                scope = self.ev.scopes.get(node)
                if scope is None:
                    return False
                if any(a.scope is outer for a in scope[node.value]):
                    own_call = isinstance(parent, cst.Call) and parent.func is node
                    if not (own_call and node.value == helper.name.value):
                        return False  # recursion by a call of its own name stays the same
            return True

        def _called(self, node: cst.Name) -> bool:
            parent = self.ev.parent(node)
            if isinstance(parent, cst.Call):
                return parent.func is node
            if not (isinstance(parent, cst.Arg) and parent.value is node and not parent.star):
                return False
            call = self.ev.parent(parent)
            if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Name)
                    and call.func.value in _TAKERS and self.ev.is_builtin(call.func.value)):
                return False
            keyword = _TAKERS[call.func.value]
            if keyword is not None:
                return parent.keyword is not None and parent.keyword.value == keyword
            return parent.keyword is None and call.args[0] is parent and self._consumed(call)

        def _consumed(self, call: cst.Call) -> bool:
            """The lazy ``map``/``filter`` object is used up where it is made (iterated or
            given to a builtin that iterates it), never kept: a module-level function in it
            would pickle where a nested one does not."""
            parent = self.ev.parent(call)
            if isinstance(parent, (cst.For, cst.CompFor)):
                return parent.iter is call
            consumer = self.ev.parent(parent)
            if not (isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star
                    and isinstance(consumer, cst.Call)):
                return False
            func = consumer.func
            if (isinstance(func, cst.Attribute) and func.attr.value == "join"
                    and isinstance(func.value, cst.SimpleString)):
                return True  # ``"sep".join(map(f, xs))``
            return (isinstance(func, cst.Name) and func.value in _CONSUMERS
                    and self.ev.is_builtin(func.value))
