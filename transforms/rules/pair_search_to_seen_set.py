"""A nested loop searching two ints with a given sum -> one pass over a set of seen items."""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from ..analysis.evidence import EvidenceTransformer
from ..analysis.loops import DYNAMIC_FUNCTION, TARGETS_NOT_PRIVATE, certainly_bound, targets_private
from ..analysis.names import read_names
from ..analysis.syntax import is_len_of, moved_out
from ..analysis.types import is_int
from ..base import Rule
from ..registry import register

_RETURN_TRUE = m.Return(value=m.Name("True"))


def _range_args(e: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    if not m.matches(e, m.Call(func=m.Name("range"))) or not 1 <= len(e.args) <= 2 \
            or any(a.keyword is not None or a.star for a in e.args):
        return None
    return [a.value for a in e.args]


def _returns_true(body: cst.BaseSuite) -> bool:
    """``body`` is exactly ``return True``."""
    lines = [body] if isinstance(body, cst.SimpleStatementSuite) else list(body.body)
    if len(lines) != 1 or not isinstance(lines[0], (cst.SimpleStatementLine,
                                                    cst.SimpleStatementSuite)):
        return False
    return len(lines[0].body) == 1 and m.matches(lines[0].body[0], _RETURN_TRUE)


def _only(body: cst.BaseSuite) -> cst.BaseStatement | None:
    """The single compound statement that is the whole of ``body``."""
    if isinstance(body, cst.IndentedBlock) and len(body.body) == 1:
        return body.body[0]
    return None


class _Shape:
    """``for i in range(len(xs)): for j in range(i + 1, len(xs)): if xs[i] + xs[j] == k:
    return True`` and its spellings: the list ``seq``, the outer index ``i`` (its item ``item``
    when the outer loop is ``for i, item in enumerate(xs)``), the inner index ``j``, the sum
    ``k`` and the loop targets."""

    def __init__(self, outer: cst.For) -> None:
        self.ok = False
        inner = _only(outer.body)
        if not (isinstance(inner, cst.For) and inner.orelse is None and outer.orelse is None
                and inner.asynchronous is None and outer.asynchronous is None
                and isinstance(inner.target, cst.Name)):
            return
        test = _only(inner.body)
        if not (isinstance(test, cst.If) and test.orelse is None and _returns_true(test.body)):
            return
        self.inner, self.test = inner, test
        j = inner.target.value
        self.item = None
        if m.matches(outer.target, m.Tuple(elements=[m.Element(m.Name()), m.Element(m.Name())])) \
                and m.matches(outer.iter, m.Call(func=m.Name("enumerate"), args=[m.Arg(
                    value=m.Name(), keyword=None, star="")])):
            i, self.item = (el.value.value for el in outer.target.elements)
            seq = outer.iter.args[0].value.value
            self.all_pairs = None
        elif isinstance(outer.target, cst.Name):
            outer_args = _range_args(outer.iter)
            if outer_args is None or len(outer_args) != 1:
                return
            i = outer.target.value
            stop = outer_args[0]
            if m.matches(stop, m.BinaryOperation(operator=m.Subtract(), right=m.Integer("1"))):
                stop = stop.left  # range(len(xs) - 1): the last i has no j anyway
                self.all_pairs = False  # only with j > i
            else:
                self.all_pairs = None  # j from 0 (with i != j) or from i + 1
            if not isinstance(stop, cst.Call) or not m.matches(stop.args[0].value if stop.args
                                                               else None, m.Name()):
                return
            seq = stop.args[0].value.value
            if not is_len_of(stop, seq):
                return
        else:
            return
        inner_args = _range_args(inner.iter)
        if inner_args is None:
            return
        if len(inner_args) == 2 and is_len_of(inner_args[1], seq) and m.matches(
                inner_args[0], m.BinaryOperation(left=m.Name(i), operator=m.Add(),
                                                 right=m.Integer("1"))):
            cond = test.test  # j > i: each unordered pair once
        elif len(inner_args) == 1 and is_len_of(inner_args[0], seq) and self.all_pairs is None:
            # j over every index: the test must exclude j == i itself (2 * xs[i] == k)
            if not (isinstance(test.test, cst.BooleanOperation)
                    and isinstance(test.test.operator, cst.And)
                    and _distinct(test.test.left, i, j)):
                return
            cond = test.test.right
        else:
            return
        if len({i, j, seq, self.item}) != 4:
            return
        own = m.Name(self.item) if self.item else m.Subscript(
            value=m.Name(seq), slice=[m.SubscriptElement(m.Index(m.Name(i)))])
        other = m.Subscript(value=m.Name(seq), slice=[m.SubscriptElement(m.Index(m.Name(j)))])
        pair = (m.BinaryOperation(left=own, operator=m.Add(), right=other)
                | m.BinaryOperation(left=other, operator=m.Add(), right=own))
        if not (isinstance(cond, cst.Comparison) and len(cond.comparisons) == 1
                and isinstance(cond.comparisons[0].operator, cst.Equal)):
            return
        left, right = cond.left, cond.comparisons[0].comparator
        if m.matches(left, pair) and not left.lpar:
            self.k = right
        elif m.matches(right, pair) and not right.lpar:
            self.k = left
        else:
            return
        self.seq, self.i, self.j = seq, i, j
        self.targets = [i, j] + ([self.item] if self.item else [])
        self.ok = True


def _distinct(e: cst.BaseExpression, i: str, j: str) -> bool:
    """``e`` is ``i != j`` or ``j != i``."""
    return m.matches(e, m.Comparison(left=m.Name(i), comparisons=[m.ComparisonTarget(
        operator=m.NotEqual(), comparator=m.Name(j))]) | m.Comparison(
        left=m.Name(j), comparisons=[m.ComparisonTarget(operator=m.NotEqual(),
                                                         comparator=m.Name(i))]))


def _int_literal(e: cst.BaseExpression) -> bool:
    return isinstance(e, cst.Integer) or m.matches(
        e, m.UnaryOperation(operator=m.Minus(), expression=m.Integer()))


@register
class PairSearchToSeenSet(Rule):
    """``for i in range(len(xs)): for j in range(i + 1, len(xs)): if xs[i] + xs[j] == k:
    return True`` -> ``seen = set()`` + ``for x in xs: if k - x in seen: return True``,
    ``seen.add(x)`` (``-x in seen`` for ``k == 0``): the quadratic scan over pairs becomes one
    linear pass with a hash set. Also ``for i, a in enumerate(xs)`` with ``a + xs[j]``, an
    outer ``range(len(xs) - 1)``, and ``j`` over every index with ``i != j and ...``.

    Sound, inside a function, when:

    * ``xs`` is known to be a list or tuple of ints (bools too: ``False + False == 0`` and
      ``-False in {False}`` agree, since a bool hashes and compares as its int) -- often from
      the seed's domain, so the rule ``uses_domain`` -- and ``k`` an int literal or an int
      local that is certainly bound there. Over ints ``a + b == k`` is exactly ``k - b == a``
      (no rounding, no overflow), and a set of ints holds ``a`` iff some seen item equals it;
    * the loops only test and return ``True``: both versions return ``True`` iff some pair of
      distinct positions has the sum (the scan finds the pair with the least ``i`` first, the
      pass the one with the least ``j``; neither has anything else to show), else fall through
      with nothing done. Int arithmetic, indexing within bounds, hashing and ``in`` on a set
      raise nothing and run no user code;
    * the indexes and the item variable are used nowhere else in the function (after the loop
      they are no longer bound); ``range``, ``len``, ``enumerate`` and ``set`` are the builtins.
      The new names are fresh in the module.
    """

    id = "pair-search-to-seen-set"
    description = "Find a pair of ints with a given sum in one pass with a set, not a nested loop."
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
            return cst.FlattenSentinel(self._build(updated_node, shape))

        def _applies(self, loop: cst.For, shape: _Shape) -> bool:
            ev = self.ev
            func = ev.function_of(loop)
            if func is None or not ev.simple_function(func):
                return ev.skip(DYNAMIC_FUNCTION if func else "not in a function's own scope")
            builtins = ["range", "len", "set"] + (["enumerate"] if shape.item else [])
            if not all(ev.real_builtin(b) for b in builtins):
                return False  # it said why
            if not targets_private(func, loop, loop.iter, shape.targets):
                return ev.skip(TARGETS_NOT_PRIVATE)
            t = ev.type_of(loop.iter.args[0].value if shape.item else _seq_node(loop))
            if t is None or t.kind not in ("list", "tuple") or not is_int(t.elem):
                return ev.skip("no evidence the items are ints (a list or tuple of ints)")
            k = shape.k
            if not _int_literal(k):
                if not isinstance(k, cst.Name) or k.lpar:
                    return ev.skip("the sum is not an int literal or a plain name")
                if k.value in shape.targets or k.value == shape.seq:
                    return ev.skip("the sum reads a loop variable or the list")
                if k.value not in certainly_bound(ev, func, loop):
                    return ev.skip("the sum may be unbound or not a local")
                if not is_int(ev.type_of(k)):
                    return ev.skip("no evidence the sum is an int")
            if {n.value for n in read_names(shape.test.test)} - {
                    shape.seq, *shape.targets, *([k.value] if isinstance(k, cst.Name) else [])}:
                return ev.skip("the test reads other names")
            return True

        def _build(self, loop: cst.For, shape: _Shape) -> list[cst.BaseStatement]:
            seen = self.names.fresh("seen")
            x = shape.item or self.names.fresh("x")
            k = shape.k
            zero = m.matches(k, m.Integer()) and int(k.value, 0) == 0
            wanted = (cst.UnaryOperation(operator=cst.Minus(), expression=cst.Name(x)) if zero
                      else cst.BinaryOperation(left=moved_out(k), operator=cst.Subtract(),
                                               right=cst.Name(x)))
            init = cst.SimpleStatementLine(body=[cst.Assign(
                targets=[cst.AssignTarget(cst.Name(seen))],
                value=cst.Call(func=cst.Name("set")))], leading_lines=loop.leading_lines)
            test = cst.If(test=cst.Comparison(left=wanted, comparisons=[cst.ComparisonTarget(
                operator=cst.In(), comparator=cst.Name(seen))]), body=cst.IndentedBlock(
                body=[cst.SimpleStatementLine(body=[cst.Return(value=cst.Name("True"))])]))
            add = cst.SimpleStatementLine(body=[cst.Expr(cst.Call(
                func=cst.Attribute(value=cst.Name(seen), attr=cst.Name("add")),
                args=[cst.Arg(cst.Name(x))]))])
            new = cst.For(target=cst.Name(x), iter=cst.Name(shape.seq),
                          body=cst.IndentedBlock(body=[test, add]))
            return [init, new]


def _seq_node(loop: cst.For) -> cst.BaseExpression:
    """The ``xs`` node of the outer ``range(len(xs))`` / ``range(len(xs) - 1)``."""
    stop = loop.iter.args[0].value
    if isinstance(stop, cst.BinaryOperation):
        stop = stop.left
    return stop.args[0].value
