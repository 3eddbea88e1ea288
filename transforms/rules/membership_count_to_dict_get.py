"""``if x not in d: d[x] = 0`` + ``d[x] += 1`` on a local dict of counts -> ``d.get``."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import DYNAMIC_FUNCTION, certainly_bound, local_only
from ..base import Rule
from ..registry import register

# Keys whose hashing and ``==`` run no user code (a float NaN is found by identity only, the
# same way by ``in``, ``d[x]`` and ``d.get``).
_KEY_KINDS = frozenset({"int", "bool", "str", "float", "bytes"})
# Builtins that read a dict without changing it or running code of its scalar keys.
_READERS = frozenset({"len", "sorted", "list", "tuple", "set", "max", "min", "sum", "any",
                      "all", "dict"})
_READ_METHODS = frozenset({"get", "keys", "values", "items", "copy"})


def _line(stmt: cst.CSTNode) -> cst.BaseSmallStatement | None:
    """The one small statement of a simple line or of a suite (``if c: x = 0``)."""
    if isinstance(stmt, (cst.IndentedBlock,)):
        if len(stmt.body) != 1:
            return None
        stmt = stmt.body[0]
    if isinstance(stmt, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) \
            and len(stmt.body) == 1:
        return stmt.body[0]
    return None


def _item(d: str, x: str) -> m.Subscript:
    return m.Subscript(value=m.Name(d), slice=[m.SubscriptElement(m.Index(m.Name(x)))])


def _store(small, d: str, x: str) -> int | None:
    """The int literal of ``d[x] = c``."""
    if m.matches(small, m.Assign(targets=[m.AssignTarget(_item(d, x))], value=m.Integer())):
        return int(small.value.value, 0)
    return None


def _bump(small, d: str, x: str) -> int | None:
    """The int literal of ``d[x] += c``."""
    if m.matches(small, m.AugAssign(target=_item(d, x), operator=m.AddAssign(),
                                    value=m.Integer())):
        return int(small.value.value, 0)
    return None


def _test(e: cst.BaseExpression) -> tuple[str, str, bool] | None:
    """(d, x, negated) for ``x not in d`` / ``x in d`` between plain names."""
    if m.matches(e, m.Comparison(left=m.Name(), comparisons=[m.ComparisonTarget(
            operator=m.NotIn() | m.In(), comparator=m.Name())])) and not e.lpar:
        target = e.comparisons[0]
        return target.comparator.value, e.left.value, isinstance(target.operator, cst.NotIn)
    return None


def _shape(first: cst.CSTNode, second: cst.CSTNode | None) -> tuple[str, str, int, bool] | None:
    """(d, x, c, pair) when ``first`` (with ``second`` when ``pair``) counts ``x`` in ``d``:

    * ``if x not in d: d[x] = 0`` then ``d[x] += c``;
    * ``if x not in d: d[x] = c`` / ``else: d[x] += c``;
    * ``if x in d: d[x] += c`` / ``else: d[x] = c``."""
    if not isinstance(first, cst.If):
        return None
    shape = _test(first.test)
    if shape is None:
        return None
    d, x, negated = shape
    if d == x:
        return None
    then = _line(first.body)
    if first.orelse is None:
        if not negated or second is None or _store(then, d, x) != 0:
            return None
        c = _bump(_line(second), d, x)
        return (d, x, c, True) if c is not None else None
    if not isinstance(first.orelse, cst.Else):
        return None
    other = _line(first.orelse.body)
    store, bump = (then, other) if negated else (other, then)
    c = _bump(bump, d, x)
    if c is None or _store(store, d, x) != c:
        return None
    return d, x, c, False


@register
class MembershipCountToDictGet(Rule):
    """``if x not in d: d[x] = 0`` + ``d[x] += 1`` (or ``if x in d: d[x] += 1`` /
    ``else: d[x] = 1``) -> ``d[x] = d.get(x, 0) + 1``: one lookup and one store instead of a
    membership test, a load and one or two stores. Measured faster (CPython 3.11) on new and
    repeated keys alike.

    Sound, inside a function, when:

    * ``d`` is a plain local certainly bound there, every binding of it is ``{}`` or
      ``dict()`` (an exact dict: its ``get`` is dict's, no ``__missing__``), read by no
      closure, and the function uses it only to read (subscripts, ``in``, ``len``/``sorted``/
      ... of it, ``get``/``keys``/``values``/``items``, ``return d``) or to store int
      literals and add int literals: its values are ints, where ``v += c`` is ``v + c``;
    * ``x`` is a plain name known to be an int, bool, str, float or bytes (often from the
      seed's domain, so the rule ``uses_domain``): hashing and ``==`` run no code, so looking
      it up two times instead of three is unobservable; dict lookups find a NaN by identity
      in every form, and a store into an existing key keeps the first key object either way;
    * ``dict`` is the builtin when ``d = dict()`` is written.
    """

    id = "membership-count-to-dict-get"
    description = "Count into a dict with d.get(x, 0) + 1 instead of a membership test first."
    category = "performance"
    family = "api-substitution"
    intent = "faster"
    uses_domain = True  # the key evidence usually comes from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_IndentedBlock(self, original_node: cst.IndentedBlock,
                                updated_node: cst.IndentedBlock) -> cst.IndentedBlock:
            old, new = list(original_node.body), list(updated_node.body)
            out, k, fired = [], 0, 0
            while k < len(old):
                shape = _shape(old[k], old[k + 1] if k + 1 < len(old) else None)
                if shape is not None and self._applies(old[k], *shape[:2]):
                    d, x, c, pair = shape
                    out.append(self._build(new[k], d, x, c))
                    fired += 1
                    k += 2 if pair else 1
                    continue
                out.append(new[k])
                k += 1
            if not fired:
                return updated_node
            self.sites += fired
            return updated_node.with_changes(body=out)

        def _applies(self, stmt: cst.If, d: str, x: str) -> bool:
            ev = self.ev
            func = ev.function_of(stmt)
            if func is None or not ev.simple_function(func):
                return ev.skip(DYNAMIC_FUNCTION if func else "not in a function's own scope")
            scope = ev.scopes.get(stmt)
            if not local_only(ev, func, scope, d):
                return False  # it said why
            if d not in certainly_bound(ev, func, stmt):
                return ev.skip(f"{d!r} may be unbound there")
            t = ev.type_of(stmt.test.left)
            if t is None or t.kind not in _KEY_KINDS:
                return ev.skip("no evidence the key is a builtin scalar")
            for name in m.findall(func, m.Name(d)):
                if not self._plain_use(name):
                    return ev.skip(f"{d!r} may be another mapping, escape or hold non-int values")
            return True

        def _plain_use(self, name: cst.Name) -> bool:
            """``name`` (the dict) is bound to a new dict, read, or given an int there."""
            ev = self.ev
            parent = ev.parent(name)
            if isinstance(parent, cst.AssignTarget):
                return self._new_dict(ev.parent(parent), None)
            if isinstance(parent, cst.Element) and isinstance(ev.parent(parent), cst.Tuple):
                # ``count, ans = dict(), dict()``: its own value is a new dict
                target = ev.parent(parent)
                holder = ev.parent(target)
                return (isinstance(holder, cst.AssignTarget) and holder.target is target
                        and self._new_dict(ev.parent(holder),
                                           list(target.elements).index(parent)))
            if isinstance(parent, cst.Subscript) and parent.value is name:
                holder = ev.parent(parent)
                if isinstance(holder, cst.AssignTarget):
                    assign = ev.parent(holder)
                    return isinstance(assign, cst.Assign) and len(assign.targets) == 1 \
                        and isinstance(assign.value, cst.Integer)
                if isinstance(holder, cst.AugAssign) and holder.target is parent:
                    return isinstance(holder.operator, (cst.AddAssign, cst.SubtractAssign)) \
                        and isinstance(holder.value, cst.Integer)
                if isinstance(holder, (cst.Del, cst.AsName, cst.AnnAssign, cst.StarredElement)) \
                        or m.matches(holder, m.Element()) \
                        or isinstance(holder, (cst.For, cst.CompFor)) and holder.target is parent:
                    return False
                return True
            if isinstance(parent, cst.ComparisonTarget):
                return isinstance(parent.operator, (cst.In, cst.NotIn))
            if isinstance(parent, cst.Attribute) and parent.value is name:
                return parent.attr.value in _READ_METHODS
            if isinstance(parent, cst.Return):
                return True
            if isinstance(parent, (cst.If, cst.IfExp, cst.While)) and parent.test is name \
                    or m.matches(parent, m.UnaryOperation(operator=m.Not())):
                return True  # its truth: a dict's length
            if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
                call = ev.parent(parent)
                return (isinstance(call, cst.Call) and isinstance(call.func, cst.Name)
                        and call.func.value in _READERS and ev.is_builtin(call.func.value))
            return False

        def _new_dict(self, assign: cst.CSTNode, position: int | None) -> bool:
            """``assign`` gives a new empty dict: its value (at ``position`` of a tuple of
            as many values, no starred ones) is ``{}`` or ``dict()``."""
            if not (isinstance(assign, cst.Assign) and len(assign.targets) == 1):
                return False
            value = assign.value
            if position is not None:
                target = assign.targets[0].target
                if not (isinstance(value, cst.Tuple) and len(value.elements) == len(
                        target.elements) and not any(isinstance(e, cst.StarredElement) for e in
                                                     (*value.elements, *target.elements))):
                    return False
                value = value.elements[position].value
            return m.matches(value, m.Dict(elements=[])) or (
                m.matches(value, m.Call(func=m.Name("dict"), args=[]))
                and self.ev.real_builtin("dict"))

        @staticmethod
        def _build(stmt: cst.If, d: str, x: str, c: int) -> cst.SimpleStatementLine:
            value = cst.BinaryOperation(
                left=cst.Call(func=cst.Attribute(value=cst.Name(d), attr=cst.Name("get")),
                              args=[cst.Arg(cst.Name(x)), cst.Arg(cst.Integer("0"))]),
                operator=cst.Add(), right=cst.Integer(str(c)))
            return cst.SimpleStatementLine(body=[cst.Assign(
                targets=[cst.AssignTarget(cst.Subscript(value=cst.Name(d), slice=[
                    cst.SubscriptElement(cst.Index(cst.Name(x)))]))], value=value)],
                leading_lines=stmt.leading_lines)
