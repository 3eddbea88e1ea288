"""A helper that is an if/elif table of literals, used once -> the table inline (a conditional
expression): ``list(map(helper, xs))`` becomes a comprehension, ``helper(x)`` the expression."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.names import all_identifiers
from ..analysis.scopes import global_nonlocal_names, uses_dynamic_scope
from ..analysis.syntax import is_literal
from ..base import Rule
from ..registry import register

# Items whose == with a str/int literal is the builtin one: it cannot raise or run user code.
_ITEM_KINDS = frozenset({"str", "int", "bool", "float", "number"})
_ORDERS = (cst.Equal, cst.NotEqual, cst.LessThan, cst.LessThanEqual, cst.GreaterThan,
           cst.GreaterThanEqual)


def _single_return(block: cst.BaseSuite) -> cst.BaseExpression | None:
    """The literal a block does nothing but return (``None`` for a bare ``return``)."""
    stmts = block.body if isinstance(block, cst.SimpleStatementSuite) else None
    if isinstance(block, cst.IndentedBlock):
        if len(block.body) != 1 or not isinstance(block.body[0], cst.SimpleStatementLine):
            return None
        stmts = block.body[0].body
    if stmts is None or len(stmts) != 1 or not isinstance(stmts[0], cst.Return):
        return None
    value = stmts[0].value
    if value is None:
        return cst.Name("None")
    return value if is_literal(value) else None


def _test(test: cst.BaseExpression, param: str) -> bool:
    """``param <op> literal`` or ``literal <op> param``: one comparison (not ``is``/``in``)
    with a number or str literal."""
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, _ORDERS)):
        return False
    left, right = test.left, test.comparisons[0].comparator
    if m.matches(right, m.Name(param)):
        left, right = right, left
    return (m.matches(left, m.Name(param)) and is_literal(right)
            and not isinstance(right, (cst.Name, cst.Ellipsis, cst.Imaginary)))


class _Rename(cst.CSTTransformer):
    def __init__(self, old: str, new: str) -> None:
        self.old, self.new = old, new

    def leave_Name(self, original_node: cst.Name, updated_node: cst.Name) -> cst.Name:
        return updated_node.with_changes(value=self.new) if updated_node.value == self.old \
            else updated_node


@register
class BranchHelperMapToComprehension(Rule):
    """``def f(...): def beats(note): if note == "o": return 4 elif note == "o|": return 2 ...;
    return list(map(beats, xs))`` -> ``return [4 if note == "o" else 2 if note == "o|" else
    ... else None for note in xs]``, and ``helper(x)`` (``x`` a name) -> ``(4 if x == "o" else
    ...)``: the helper is a lookup table spelled as if/elif, evaluated inline instead of
    through one Python call per item.

    Sound only where the call and the inline expression cannot be told apart:

    * the helper is a plain ``def`` statement of ``f``'s own body (not async, no decorators),
      with one positional parameter ``p`` (no default; annotations, if any, unshadowed
      builtin names, so dropping the ``def`` drops no failing lookup), and its body is one
      ``if``/``elif``/``else`` chain, optionally followed by one ``return``, whose every test
      is one comparison (``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``) of ``p`` with a number or
      str literal and whose every branch only returns a literal
      (``None`` when the chain falls off the end). It then reads nothing but ``p`` (no
      closure, no globals) and does nothing but compare and return;
    * its name is bound only by that ``def`` (not global/nonlocal), mentioned nowhere else in
      the module, and in ``f`` only once, after the ``def``, as ``list(map(helper, xs))`` with
      ``list``/``map`` the unshadowed builtins, or as ``helper(name)``: dropping the ``def``
      loses no other use;
    * every item of ``xs`` (the ``name``) is proven a builtin str, int, bool or float, whose
      comparisons with a literal run no user code (a ``TypeError`` from ``"a" < 1`` is raised
      either way) and never raise ``StopIteration``, which inside the helper would end ``map``
      silently while the comprehension lets it through; reading a local name once per test
      instead of once is then unobservable;
    * ``f`` does not look at its own locals by name (``exec``, ``locals()``...), which would
      show the helper.

    ``xs`` is evaluated and iterated once, in the same order; the comprehension's variable
    lives in its own scope, and its expression reads only that variable and literals.

    Intent "faster": no Python call per item (by instruction counts, by hand: HumanEval/17's
    note table 1.55x, HumanEval/81's grade table 1.40x, HumanEval/105's word table 1.17x).
    """

    id = "branch-helper-map-to-comprehension"
    description = "Inline an if/elif table helper mapped over items as a conditional comprehension."
    category = "performance"
    family = "spelled-out"
    intent = "faster"
    uses_domain = True  # the items' types may come from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_FunctionDef(self, original_node: cst.FunctionDef,
                              updated_node: cst.FunctionDef) -> cst.FunctionDef:
            if not (isinstance(self.ev.parent(original_node), cst.Module)
                    and isinstance(original_node.body, cst.IndentedBlock)):
                return updated_node
            body = original_node.body.body
            for index, stmt in enumerate(body):
                if not isinstance(stmt, cst.FunctionDef):
                    continue
                table = self._table(stmt)
                if table is None:
                    continue
                call = self._use(original_node, index, stmt.name.value)
                if call is None:
                    continue
                if uses_dynamic_scope(original_node):
                    self.skip("the function can see its locals by name (exec, locals()...)")
                    continue
                param = stmt.params.params[0].name.value
                branches, default = table
                expr = default
                for test, value in reversed(branches):
                    expr = cst.IfExp(test=test, body=value, orelse=expr)
                if self.ev.is_builtin_call(call, "list"):
                    new = cst.ListComp(elt=expr, for_in=cst.CompFor(
                        target=cst.Name(param), iter=call.args[0].value.args[1].value))
                else:  # helper(name): the table with the argument's name for the parameter
                    new = expr.visit(_Rename(param, call.args[0].value.value))
                    if not isinstance(self.ev.parent(call), cst.Arg):
                        new = new.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
                self.sites += 1
                return self._rewrite(original_node, index, call, new)
            return updated_node

        def _table(self, helper: cst.FunctionDef):
            """(branches [(test, literal)], default literal) of a helper that is a table."""
            params = helper.params
            if (helper.decorators or helper.asynchronous is not None or len(params.params) != 1
                    or params.posonly_params or params.kwonly_params
                    or not isinstance(params.star_arg, cst.MaybeSentinel)
                    or params.star_kwarg is not None or params.params[0].default is not None
                    or not isinstance(helper.body, cst.IndentedBlock)):
                return None
            annotations = [a for a in (params.params[0].annotation, helper.returns) if a]
            if not all(isinstance(a.annotation, cst.Name) and self.ev.real_builtin(
                    a.annotation.value) for a in annotations):
                return None
            stmts = helper.body.body
            if not stmts or not isinstance(stmts[0], cst.If) or len(stmts) > 2:
                return None
            param = params.params[0].name.value
            branches, node = [], stmts[0]
            while True:
                value = _single_return(node.body)
                if value is None or not _test(node.test, param):
                    return None
                branches.append((node.test, value))
                if isinstance(node.orelse, cst.If):
                    node = node.orelse
                    continue
                break
            if node.orelse is not None:  # else: return literal, nothing may follow
                default = _single_return(node.orelse.body)
                return (branches, default) if default is not None and len(stmts) == 1 else None
            if len(stmts) == 2:
                wrapped = cst.IndentedBlock(body=[stmts[1]])
                default = _single_return(wrapped)
                return (branches, default) if default is not None else None
            return branches, cst.Name("None")

        def _use(self, func: cst.FunctionDef, index: int, name: str) -> cst.Call | None:
            """The one ``list(map(name, xs))`` that uses the helper, or None (says why)."""
            if name in self.protected or name in global_nonlocal_names(func):
                return self.skip(f"{name!r} is protected or declared global/nonlocal") or None
            outside = set()
            for stmt in self._module.body:
                if stmt is not func:
                    outside |= all_identifiers(stmt)
            if name in outside:
                return self.skip(f"{name!r} is a name of the module outside the function") or None
            uses = []
            for i, stmt in enumerate(func.body.body):
                found = [n for n in m.findall(stmt, m.Name(name))
                         if i != index or n is not stmt.name]
                if found and i <= index:
                    return self.skip(f"{name!r} is used in or before its def") or None
                uses += found
            targets = m.findall(func, m.FunctionDef(name=m.Name(name)) | m.ClassDef(
                name=m.Name(name)))
            if len(uses) != 1 or len(targets) != 1:
                return self.skip(f"{name!r} is used more than once or bound again") or None
            use = uses[0]
            outer = self.ev.parent(self.ev.parent(use))
            mapped = self.ev.parent(use)
            if isinstance(mapped, cst.Call) and mapped.func is use:
                return self._called(mapped)
            if not (isinstance(mapped, cst.Arg) and isinstance(outer, cst.Call)
                    and self.ev.is_builtin_call(outer, "map") and len(outer.args) == 2
                    and outer.args[0] is mapped
                    and all(a.keyword is None and not a.star for a in outer.args)):
                return self.skip(f"{name!r} is not mapped over one iterable") or None
            arg = self.ev.parent(outer)
            call = self.ev.parent(arg) if isinstance(arg, cst.Arg) else None
            if not (isinstance(call, cst.Call) and self.ev.is_builtin_call(call, "list")
                    and len(call.args) == 1 and call.args[0] is arg and arg.keyword is None
                    and not arg.star):
                return self.skip("the map object is not copied at once by list()") or None
            if not (self.ev.real_builtin("list") and self.ev.real_builtin("map")):
                return None
            item = self.ev.elem_of(outer.args[1].value)
            if item is None or item.kind not in _ITEM_KINDS:
                return self.skip("no evidence the items are builtin scalars (== could raise "
                                 "StopIteration, which ends map silently)") or None
            return call

        def _called(self, call: cst.Call) -> cst.Call | None:
            """``helper(name)``, ``name`` a proven builtin scalar: the table's comparisons,
            which read it once per test instead of once, are builtin ones (no user code)."""
            if not (len(call.args) == 1 and call.args[0].keyword is None
                    and not call.args[0].star and isinstance(call.args[0].value, cst.Name)):
                return self.skip("the helper is called with other than one name") or None
            t = self.ev.type_of(call.args[0].value)
            if t is None or t.kind not in _ITEM_KINDS:
                return self.skip("no evidence the argument is a builtin scalar") or None
            return call

        def _rewrite(self, func: cst.FunctionDef, index: int, call: cst.Call,
                     comp: cst.ListComp) -> cst.FunctionDef:
            """Drop the helper's def and put the comprehension where ``call`` was."""

            class _Swap(cst.CSTTransformer):
                def __init__(self) -> None:
                    self.done = False

                def on_leave(self, original, updated):
                    if original is call:
                        self.done = True
                        if call.lpar:  # keep the call's own parentheses
                            return comp.with_changes(lpar=call.lpar, rpar=call.rpar)
                        return comp
                    return updated

            stmts = list(func.body.body)
            rest = []
            # ``call`` is a node of the original tree, which this rule changes nowhere else
            # inside a module-level function (it rewrites only those).
            for stmt in stmts[index + 1:]:
                rest.append(stmt.visit(_Swap()))
            return func.with_changes(body=func.body.with_changes(body=stmts[:index] + rest))
