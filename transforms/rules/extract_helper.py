"""Extract a returned expression into a new private module-level helper function."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import (BuiltinScope, FunctionScope, GlobalScope, ParentNodeProvider,
                             ScopeProvider)

from ..analysis import (NameAllocator, bound_before, global_nonlocal_names, is_literal,
                        names_in_order, uses_dynamic_scope)
from ..analysis.naming import helper_name
from ..analysis.recursion import RECURSIVE, CallGraph
from ..analysis.scopes import DYNAMIC_FUNCTION, SCOPE_SENSITIVE
from ..base import Rule, RuleTransformer
from ..context import schedule_helper
from ..registry import register



_LEAF = (cst.Name, cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString)


def _one_step(expr: cst.BaseExpression) -> bool:
    """``a * b``, ``-x``, ``a < b``, ``xs[i]``, ``p.x``, ``{}``, ``(a, b)``: one operation or
    display whose operands are names or literals (a helper for it names nothing that the code
    does not already say)."""
    if isinstance(expr, (cst.BinaryOperation, cst.BooleanOperation)):
        parts = [expr.left, expr.right]
    elif isinstance(expr, cst.UnaryOperation):
        parts = [expr.expression]
    elif isinstance(expr, cst.Comparison) and len(expr.comparisons) == 1:
        parts = [expr.left, expr.comparisons[0].comparator]
    elif isinstance(expr, cst.Subscript) and len(expr.slice) == 1 \
            and isinstance(expr.slice[0].slice, cst.Index):
        parts = [expr.value, expr.slice[0].slice.value]
    elif isinstance(expr, cst.Attribute):
        parts = [expr.value]
    elif isinstance(expr, (cst.List, cst.Tuple, cst.Set)):  # [], (a, b): a display of leaves
        parts = [e.value for e in expr.elements]
    elif isinstance(expr, cst.Dict):
        parts = [p for e in expr.elements for p in
                 ((e.key, e.value) if isinstance(e, cst.DictElement) else (e.value,))]
    else:
        return False
    return all(isinstance(p, _LEAF) for p in parts)


@register
class ExtractHelper(Rule):
    """``return e`` in a function -> ``return _helper(a, b)`` with a new module-level
    ``def _helper(a, b): return e`` placed just before the top-level statement holding the
    function (so it exists before any call, decorators included).

    Sound when ``e`` evaluates to the same value with the same effects in the helper:

    * every variable ``e`` reads is either a parameter of the function or a local bound by a
      top-level assignment *before* the ``return``'s statement (never deleted, never an
      ``except ... as`` name) -- these are passed as arguments; reading them first cannot fail
      and nothing can rebind them while ``e`` runs (no walrus, no ``global``/``nonlocal`` in the
      function) -- or a module global/builtin not bound in the function, read by the helper
      from the same module namespace at the same moment;
    * ``e`` holds no lambda/comprehension, ``yield``/``await``/walrus, and no ``__private``
      name (class-private mangling only happens inside the class); the function uses no
      ``exec``/``eval``/``locals()``/``super()``;
    * ``e`` calls no function defined in the module, by name or as a method: a recursive call
      through the helper would double the stack depth and hit ``RecursionError`` earlier; and
      the function is on no cycle of the module's call graph (``analysis.recursion``), which
      also sees recursion through dunders (``len(self.child)`` in ``__len__``) and functions
      passed as values (``map(size, t)``).

    The only differences: one more frame in tracebacks. Left alone because a helper would teach
    nothing: ``e`` a name or literal, or one operation on names or literals (``a * b``,
    ``xs[i]``).
    """

    id = "extract-helper"
    description = "Extract a returned expression into a new private module-level function."
    category = "helpers"
    family = "spelled-out"
    # A call and a frame more each time the expression runs: on HumanEval+ (instruction counts)
    # its single-rule variants measured slower on 17 of 40 seeds and never faster.
    intent = "slower"

    class Transformer(RuleTransformer):
        METADATA_DEPENDENCIES = (ScopeProvider, ParentNodeProvider)

        def visit_Module(self, node: cst.Module) -> None:
            self.names = NameAllocator(node, taken=self.protected, rng=self.rng)
            self.module_defs = {f.name.value for f in m.findall(node, m.FunctionDef())}
            self.call_graph = CallGraph(node)
            self.calls: dict[cst.Return, cst.Call] = {}

        def _top_level(self, node: cst.CSTNode) -> tuple[cst.CSTNode, cst.CSTNode | None]:
            """(statement of the module holding node, statement of func's body holding node)"""
            chain = [node]
            parent = self.get_metadata(ParentNodeProvider, node, None)
            while parent is not None and not isinstance(parent, cst.Module):
                chain.append(parent)
                parent = self.get_metadata(ParentNodeProvider, parent, None)
            return chain[-1], chain

        def _args(self, ret: cst.Return) -> list[str] | None:
            expr = ret.value
            if expr is None or is_literal(expr) or isinstance(expr, cst.Name):
                return None
            skip = lambda reason: self.skip(reason) or None  # noqa: E731 - says why, gives None
            scope = self.get_metadata(ScopeProvider, ret, None)
            if not isinstance(scope, FunctionScope) or not isinstance(scope.node, cst.FunctionDef):
                return skip("not directly in a def")
            func = scope.node
            if m.findall(expr, SCOPE_SENSITIVE):
                return skip("a lambda, comprehension, yield, await or walrus in the expression")
            if uses_dynamic_scope(func):
                return skip(DYNAMIC_FUNCTION)
            if global_nonlocal_names(func):
                return skip("the function declares global or nonlocal names")
            for call in m.findall(expr, m.Call()):
                callee = call.func
                if isinstance(callee, cst.Attribute) and callee.attr.value in self.module_defs:
                    return skip("calls a method named like a function of the module "
                                "(recursion would go twice as deep)")
                if isinstance(callee, cst.Name):
                    if not all(isinstance(a.scope, BuiltinScope) for a in scope[callee.value]):
                        return skip(f"calls {callee.value!r}, which is not a builtin")
                    if not scope[callee.value]:
                        return skip(f"calls {callee.value!r}, which is unbound")
                elif not isinstance(callee, cst.Attribute):
                    # f()(), (a or b)(): keep it simple
                    return skip("calls something other than a name or an attribute")
            if self.call_graph.recursive(func):
                # one more frame per level: also through a dunder (`len(self.child)` in
                # __len__) or a function passed as a value (`map(size, t)`)
                return skip(RECURSIVE)
            for ident in m.findall(expr, m.Name()):
                # `__x` is mangled only inside a class; `__class__` is a method's class cell
                if ident.value == "__class__" or (
                        ident.value.startswith("__") and not ident.value.endswith("__")):
                    return skip("a __private name or __class__ (they depend on the class)")
            _, chain = self._top_level(ret)
            body = func.body.body if isinstance(func.body, cst.IndentedBlock) else ()
            index = next((body.index(n) for n in chain if n in body), None)
            if index is None:
                return skip("not in the block body of the def")
            bound = bound_before(func, index)
            args: list[str] = []
            for name in names_in_order(expr):
                assignments = scope[name]
                if name in scope.assignments and any(a.scope is scope for a in assignments):
                    if name not in bound:
                        return skip(f"local {name!r} may be unbound at the return")
                    if name not in args:
                        args.append(name)
                elif not all(isinstance(a.scope, (GlobalScope, BuiltinScope)) for a in assignments):
                    # a closure variable of an enclosing function
                    return skip(f"{name!r} is a variable of an enclosing function")
            # sound, but is it worth a helper?
            if _one_step(expr):
                return skip("one operation or display on names or literals: too small to be a helper")
            return args

        def visit_Return(self, node: cst.Return) -> None:
            args = self._args(node)
            if args is None:
                return
            # named for what it computes (``_remainder``, ``_is_member``), never ``_expr``
            func = self.get_metadata(ScopeProvider, node).node
            name = self.names.fresh(helper_name(node.value, func.name.value))
            helper = cst.FunctionDef(
                name=cst.Name(name),
                params=cst.Parameters(params=[cst.Param(cst.Name(a)) for a in args]),
                body=cst.IndentedBlock(body=[cst.SimpleStatementLine(body=[cst.Return(
                    value=node.value)])]),
            )
            top, _ = self._top_level(node)
            schedule_helper(self.context, top, helper)
            self.calls[node] = cst.Call(func=cst.Name(name),
                                        args=[cst.Arg(cst.Name(a)) for a in args])

        def leave_Return(self, original_node, updated_node):
            call = self.calls.get(original_node)
            if call is None:
                return updated_node
            self.sites += 1
            # `return(a + b)` has no space after `return`: keep the call apart from it
            return updated_node.with_changes(value=call,
                                             whitespace_after_return=cst.SimpleWhitespace(" "))
