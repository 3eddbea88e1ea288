"""A conversion computed twice in one statement (``str(i) == str(i)[::-1]``, also in an
``and``/``or`` chain) -> computed once."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.intermediates import spine
from ..analysis.loops import DYNAMIC_FUNCTION, local_only, unsupported_inside
from ..analysis.naming import describe
from ..base import Rule
from ..registry import register

# Builtins that build a new str from a scalar, running no user code on these types.
_CONVERSIONS = frozenset({"str", "repr", "bin", "hex", "oct"})
_SCALARS = frozenset({"int", "bool", "str", "float"})


def _expression(stmt: cst.CSTNode) -> cst.BaseExpression | None:
    """The expression ``stmt`` evaluates first: an ``if`` test, or the value of ``return e``,
    ``name = e`` or an expression statement."""
    if isinstance(stmt, cst.If):
        return stmt.test
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        if isinstance(small, (cst.Return, cst.Expr)) or (
                isinstance(small, cst.Assign) and len(small.targets) == 1):
            return small.value
    return None


def _conversion(e: cst.BaseExpression) -> bool:
    return (isinstance(e, cst.Call) and isinstance(e.func, cst.Name)
            and e.func.value in _CONVERSIONS and len(e.args) == 1
            and e.args[0].keyword is None and not e.args[0].star
            and isinstance(e.args[0].value, cst.Name))


def _operands(expr: cst.BaseExpression, op: type) -> list[cst.BaseExpression]:
    """The operands of a chain ``a and b and c`` (one operator, no inner parentheses), in the
    order they run."""
    if isinstance(expr, cst.BooleanOperation) and isinstance(expr.operator, op) \
            and not expr.lpar:
        return _operands(expr.left, op) + _operands(expr.right, op)
    return [expr]


class _BindFirst(cst.CSTTransformer):
    """``first`` -> ``(name := first)``; each of ``later`` (nodes of the same tree) -> ``name``."""

    def __init__(self, first: cst.Call, later: list[cst.Call], name: str, bare: bool) -> None:
        super().__init__()
        self.first, self.later, self.name = first, {id(c) for c in later}, name
        self.parens = [] if bare else [cst.LeftParen()], [] if bare else [cst.RightParen()]

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
        if original_node is self.first:
            return cst.NamedExpr(target=cst.Name(self.name),
                                 value=updated_node.with_changes(lpar=[], rpar=[]),
                                 lpar=self.parens[0], rpar=self.parens[1])
        if id(original_node) in self.later:
            return cst.Name(self.name, lpar=updated_node.lpar, rpar=updated_node.rpar)
        return updated_node


class _Replace(cst.CSTTransformer):
    def __init__(self, call: cst.Call, name: str) -> None:
        self.call, self.name = call, name

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call):
        if updated_node.deep_equals(self.call):
            return cst.Name(self.name, lpar=updated_node.lpar, rpar=updated_node.rpar)
        return updated_node


@register
class RepeatedConversionToLocal(Rule):
    """``if str(i) == str(i)[::-1]:`` -> ``text = str(i)`` + ``if text == text[::-1]:``: the
    conversion of a scalar to a str is computed once instead of each time it is written in the
    statement. When the first conversion is in a later operand of an ``and``/``or`` chain
    (``n > 10 and str(n)[0] in odd and str(n)[-1] in odd``), it is bound where it runs, by a
    walrus (``(text := str(n))[0]``), and the copies in that operand and the later ones read
    the name: each of them runs only after that operand ran.

    Sound, inside a function, when:

    * the first conversion is the first thing the statement evaluates (on its *spine*,
      ``analysis.intermediates``): computing it just before the statement runs the same code
      in the same order, with the same error (``str`` of an int over the digit limit raises
      ``ValueError``) -- so an ``elif`` test, evaluated only after the ``if`` test failed, and
      a ``while`` test, evaluated again each pass, are left alone; in a chain, it is first on
      the spine of its operand, and only copies in that operand and later ones are replaced;
    * the converted name is a plain local known to be an int, bool, str or float (often from
      the seed's domain, so the rule ``uses_domain``) that no nested function, lambda, class
      or comprehension sees, and the statement holds no walrus, lambda, comprehension, yield
      or await: nothing can rebind it between the conversions, and converting the same scalar
      again gives an equal str;
    * the statement never asks for identity (no ``is``/``is not``, no ``id``): the str is now
      one object where there were two; strs are immutable, so nothing else can tell;
    * the conversion is the builtin; the new name is fresh in the module.
    """

    id = "repeated-conversion-to-local"
    description = "Convert a scalar to a str once, not each time one statement needs it."
    category = "performance"
    family = "algorithmic"
    intent = "faster"
    uses_domain = True  # the scalar evidence usually comes from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                                updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
            old, new = list(original_node.body), list(updated_node.body)
            out, fired = [], 0
            for k, stmt in enumerate(old):
                call = self._site(stmt)
                if call is None:
                    chained = self._chain_site(stmt)
                    if chained is not None and new[k].deep_equals(stmt) \
                            and self._applies(stmt, chained[0]):
                        first, later, bare = chained
                        name = self.names.fresh(describe(first))
                        out.append(stmt.visit(_BindFirst(first, later, name, bare)).with_changes(
                            leading_lines=new[k].leading_lines))
                        fired += 1
                        continue
                if call is None or not self._applies(stmt, call):
                    out.append(new[k])
                    continue
                name = self.names.fresh(describe(call))
                line = cst.SimpleStatementLine(body=[cst.Assign(
                    targets=[cst.AssignTarget(cst.Name(name))],
                    value=call.with_changes(lpar=[], rpar=[]))],
                    leading_lines=new[k].leading_lines)
                expr = _expression(new[k])
                replaced = expr.visit(_Replace(call, name))
                out += [line, new[k].with_changes(leading_lines=[]).deep_replace(expr, replaced)]
                fired += 1
            if not fired:
                return updated_node
            self.sites += fired
            return updated_node.with_changes(body=out)

        def _site(self, stmt: cst.CSTNode) -> cst.Call | None:
            """The conversion on the spine of ``stmt``'s expression that the expression
            makes at least twice."""
            expr = _expression(stmt)
            if expr is None:
                return None
            first = next((e for e in spine(expr, self.ev.is_builtin) if _conversion(e)), None)
            if first is None:
                return None
            same = [c for c in m.findall(expr, m.Call()) if c.deep_equals(first)]
            return first if len(same) >= 2 else None

        def _chain_site(self, stmt: cst.CSTNode):
            """(conversion, its later copies) when ``stmt``'s expression is an ``and``/``or``
            chain and a conversion first on the spine of one operand is made again there or in
            a later operand (each of which runs only after that operand ran)."""
            expr = _expression(stmt)
            if not isinstance(expr, cst.BooleanOperation):
                return None
            operands = _operands(expr, type(expr.operator))
            for k, operand in enumerate(operands):
                first = next((e for e in spine(operand, self.ev.is_builtin)
                              if _conversion(e)), None)
                if first is None:
                    continue
                later = [c for o in operands[k:] for c in m.findall(o, m.Call())
                         if c.deep_equals(first) and c is not first]
                if later:
                    # a positional argument takes a walrus without parentheses of its own
                    arg = self.ev.parent(first)
                    bare = (isinstance(arg, cst.Arg) and arg.keyword is None and not arg.star
                            and not first.lpar)
                    return first, later, bare
            return None

        def _applies(self, stmt: cst.CSTNode, call: cst.Call) -> bool:
            ev = self.ev
            expr = _expression(stmt)
            func = ev.function_of(stmt)
            if func is None or not ev.simple_function(func):
                return ev.skip(DYNAMIC_FUNCTION if func else "not in a function's own scope")
            if not ev.real_builtin(call.func.value):
                return False  # it said why
            if unsupported_inside(expr):
                return ev.skip("walrus, lambda, comprehension, yield or await in the statement")
            if m.findall(expr, m.Is() | m.IsNot() | m.Name("id")):
                return ev.skip("the statement may compare identities")
            arg = call.args[0].value
            scope = ev.scopes.get(stmt)
            if scope is None or not scope.assignments[arg.value]:
                return ev.skip("the converted name is not a local")
            if not local_only(ev, func, scope, arg.value):
                return False  # it said why
            t = ev.type_of(arg)
            if t is None or t.kind not in _SCALARS:
                return ev.skip("no evidence the converted value is an int, bool, str or float")
            return True
