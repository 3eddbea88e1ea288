"""Memoize a provably pure recursive function with a dictionary keyed by its arguments."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import FunctionScope, GlobalScope

from ..analysis import BUILTIN_NAMES, assigned_names, global_nonlocal_names, used_names
from ..analysis.evidence import EvidenceTransformer, TypeEvidence
from ..analysis.purity import Inert, SCALARS
from ..analysis.types import T, annotation_type
from ..base import Rule
from ..registry import register

# Parameter types whose equal values are interchangeable (a float is not: 0.0 == -0.0).
_KEY_KINDS = frozenset({"int", "bool", "str", "bytes"})


class _RecursionEvidence(TypeEvidence):
    """Type evidence assuming that calls of the function ``name`` return ``result``: checked
    co-inductively (every ``return`` must then produce a ``result``, so by induction on the
    depth of recursion every call does).

    Annotations count as evidence here, and only here: the memo is read and written only for
    calls whose arguments are of exactly the annotated types (``type(n) is int``), and such a
    call's recursion, built from builtin operations on exact values, stays exact. A call with
    a subclass instance runs the original body and stores nothing."""

    TRUST_ANNOTATIONS = True

    def __init__(self, module, metadata, name: str, result: T | None) -> None:
        super().__init__(module, metadata)
        self.recursive = name
        self.result = result

    def _call_type(self, e: cst.Call) -> T | None:
        if isinstance(e.func, cst.Name) and e.func.value == self.recursive:
            return self.result
        return super()._call_type(e)


class _SelfCalls(Inert):
    """Inert code that may also call the function being memoized (with plain arguments)."""

    def __init__(self, ev: TypeEvidence, name: str) -> None:
        super().__init__(ev)
        self.recursive = name

    def _call(self, e: cst.Call) -> bool:
        if isinstance(e.func, cst.Name) and e.func.value == self.recursive:
            return all(a.keyword is None and not a.star and self._expr(a.value) for a in e.args)
        return super()._call(e)


def _returns(body: cst.CSTNode) -> list[cst.Return]:
    return [r for r in m.findall(body, m.Return())]


class _Suites(cst.CSTTransformer):
    """``if c: return x`` -> an indented block, so a return can become several statements."""

    def leave_SimpleStatementSuite(self, original_node, updated_node):
        if any(isinstance(s, cst.Return) for s in updated_node.body):
            return cst.IndentedBlock(body=[cst.SimpleStatementLine(body=updated_node.body)])
        return updated_node


class _StoreResults(cst.CSTTransformer):
    """``return X`` -> ``result = X`` + store it under the key + ``return result``."""

    def __init__(self, memo: str, key: str, result: str) -> None:
        super().__init__()
        self.memo, self.key, self.result = memo, key, result

    def leave_SimpleStatementLine(self, original_node, updated_node):
        last = updated_node.body[-1] if updated_node.body else None
        if not isinstance(last, cst.Return) or last.value is None:
            return updated_node
        assign = cst.Assign(targets=[cst.AssignTarget(cst.Name(self.result))], value=last.value)
        first = updated_node.with_changes(body=[*updated_node.body[:-1], assign])
        store = cst.parse_statement(
            f"if {self.key} is not None:\n    {self.memo}[{self.key}] = {self.result}\n")
        ret = cst.SimpleStatementLine(body=[cst.Return(value=cst.Name(self.result))])
        return cst.FlattenSentinel([first, store, ret])


@register
class MemoizePureRecursion(Rule):
    """Memoize a recursive function that is provably pure, with a dictionary of results::

        f_memo = {}
        def f(n: int) -> int:
            memo_key = (n,) if type(n) is int and f is f_itself else None
            if memo_key in f_memo:
                return f_memo[memo_key]
            ...                      # each `return X` becomes:
            result = X
            if memo_key is not None:
                f_memo[memo_key] = result
            return result
        f_itself = f

    Sound when a call's result depends on nothing but its arguments and the call does nothing
    else: the function is defined once at module level or in a function body (not a method),
    not async, not a generator, not decorated, its name is bound by that ``def`` only (no other
    binding, no ``global``/``nonlocal`` of it), it reads no name but its locals, unshadowed
    builtins and itself, and its body provably runs no user code (``analysis.purity.Inert``; calls to
    itself with plain arguments allowed), so it performs no I/O and mutates nothing it did not
    create. Its parameters are plain positional ones annotated ``int``/``bool``/``str``/
    ``bytes`` without default, and every ``return`` yields an int/bool/float/str/bytes (or a
    tuple of them), assuming recursive calls do (co-induction): an immutable result may be
    shared between callers. Arguments of exactly those types that are equal are
    interchangeable (``(type(n), n)`` would still mix ``0.0``/``-0.0``, hence no floats); any
    other argument, ``True`` for an ``int`` parameter included, bypasses the memo (key
    ``None``). Exceptions store nothing. No frame is added (``functools.lru_cache`` would add
    a C-level call per level and halve the depth reachable before ``RecursionError``); a call
    that hits the memo returns without recursing, so recursion never gets deeper than before
    (only where the original exceeds the recursion limit can the memoized function, on a later
    call, succeed from results stored meanwhile).
    The function's own docstring stays first; the memo is a fresh name defined just before the
    ``def`` (at module level it persists across calls, as ``lru_cache`` would). Names the
    caller protects are not memoized (the entry point's speed would be measured on cached
    results).
    """

    id = "memoize-pure-recursion"
    description = "Memoize a provably pure recursive function with a dict of results."
    category = "performance"
    family = "algorithmic"
    intent = "faster"

    class Transformer(EvidenceTransformer):
        # For skip reasons only: [name, seen a call of that name] for each enclosing def, so
        # that a def failing the cheap checks below is known to call itself without searching
        # its body again (only a function that calls itself is a candidate worth a reason).
        def visit_Module(self, node: cst.Module) -> None:
            super().visit_Module(node)
            self._open: list[list] = []

        def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
            self._open.append([node.name.value, False])

        def visit_Call(self, node: cst.Call) -> None:
            if isinstance(node.func, cst.Name):
                for entry in self._open:
                    if entry[0] == node.func.value:
                        entry[1] = True

        def _shape(self, node: cst.FunctionDef, calls_itself: bool = True) -> list[str] | None:
            """Parameter names when the def itself qualifies and calls itself."""
            p = node.params
            name = node.name.value

            def skip(reason: str) -> None:  # only a function calling itself is a candidate
                if calls_itself:
                    self.skip(reason)
            if (node.decorators or node.asynchronous is not None or p.kwonly_params
                    or not isinstance(p.star_arg, cst.MaybeSentinel)
                    or p.star_kwarg is not None or node.name.value in self.protected):
                return skip("a decorated, async or protected function, or one with *args, "
                            "**kwargs or keyword-only parameters")
            params = [*p.posonly_params, *p.params]
            if not params or any(x.default is not None or x.annotation is None for x in params):
                return skip("no parameters, or one without an annotation or with a default")
            if not m.findall(node.body, m.Call(func=m.Name(name))):
                return None
            return [x.name.value for x in params]

        def _pure(self, node: cst.FunctionDef, params: list[str]) -> bool:
            name = node.name.value
            base = self.ev
            scope = base.scopes.get(node)  # the scope the def binds its name in
            if isinstance(scope, GlobalScope):
                if name in global_nonlocal_names(self._module):
                    return self.skip(f"{name!r} is declared global in a function")
            elif isinstance(scope, FunctionScope) and isinstance(scope.node, cst.FunctionDef):
                # the memo becomes a local of the enclosing function
                if name in global_nonlocal_names(scope.node) or not base.simple_function(
                        scope.node):
                    return self.skip("the enclosing function declares global/nonlocal names "
                                     "or uses exec/eval/locals()")
            else:
                return self.skip("not a module-level or nested function (a method?)")
            if [a.node for a in scope.assignments[name]] != [node]:
                return self.skip(f"{name!r} is bound more than once")
            if not base.is_builtin("type") or not base.simple_function(node):
                return self.skip("type is shadowed, or the function uses exec/eval/locals()")
            for param in node.params.posonly_params + node.params.params:
                t = annotation_type(param.annotation.annotation)
                if t is None or t.kind not in _KEY_KINDS or not base.is_builtin(t.kind):
                    return self.skip("a parameter is not annotated int, bool, str or bytes")
            local = assigned_names(node, nested=False) | set(params)
            if name in local:
                return self.skip("the function rebinds its own name")
            free = used_names(node.body) - local - {name}
            if not all(n in BUILTIN_NAMES and base.is_builtin(n) for n in free):
                return self.skip("the function reads free names other than builtins")
            returns = _returns(node.body)
            if not returns or any(r.value is None for r in returns) \
                    or not _always_returns(node.body):
                return self.skip("a bare return, or a path that falls off the end")
            result = None
            if node.returns is not None:
                result = annotation_type(node.returns.annotation)
            if result is None:
                for r in returns:
                    result = base.type_of(r.value)
                    if result is not None:
                        break
            if not _immutable(result):
                return self.skip("no evidence the result is an immutable scalar (or a tuple "
                                 "of them)")
            ev = _RecursionEvidence(self._module, self.metadata, name, result)
            if not _SelfCalls(ev, name).block(node.body):
                return self.skip("the body may run user code (not provably pure)")
            return all(ev.type_of(r.value) == result or (
                result.kind == "int" and ev.type_of(r.value) == T("bool")) for r in returns) \
                or self.skip("not every return is of the result's type")

        def leave_FunctionDef(self, original_node: cst.FunctionDef,
                              updated_node: cst.FunctionDef):
            calls_itself = self._open.pop()[1]
            params = self._shape(original_node, calls_itself)
            if params is None or not updated_node.deep_equals(original_node):
                return updated_node
            if not self._pure(original_node, params):
                return updated_node
            name = original_node.name.value
            memo = self.names.fresh(f"{name}_memo".lstrip("_"))
            key = self.names.fresh("memo_key")
            result = self.names.fresh("result")
            kinds = [annotation_type(p.annotation.annotation).kind
                     for p in original_node.params.posonly_params + original_node.params.params]
            owner = self.names.fresh(f"{name}_itself".lstrip("_"))
            # only while the name still means this function: rebound after definition (a
            # wrapper, a mock), every call must reach it as in the original
            check = " and ".join([f"type({p}) is {k}" for p, k in zip(params, kinds)]
                                 + [f"{name} is {owner}"])
            head = cst.parse_module(
                f"{key} = {_tuple(params)} if {check} else None\n"
                f"if {key} in {memo}:\n    return {memo}[{key}]\n").body
            body = updated_node.body.visit(_Suites()).visit(_StoreResults(memo, key, result))
            stmts = list(body.body)
            doc = 1 if stmts and m.matches(stmts[0], m.SimpleStatementLine(
                body=[m.Expr(value=m.SimpleString() | m.ConcatenatedString())])) else 0
            body = body.with_changes(body=[*stmts[:doc], *head, *stmts[doc:]])
            top = isinstance(self.ev.scopes.get(original_node), GlobalScope)
            define = cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name(memo))], value=cst.Dict([]))],
                leading_lines=updated_node.leading_lines)
            blank = [cst.EmptyLine(), cst.EmptyLine()] if top else []
            remember = cst.SimpleStatementLine(body=[cst.Assign(
                targets=[cst.AssignTarget(cst.Name(owner))], value=cst.Name(name))])
            self.sites += 1
            return cst.FlattenSentinel([define, updated_node.with_changes(
                body=body, leading_lines=blank), remember])


def _immutable(t: T | None) -> bool:
    if t is None:
        return False
    if t.kind in SCALARS:
        return True
    return t.kind == "tuple" and t.elem is not None and t.elem.kind in SCALARS


def _tuple(names: list[str]) -> str:
    return f"({names[0]},)" if len(names) == 1 else f"({', '.join(names)})"


def _always_returns(block: cst.BaseSuite) -> bool:
    """The block ends in a ``return`` on every path (it cannot fall off its end)."""
    if isinstance(block, cst.SimpleStatementSuite):
        return bool(block.body) and isinstance(block.body[-1], cst.Return)
    if not block.body:
        return False
    last = block.body[-1]
    if isinstance(last, cst.SimpleStatementLine):
        return bool(last.body) and isinstance(last.body[-1], cst.Return)
    if isinstance(last, cst.If):
        orelse = last.orelse
        if orelse is None:
            return False
        rest = (_always_returns(cst.IndentedBlock(body=[orelse])) if isinstance(orelse, cst.If)
                else _always_returns(orelse.body))
        return _always_returns(last.body) and rest
    return False
