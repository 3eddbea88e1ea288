"""``for j in range(a, b, c): xs[j] = v`` -> ``xs[a:b:c] = [v] * len(xs[a:b:c])`` (a sieve's
marking loop as one slice assignment)."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.metadata import Assignment

from ..analysis import assigned_names
from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import DYNAMIC_FUNCTION, TARGETS_NOT_PRIVATE, targets_private
from ..analysis.names import read_names
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

# The stored value: a constant, the same object at every evaluation and in ``[v] * n``.
_CONSTANT = m.Name("True") | m.Name("False") | m.Name("None") | m.Integer() | m.SimpleString()
_RANGE = m.Call(func=m.Name("range"), args=[m.Arg(keyword=None, star="")] * 3)


def _int(node: cst.CSTNode) -> int | None:
    return int(node.value, 0) if isinstance(node, cst.Integer) else None


def _slice(seq: str, a, b, c) -> cst.Subscript:
    return cst.Subscript(value=cst.Name(seq), slice=[cst.SubscriptElement(slice=cst.Slice(
        lower=a, upper=b, step=c, first_colon=cst.Colon(), second_colon=cst.Colon()))])


@register
class StoreLoopToSliceAssignment(Rule):
    """``for j in range(a, b, c): xs[j] = v`` -> ``xs[a:b:c] = [v] * len(xs[a:b:c])``.

    The loop stores ``v`` at ``a, a + c, ...`` below ``b``; the extended slice names exactly
    those positions when ``a >= 0``, ``c > 0`` and ``b <= len(xs)`` (every index is then in
    range: the loop raises no ``IndexError``), and ``[v] * len(...)`` has the slice's length
    (the assignment raises no ``ValueError``). The rule proves these from the code:

    * ``xs`` is a local bound once, to ``[lit] * n`` (a list of ``n`` items, or none for
      ``n <= 0``), and used only as ``xs[i]`` with one index elsewhere in the function (no
      slice, method, ``del`` or alias: its length stays ``max(n, 0)``);
    * ``b`` is ``n`` itself, or ``n`` is ``b + k`` for a literal ``k >= 0``; the names ``b``
      reads are parameters never assigned (so ``b`` means what it meant at ``xs = ...``). If
      ``n < 0`` the range is empty (``b <= n < 0 <= a``);
    * ``a >= 0`` and ``c > 0``: int literals, or sums and products of loop variables of
      enclosing ``for i in range(s, ...)`` loops with a literal ``s`` (``>= 0``, resp.
      ``>= 1`` for ``c``) and no step, never rebound;
    * ``a``, ``b``, ``c`` are total int expressions (evaluating them twice is unobservable),
      ``v`` a constant (``True``, ``None``, a number or a string: one object either way), the
      loop variable used nowhere else (it is no longer bound after the loop), no ``else``.

    Intent "faster": one slice assignment runs in C where the loop ran an interpreted store
    per index (the classic sieve of Eratosthenes idiom).
    """

    id = "store-loop-to-slice-assignment"
    description = "Replace a loop storing one constant at range() indices by a slice assignment."
    category = "performance"
    family = "algorithmic"
    intent = "faster"
    uses_domain = True  # its type evidence may come from the seed's domain

    class Transformer(EvidenceTransformer):
        def _bound_from(self, node: cst.BaseExpression, func, minimum: int) -> bool:
            """``node`` is an int ``>= minimum`` (0 or 1) whenever the loop runs."""
            value = _int(node)
            if value is not None:
                return value >= minimum
            if isinstance(node, cst.BinaryOperation) and isinstance(
                    node.operator, (cst.Add, cst.Multiply)) and not node.lpar:
                return (self._bound_from(node.left, func, minimum)
                        and self._bound_from(node.right, func, minimum))
            if not isinstance(node, cst.Name):
                return False
            # the innermost enclosing ``for`` binding the name: inside it, the name holds one of
            # its range's items unless its body (or a nonlocal declaration) rebinds it
            child, loop = node, self.ev.parent(node)
            while loop is not None and loop is not func and not (
                    isinstance(loop, cst.For) and m.matches(loop.target, m.Name(node.value))):
                child, loop = loop, self.ev.parent(loop)
            if not isinstance(loop, cst.For) or child is not loop.body \
                    or node.value in assigned_names(loop.body) or any(
                    n.value == node.value for d in m.findall(func, m.Nonlocal())
                    for n in m.findall(d, m.Name())):
                return False
            args = loop.iter.args if self.ev.is_builtin_call(loop.iter, "range") else ()
            if len(args) not in (1, 2) or any(a.star or a.keyword for a in args):
                return False
            start = 0 if len(args) == 1 else _int(args[0].value)
            return start is not None and start >= minimum

        def _list(self, seq: cst.Name, func) -> cst.BaseExpression | None:
            """The length expression ``n`` of ``seq = [lit] * n``, when that is its only
            binding and every other use is a one-index subscript (its length never changes)."""
            ev = self.ev
            scope = ev.scopes.get(seq)
            bindings = list(scope.assignments[seq.value]) if scope is not None else []
            if len(bindings) != 1 or type(bindings[0]) is not Assignment:
                return None
            target = bindings[0].node
            assign = ev.parent(ev.parent(target))
            if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1
                    and assign.targets[0].target is target
                    and m.matches(assign.value, m.BinaryOperation(
                        left=m.List(elements=[m.Element(value=_CONSTANT)]),
                        operator=m.Multiply()))
                    and ev.is_builtin("list")):
                return None
            for access in scope.accesses[seq.value]:
                node = access.node
                parent = ev.parent(node)
                if isinstance(parent, cst.Return):
                    continue  # the function ends: nothing of it runs on an alias afterwards
                if not (isinstance(parent, cst.Subscript) and parent.value is node
                        and len(parent.slice) == 1
                        and isinstance(parent.slice[0].slice, cst.Index)
                        and not isinstance(ev.parent(parent), cst.Del)):
                    return None
            if m.findall(func, m.Del()):
                return None
            n = assign.value.right
            return n if is_int(ev.type_of(n)) else None

        @staticmethod
        def _fits(b: cst.BaseExpression, n: cst.BaseExpression) -> bool:
            """``b <= n`` textually: ``n`` is ``b``, or ``b + k`` with a literal ``k >= 0``."""
            n = n.with_changes(lpar=[], rpar=[])
            if b.deep_equals(n):
                return True
            return (isinstance(n, cst.BinaryOperation) and isinstance(n.operator, cst.Add)
                    and (_int(n.right) or -1) >= 0 and n.left.deep_equals(b))

        def _plan(self, loop: cst.For):
            if not (isinstance(loop.target, cst.Name) and loop.orelse is None
                    and loop.asynchronous is None and m.matches(loop.iter, _RANGE)):
                return None
            body = loop.body
            stmt = body.body[0] if isinstance(body, cst.IndentedBlock) and len(body.body) == 1 \
                else body if isinstance(body, cst.SimpleStatementSuite) else None
            j = loop.target.value
            store = m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(
                target=m.Subscript(value=m.Name(), slice=[m.SubscriptElement(
                    slice=m.Index(value=m.Name(j)))]))], value=_CONSTANT)])
            suite = m.SimpleStatementSuite(body=[m.Assign(targets=[m.AssignTarget(
                target=m.Subscript(value=m.Name(), slice=[m.SubscriptElement(
                    slice=m.Index(value=m.Name(j)))]))], value=_CONSTANT)])
            if stmt is None or not (m.matches(stmt, store) or m.matches(stmt, suite)):
                return None
            ev = self.ev
            assign = stmt.body[0]
            seq = assign.targets[0].target.value
            a, b, c = (arg.value for arg in loop.iter.args)
            func = ev.function_of(loop)
            if func is None or not ev.simple_function(func):
                return self.skip(DYNAMIC_FUNCTION if func else "not in a function's own scope")
            if not ev.is_builtin("range") or not ev.is_builtin("len"):
                return self.skip("range or len is shadowed")
            if seq.value == j or not targets_private(func, loop, loop.iter, [j]):
                return self.skip(TARGETS_NOT_PRIVATE)
            if not all(ev.is_total(e) and is_int(ev.type_of(e)) for e in (a, b, c)):
                return self.skip("no evidence the range's bounds are ints computed without "
                                 "side effects")
            n = self._list(seq, func)
            if n is None:
                return self.skip(f"{seq.value!r} is not a list [v] * n whose length "
                                 "nothing changes")
            params = {p.name.value for p in func.params.params}
            scope = ev.scopes.get(loop)
            if not (self._fits(b, n) and all(
                    r.value in params and len(scope.assignments[r.value]) == 1
                    for r in read_names(b))):
                return self.skip(f"no proof the range stops within {seq.value!r}")
            if not (self._bound_from(a, func, 0) and self._bound_from(c, func, 1)):
                return self.skip("no proof the range starts at 0 or later with a positive step")
            return seq, a, b, c, assign.value

        def leave_For(self, original_node: cst.For, updated_node: cst.For):
            plan = self._plan(original_node)
            if not plan or not updated_node.deep_equals(original_node):
                return updated_node
            seq, a, b, c, value = plan
            fill = cst.BinaryOperation(
                left=cst.List(elements=[cst.Element(value)]), operator=cst.Multiply(),
                right=cst.Call(func=cst.Name("len"), args=[cst.Arg(_slice(seq.value, a, b, c))]))
            self.sites += 1
            return cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(_slice(seq.value, a, b, c))],
                                 value=fill)],
                leading_lines=original_node.leading_lines)
