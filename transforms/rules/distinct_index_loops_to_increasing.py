"""Nested loops over every index with an ``i != j`` guard, testing a sum of items -> loops over
increasing indices (each unordered pair or triple once)."""

from __future__ import annotations

import itertools

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import DYNAMIC_FUNCTION, TARGETS_NOT_PRIVATE, certainly_bound, targets_private
from ..analysis.names import read_names
from ..analysis.syntax import is_len_of, moved_out
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

_ORDER = (cst.Equal, cst.NotEqual, cst.LessThan, cst.LessThanEqual, cst.GreaterThan,
          cst.GreaterThanEqual)


def _only(body: cst.BaseSuite) -> cst.BaseStatement | None:
    if isinstance(body, cst.IndentedBlock) and len(body.body) == 1:
        return body.body[0]
    return None


def _range_len(e: cst.BaseExpression) -> str | None:
    """``xs`` for ``range(len(xs))``."""
    if not (m.matches(e, m.Call(func=m.Name("range"), args=[m.Arg(keyword=None, star="")]))):
        return None
    stop = e.args[0].value
    if isinstance(stop, cst.Call) and stop.args and isinstance(stop.args[0].value, cst.Name) \
            and is_len_of(stop, stop.args[0].value.value):
        return stop.args[0].value.value
    return None


def _returns_constant(body: cst.BaseSuite) -> bool:
    """``body`` is exactly ``return C`` for a literal ``C`` (True, False, None, a number, a str)."""
    stmt = _only(body) if isinstance(body, cst.IndentedBlock) else body
    lines = stmt.body if isinstance(stmt, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) \
        else None
    if not lines or len(lines) != 1 or not isinstance(lines[0], cst.Return):
        return False
    value = lines[0].value
    return m.matches(value, m.Name("True") | m.Name("False") | m.Name("None") | m.Integer()
                     | m.SimpleString())


def _conjuncts(e: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(e, cst.BooleanOperation) and isinstance(e.operator, cst.And):
        return _conjuncts(e.left) + _conjuncts(e.right)
    return [e]


def _sum_leaves(e: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(e, cst.BinaryOperation) and isinstance(e.operator, cst.Add):
        return _sum_leaves(e.left) + _sum_leaves(e.right)
    return [e]


def _item_index(e: cst.BaseExpression, seq: str) -> str | None:
    """``i`` for ``seq[i]``."""
    if m.matches(e, m.Subscript(value=m.Name(seq), slice=[m.SubscriptElement(
            m.Index(value=m.Name()))])) and not e.slice[0].slice.star:
        return e.slice[0].slice.value.value
    return None


class _Shape:
    """``for i in range(len(xs)): for j in range(len(xs)): [for k ...:] if <guards> and
    xs[i] + xs[j] [+ xs[k]] OP t: return C``: the loops, ``xs``, the indexes, the test, the
    sum's comparison and ``t``."""

    def __init__(self, outer: cst.For) -> None:
        self.ok = False
        loops = [outer]
        while len(loops) < 3 and isinstance(_only(loops[-1].body), cst.For):
            loops.append(_only(loops[-1].body))
        test = _only(loops[-1].body)
        if len(loops) < 2 or not (isinstance(test, cst.If) and test.orelse is None
                                  and _returns_constant(test.body)):
            return
        seqs = {_range_len(loop.iter) for loop in loops}
        if len(seqs) != 1 or None in seqs or any(
                loop.orelse is not None or loop.asynchronous is not None
                or not isinstance(loop.target, cst.Name) for loop in loops):
            return
        seq = seqs.pop()
        names = [loop.target.value for loop in loops]
        if len(set(names + [seq])) != len(names) + 1:
            return
        guards, rest = set(), []
        for c in _conjuncts(test.test):
            if m.matches(c, m.Comparison(left=m.Name(), comparisons=[m.ComparisonTarget(
                    operator=m.NotEqual(), comparator=m.Name())])):
                guards.add(frozenset((c.left.value, c.comparisons[0].comparator.value)))
            else:
                rest.append(c)
        if guards != {frozenset(p) for p in itertools.combinations(names, 2)} or len(rest) != 1:
            return
        cond = rest[0]
        if not (isinstance(cond, cst.Comparison) and len(cond.comparisons) == 1
                and isinstance(cond.comparisons[0].operator, _ORDER)):
            return
        for total, other in ((cond.left, cond.comparisons[0].comparator),
                             (cond.comparisons[0].comparator, cond.left)):
            leaves = _sum_leaves(total)
            if sorted(_item_index(x, seq) or "" for x in leaves) == sorted(names):
                self.t = other
                break
        else:
            return
        self.loops, self.seq, self.names, self.test, self.cond = loops, seq, names, test, cond
        self.ok = True


def _int_literal(e: cst.BaseExpression) -> bool:
    return isinstance(e, cst.Integer) or m.matches(
        e, m.UnaryOperation(operator=m.Minus(), expression=m.Integer()))


@register
class DistinctIndexLoopsToIncreasing(Rule):
    """``for i in range(len(xs)): for j in range(len(xs)): for k in range(len(xs)): if i != j
    and i != k and j != k and xs[i] + xs[j] + xs[k] == t: return True`` -> ``for j in range(i
    + 1, len(xs))``, ``for k in range(j + 1, len(xs))`` and ``if xs[i] + xs[j] + xs[k] == t``
    (two or three loops; the guards in any order and orientation, the sum's terms too, any one
    comparison ``==``, ``!=``, ``<``...): each set of distinct positions is tried once instead of
    once per ordering (``n³`` -> ``n³/6`` tests).

    Sound, inside a function, when ``xs`` is known to be a list or tuple of ints (often from the
    seed's domain: the rule ``uses_domain``) and ``t`` an int literal or an int local certainly
    bound there: int addition is exact, commutative and associative, so the sum, and the test,
    is the same for every ordering of the same positions, and some ordering of distinct
    positions passes iff an increasing one does. The loops only test and return one literal:
    both versions return it iff some such positions pass (which ones is unobservable), else fall
    through having done nothing; indexing in bounds, int arithmetic and comparisons raise
    nothing and run no user code. The test reads only ``xs``, the indexes and ``t``; the indexes
    are used nowhere else in the function (their values after the loops differ); ``range`` and
    ``len`` are the builtins. Never for floats (the sum's rounding depends on the order) or
    strs (concatenation is not commutative).
    """

    id = "distinct-index-loops-to-increasing"
    description = "Loop over increasing indexes instead of every ordering with an i != j guard."
    category = "performance"
    family = "algorithmic"
    intent = "faster"
    uses_domain = True  # the int evidence usually comes from the seed's domain

    class Transformer(EvidenceTransformer):
        def leave_For(self, original_node: cst.For, updated_node: cst.For):
            shape = _Shape(original_node)
            if not shape.ok or not self._applies(original_node, shape):
                return updated_node
            self.sites += 1
            return self._build(updated_node, shape)

        def _applies(self, loop: cst.For, shape: _Shape) -> bool:
            ev = self.ev
            func = ev.function_of(loop)
            if func is None or not ev.simple_function(func):
                return ev.skip(DYNAMIC_FUNCTION if func else "not in a function's own scope")
            if not (ev.real_builtin("range") and ev.real_builtin("len")):
                return False  # it said why
            if not targets_private(func, loop, loop.iter, shape.names):
                return ev.skip(TARGETS_NOT_PRIVATE)
            if m.findall(shape.test.test, m.NamedExpr()):
                return ev.skip("a walrus in the test")
            t = ev.type_of(loop.iter.args[0].value.args[0].value)
            if t is None or t.kind not in ("list", "tuple") or not is_int(t.elem):
                return ev.skip("no evidence the items are ints (a list or tuple of ints)")
            k = shape.t
            allowed = {shape.seq, *shape.names}
            if not _int_literal(k):
                if not isinstance(k, cst.Name) or k.value in allowed:
                    return ev.skip("the sum is not compared with an int literal or a local")
                if k.value not in certainly_bound(ev, func, loop):
                    return ev.skip("the sum is compared with a name that may be unbound")
                if not is_int(ev.type_of(k)):
                    return ev.skip("no evidence the sum is compared with an int")
                allowed.add(k.value)
            if {n.value for n in read_names(shape.test.test)} - allowed:
                return ev.skip("the test reads other names")
            return True

        def _build(self, outer: cst.For, shape: _Shape) -> cst.For:
            # rebuild from the inside out on the updated tree, which has the same shape
            loops = [outer]
            while len(loops) < len(shape.names):
                loops.append(_only(loops[-1].body))
            test = _only(loops[-1].body)
            cond = _conjuncts(test.test)
            kept = [c for c in cond if not m.matches(c, m.Comparison(
                left=m.Name(), comparisons=[m.ComparisonTarget(operator=m.NotEqual(),
                                                               comparator=m.Name())]))]
            node: cst.BaseStatement = test.with_changes(test=moved_out(kept[0]))
            for depth in range(len(loops) - 1, -1, -1):
                loop = loops[depth]
                if depth:
                    start = shape.names[depth - 1]
                    loop = loop.with_changes(iter=cst.parse_expression(
                        f"range({start} + 1, len({shape.seq}))"))
                node = loop.with_changes(body=loop.body.with_changes(body=[node]))
            return node
