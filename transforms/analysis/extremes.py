"""When ``max(xs)`` / ``min(xs)`` and ``sorted(xs)[-1]`` / ``sorted(xs)[0]`` are the same value
(``min-max-to-sorted-index`` and its inverse ``sorted-index-to-min-max``).

Both walk ``xs`` once, in order, evaluating each item as ``max`` does (a generator's items run
the same code in the same order). They differ in three ways, each ruled out here:

* on an empty ``xs`` ``max`` raises ``ValueError`` and the index ``IndexError``: ``xs`` must be
  proven non-empty where the call runs (``nonempty``: a guard that tested it just before);
* ``max`` keeps the first of equal largest items, ``sorted(xs)[-1]`` the last: the items must
  be ints, bools, strs or bytes (``items_ok``), of which two equal ones are the same value
  (not floats: ``-0.0 == 0.0``, and NaN breaks both orders differently);
* ``max`` compares with ``>``, the sort with ``<``: on those types they agree and run no code.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from .types import TRUTH_IS_LEN

# Items of which two equal ones are the same value of the same type.
INDISTINGUISHABLE = frozenset({"int", "bool", "str", "bytes"})
# Where the builtin's result sits in the ascending sort, and back.
INDEX = {"min": 0, "max": -1}
BUILTIN_AT = {(0, False): "min", (-1, False): "max", (0, True): "max", (-1, True): "min"}
# The empty literal a sized type compares equal to exactly when it is empty.
_EMPTY = {"list": m.List(elements=[]), "tuple": m.Tuple(elements=[]),
          "str": m.SimpleString(value=m.MatchIfTrue(lambda v: v in ('""', "''")))}


def items_ok(ev, iterable: cst.BaseExpression) -> bool:
    """Every item of ``iterable`` is proven an int, bool, str or bytes (says why not)."""
    item = ev.elem_of(iterable)
    return (item is not None and item.kind in INDISTINGUISHABLE) or ev.skip(
        "no evidence equal items are indistinguishable (ints, strs)")


def sized_source(ev, iterable: cst.BaseExpression) -> str | None:
    """The local whose emptiness is ``iterable``'s: ``iterable`` itself, or the one iterable of
    a generator ``(e for x in xs)`` without ``if`` (its first item is fetched before ``e`` runs),
    when it is a name of an exact builtin sized type (its truth is its length)."""
    if isinstance(iterable, cst.GeneratorExp):
        comp = iterable.for_in
        if comp.asynchronous is not None or comp.ifs or comp.inner_for_in is not None:
            return None
        iterable = comp.iter
    if not isinstance(iterable, cst.Name) or iterable.lpar:
        return None
    t = ev.type_of(iterable)
    return iterable.value if t is not None and t.kind in TRUTH_IS_LEN else None


def _len_of(ev, e: cst.BaseExpression, name: str) -> bool:
    return (ev.is_builtin_call(e, "len") and len(e.args) == 1 and e.args[0].keyword is None
            and not e.args[0].star and m.matches(e.args[0].value, m.Name(name)))


def _tests_empty(ev, test: cst.BaseExpression, name: str) -> bool | None:
    """True when ``test`` is true exactly when the local ``name`` is empty, False when exactly
    when it is not, None otherwise: ``not xs`` / ``xs``, ``xs == []`` (the empty literal of its
    own type) / ``!=``, ``len(xs) == 0`` / ``< 1`` / ``> 0`` / ``!= 0`` / ``>= 1``."""
    if m.matches(test, m.Name(name)):
        return False
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _tests_empty(ev, test.expression, name)
        return None if inner is None else not inner
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    op, right = test.comparisons[0].operator, test.comparisons[0].comparator
    if m.matches(test.left, m.Name(name)):
        t = ev.type_of(test.left)
        empty = _EMPTY.get(t.kind) if t is not None else None
        if empty is None or not m.matches(right, empty):
            return None
        return {cst.Equal: True, cst.NotEqual: False}.get(type(op))
    if _len_of(ev, test.left, name) and isinstance(right, cst.Integer):
        return {(cst.Equal, "0"): True, (cst.LessThan, "1"): True, (cst.GreaterThan, "0"): False,
                (cst.NotEqual, "0"): False, (cst.GreaterThanEqual, "1"): False
                }.get((type(op), right.value))
    return None


def _jumps(body: cst.BaseSuite) -> bool:
    last = body.body[-1] if isinstance(body, cst.IndentedBlock) else body
    if isinstance(last, (cst.SimpleStatementSuite, cst.SimpleStatementLine)):
        return isinstance(last.body[-1], (cst.Return, cst.Raise))
    return False


def nonempty(ev, node: cst.BaseExpression, iterable: cst.BaseExpression) -> bool:
    """``iterable`` (an argument of ``node``) is proven non-empty whenever ``node`` runs, with
    nothing run between the proof and ``node``: ``node`` is the branch of a conditional
    expression taken only when its source is non-empty (``None if xs == [] else max(xs)``), or
    the whole value of a one-statement line (``m = max(xs)``, ``return max(xs)``) that directly
    follows ``if not xs: return ...`` (no ``else``) or opens the body of ``if xs:``. Says why
    not."""
    name = sized_source(ev, iterable)
    if name is None:
        return ev.skip("no evidence of a builtin sized iterable (a local list, str, tuple...)")
    parent = ev.parent(node)
    if isinstance(parent, cst.IfExp) and not node.lpar:
        empty = _tests_empty(ev, parent.test, name)
        if (node is parent.body and empty is False) or (node is parent.orelse and empty is True):
            return True
        return ev.skip("no guard proves the iterable non-empty")
    stmt = parent
    if not (isinstance(stmt, (cst.Return, cst.Assign, cst.AnnAssign)) and stmt.value is node):
        return ev.skip("no guard proves the iterable non-empty")
    line = ev.parent(stmt)
    if isinstance(line, cst.SimpleStatementSuite):  # if xs: return max(xs)
        owner = ev.parent(line)
        if (line.body[0] is stmt and isinstance(owner, cst.If) and owner.body is line
                and _tests_empty(ev, owner.test, name) is False):
            return True
        return ev.skip("no guard proves the iterable non-empty")
    block = ev.parent(line)
    if not (isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1
            and isinstance(block, cst.IndentedBlock)):
        return ev.skip("no guard proves the iterable non-empty")
    at = block.body.index(line)
    if at > 0:
        prev = block.body[at - 1]
        if (isinstance(prev, cst.If) and prev.orelse is None and _jumps(prev.body)
                and _tests_empty(ev, prev.test, name) is True):
            return True
    elif isinstance(ev.parent(block), cst.If):
        owner = ev.parent(block)
        if owner.body is block and _tests_empty(ev, owner.test, name) is False:
            return True
    return ev.skip("no guard proves the iterable non-empty")
