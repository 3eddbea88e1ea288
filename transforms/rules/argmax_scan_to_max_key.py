"""``m = max(map(f, xs))`` + ``for e in xs: if f(e) == m: return e`` -> ``max(xs, key=f)``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import ClassScope

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import bound_in_enclosing_blocks
from ..analysis.names import all_params
from ..analysis.purity import Inert
from ..analysis.scopes import global_nonlocal_names
from ..analysis.syntax import is_name
from ..analysis.types import BOOL, INT, SIZED_KINDS, STR
from ..base import Rule
from ..registry import register

_SEQUENCES = frozenset({"list", "tuple", "str"})
# Key results whose ``==`` agrees with the ``>``/``<`` that max/min use (a total order).
_KEY_RESULTS = (INT, BOOL, STR)


def _extreme(stmt: cst.CSTNode):
    """(``m``, ``max``/``min``, ``f``, ``xs``) of ``m = max(map(f, xs))`` or
    ``m = max(f(x) for x in xs)``, all plain names; else None."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
            and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1):
        return None
    assign = stmt.body[0]
    target, call = assign.targets[0].target, assign.value
    if not (isinstance(target, cst.Name) and isinstance(call, cst.Call)
            and isinstance(call.func, cst.Name) and call.func.value in ("max", "min")
            and len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star):
        return None
    arg = call.args[0].value
    if (isinstance(arg, cst.Call) and is_name(arg.func, "map") and len(arg.args) == 2
            and all(a.keyword is None and not a.star for a in arg.args)
            and isinstance(arg.args[0].value, cst.Name)
            and isinstance(arg.args[1].value, cst.Name)):
        return target.value, call.func.value, arg.args[0].value.value, arg.args[1].value.value
    if isinstance(arg, cst.GeneratorExp):
        clause = arg.for_in
        if (clause.asynchronous is None and clause.inner_for_in is None and not clause.ifs
                and isinstance(clause.target, cst.Name) and isinstance(clause.iter, cst.Name)):
            f = _applied(arg.elt, clause.target.value)
            if f is not None:
                return target.value, call.func.value, f, clause.iter.value
    return None


def _applied(e: cst.BaseExpression, var: str) -> str | None:
    """``f`` when ``e`` is ``f(var)`` with ``f`` a plain name."""
    if (isinstance(e, cst.Call) and isinstance(e.func, cst.Name) and len(e.args) == 1
            and e.args[0].keyword is None and not e.args[0].star and not e.lpar
            and is_name(e.args[0].value, var)):
        return e.func.value
    return None


def _scan(stmt: cst.CSTNode, f: str, xs: str, mname: str):
    """(loop variable, the ``if`` body) of ``for e in xs: if f(e) == m: <body>`` whose body
    cannot let the loop go on (it ends in ``return``/``raise`` and holds no ``break`` or
    ``continue``); else None."""
    if not (isinstance(stmt, cst.For) and stmt.asynchronous is None and stmt.orelse is None
            and isinstance(stmt.target, cst.Name) and is_name(stmt.iter, xs)
            and isinstance(stmt.body, cst.IndentedBlock) and len(stmt.body.body) == 1):
        return None
    var, test_if = stmt.target.value, stmt.body.body[0]
    if not (isinstance(test_if, cst.If) and test_if.orelse is None
            and isinstance(test_if.test, cst.Comparison)
            and len(test_if.test.comparisons) == 1
            and isinstance(test_if.test.comparisons[0].operator, cst.Equal)):
        return None
    left, right = test_if.test.left, test_if.test.comparisons[0].comparator
    if not (_applied(left, var) == f and is_name(right, mname)
            or _applied(right, var) == f and is_name(left, mname)):
        return None
    body = test_if.body
    lines = list(body.body) if isinstance(body, cst.IndentedBlock) else [
        cst.SimpleStatementLine(body=list(body.body))]
    last = lines[-1] if lines else None
    if not (isinstance(last, cst.SimpleStatementLine) and last.body
            and isinstance(last.body[-1], (cst.Return, cst.Raise))):
        return None
    if m.findall(body, m.Break() | m.Continue() | m.Yield() | m.Await()):
        return None
    return var, lines


@register
class ArgmaxScanToMaxKey(Rule):
    """Finding the item with the largest key by computing the largest key and then scanning
    for the first item that has it::

        best = max(map(strength, names))          # or max(strength(n) for n in names)
        for name in names:
            if strength(name) == best:
                return prefix + name

    ->  ``name = max(names, key=strength)`` + ``return prefix + name`` (``return max(names,
    key=strength)`` when the body returns the item itself); ``min`` likewise. The key is
    computed once per item instead of once more for every item up to the first best one.

    ``max(xs, key=f)`` returns the first item whose key is largest: it compares the keys in the
    same order, with the same ``>``, as ``max(map(f, xs))`` compares the values, so both raise
    the same error at the same point (``ValueError`` on an empty ``xs``, ``TypeError`` on keys
    that do not compare), and the scan stops at the first item whose key equals the largest.
    Sound, inside a function on no recursion cycle, when:

    * the two statements are adjacent; ``xs`` is a plain name known to hold a list, tuple or
      str (iterated twice, the same items both times; often from the seed's domain, so the
      rule ``uses_domain``); the loop has no ``else`` and its body is only the ``if``, whose
      body ends in ``return``/``raise`` and holds no ``break``/``continue``;
    * ``f`` is the builtin ``len`` on items known to be builtin containers, or a function of
      the module bound only by its ``def`` (no decorator, one positional parameter, no
      default) whose body provably runs no user code and mutates nothing
      (``analysis.purity.Inert``) and whose every ``return`` gives an int, bool or str: the
      same key each time it is computed, nothing observable from computing it fewer times,
      and ``==`` agrees with the ordering (a NaN key would match nothing);
    * the largest key's name is a plain local bound only there and read only in the test;
      the loop variable is a plain local (no closure sees either); ``xs`` and ``f``, when
      locals, are certainly bound there (the rewrite reads them in another order, and reads
      ``f`` even when a generator would have found no item to call it on).
    """

    id = "argmax-scan-to-max-key"
    description = "Find the item with the largest key with max(xs, key=f), not max then a scan."
    category = "performance"
    family = "algorithmic"
    intent = "faster"
    uses_domain = True  # evidence for xs and the key function's argument comes from the domain

    class Transformer(EvidenceTransformer):
        def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                                updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
            old, new = list(original_node.body), list(updated_node.body)
            out, k, fired = [], 0, 0
            while k < len(old):
                site = self._site(old, k) if k + 1 < len(old) else None
                if site is None or not new[k + 1].deep_equals(old[k + 1]):
                    out.append(new[k])
                    k += 1
                    continue
                (mname, builtin, f, xs), (var, lines) = site
                call = cst.Call(func=cst.Name(builtin), args=[
                    cst.Arg(cst.Name(xs), comma=cst.Comma(
                        whitespace_after=cst.SimpleWhitespace(" "))),
                    cst.Arg(cst.Name(f), keyword=cst.Name("key"),
                            equal=cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                                  whitespace_after=cst.SimpleWhitespace("")))])
                only = lines[0].body if len(lines) == 1 else None
                if only is not None and len(only) == 1 and isinstance(only[0], cst.Return) \
                        and is_name(only[0].value, var):
                    stmts = [cst.SimpleStatementLine(body=[cst.Return(value=call)])]
                else:
                    stmts = [cst.SimpleStatementLine(body=[cst.Assign(
                        targets=[cst.AssignTarget(cst.Name(var))], value=call)])] + lines
                stmts[0] = stmts[0].with_changes(leading_lines=new[k].leading_lines)
                out += stmts
                k += 2
                fired += 1
            if not fired:
                return updated_node
            self.sites += fired
            return updated_node.with_changes(body=out)

        def _site(self, body: list, k: int):
            first = _extreme(body[k])
            if first is None:
                return None
            mname, builtin, f, xs = first
            scan = _scan(body[k + 1], f, xs, mname)
            if scan is None or len({mname, f, xs, scan[0]}) < 4:
                return None
            return (first, scan) if self._applies(body[k], body[k + 1], first, scan) else None

        def _applies(self, stmt, loop, first, scan) -> bool:
            ev = self.ev
            mname, builtin, f, xs = first
            var = scan[0]
            func = ev.function_of(stmt)
            if func is None:
                return ev.skip("not in a function's own scope")
            if not ev.simple_function(func):
                return ev.skip("the function reads or writes its locals dynamically")
            if not ev.not_recursive(func):
                return False  # it said why
            assign = stmt.body[0]
            for name in (builtin,) + (("map",) if isinstance(assign.value.args[0].value,
                                                             cst.Call) else ()):
                if not ev.real_builtin(name):
                    return False  # it said why
            xs_node = loop.iter
            t = ev.type_of(xs_node)
            if t is None or t.kind not in _SEQUENCES:
                return ev.skip(f"no evidence {xs!r} is a list, tuple or str")
            scope = ev.scopes.get(stmt)
            if scope is None:
                return ev.skip("no scope")
            for name in (mname, var):
                if not _private(ev, func, scope, name):
                    return False  # it said why
            if len(scope.assignments[mname]) != 1 or len(scope.accesses[mname]) != 1:
                return ev.skip(f"{mname!r} is bound or read elsewhere")
            # the rewrite reads xs, then f, where the original read them in another order (or
            # f only for a first item): an unbound local would fail with another error
            bound = bound_in_enclosing_blocks(ev, func, stmt)
            for name in (xs, f):
                if scope.assignments[name] and name not in bound:
                    return ev.skip(f"local {name!r} may be unbound")
            if f == "len":
                if not ev.real_builtin("len"):
                    return False
                elem = ev.elem_of(xs_node)
                return (elem is not None and elem.kind in SIZED_KINDS) or ev.skip(
                    f"no evidence the items of {xs!r} are builtin containers")
            return self._pure_key(scope, f)

        def _pure_key(self, scope, f: str) -> bool:
            ev = self.ev
            if f in global_nonlocal_names(scope.node):
                return ev.skip(f"{f!r} is declared global or nonlocal")
            defs = [a.node for a in _resolve(scope, f)]
            if len(defs) != 1 or not isinstance(defs[0], cst.FunctionDef):
                return ev.skip(f"{f!r} is not a function bound only by its def")
            helper = defs[0]
            params = list(all_params(helper.params))
            if (helper.decorators or helper.asynchronous is not None or len(params) != 1
                    or params[0] not in helper.params.params + helper.params.posonly_params
                    or params[0].default is not None):
                return ev.skip(f"{f!r} is decorated, async or not a one-parameter function")
            if not ev.simple_function(helper) or not Inert(ev).block(helper.body):
                return ev.skip(f"{f!r} may run user code or mutate (not provably pure)")
            returns = m.findall(helper.body, m.Return())
            if not returns or any(r.value is None or ev.type_of(r.value) not in _KEY_RESULTS
                                  for r in returns):
                return ev.skip(f"no evidence {f!r} returns an int, bool or str")
            return True


def _private(ev, func: cst.FunctionDef, scope, name: str) -> bool:
    """``name`` is a plain local of ``func`` that no nested scope reads: every use of the
    name in a nested function, lambda, class or comprehension is that scope's own binding (a
    parameter, a comprehension's loop variable, ...)."""
    if name in global_nonlocal_names(func):
        return ev.skip(f"{name!r} is global or nonlocal")
    for node in m.findall(func, m.Name(name)):
        inner = ev.scopes.get(node)
        if inner is not None and inner is not scope and not inner.assignments[name]:
            return ev.skip(f"{name!r} is seen by a nested function, lambda, class or "
                           "comprehension")
    return True


def _resolve(scope, name: str):
    """The bindings of ``name`` seen from ``scope``: its own, else the nearest enclosing
    function's or the module's (class bodies are skipped, as Python does)."""
    current = scope
    while current is not None:
        if not isinstance(current, ClassScope) and current.assignments[name]:
            return list(current.assignments[name])
        parent = getattr(current, "parent", None)
        current = parent if parent is not current else None
    return []
