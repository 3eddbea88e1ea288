"""Behaviour probes: what one positional call per input cannot show.

A plain call compares the value returned and the arguments afterwards. It cannot see:

* **identity and aliasing**: the result *is* an argument, or shares a nested list with one
  (``return xs`` for ``return list(xs)``, a shallow copy for a deep one), or parts of the result
  alias each other (``[[0] * n] * m``). Equal values, different programs: a caller who mutates
  the result sees the difference;
* **state across calls**: a mutable default that keeps what a call put in it, a cache that hands
  out its own objects (the caller mutates one, the next call returns the mutated object), state
  that depends on the *order* of calls; calls that omit optional parameters or pass keywords;
* **laziness**: a generator that reads its argument as it goes, versus one that copied it (or a
  list built eagerly and wrapped in ``iter``): the difference shows only when the argument
  changes between steps;
* **depth**: nesting past the encoder's depth (and past the recursion limit).

Each probe is one call of a harness appended to the program's source (``harness``) that runs a
*plan* (several calls of the entry point) and returns a plain value describing what happened:
per call, the outcome (a snapshot of the value, or the exception type), the aliasing signature
of the result relative to the arguments and to itself; after each call it mutates the result
(appends a sentinel to every list, adds it to every dict and set), so that a later call, or the
arguments (compared after the harness returns), reveal shared objects. Original and variant run
the same plans; the outcomes are compared like any other.

The harness runs inside the sandbox with the program, in its namespace: it takes its builtins
from ``__builtins__`` (a program that redefines ``list`` or ``type`` at module level does not
change the harness), and names everything ``__sf_*``. A variant that goes looking for the
harness needs ``globals()``/``__builtins__``, which the static guard already refuses.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from .inputs import Param

ENTRY = "__sf_probe__"
SENTINEL = "\x00semforge-probe"
MAX_PROBES = 16  # harness calls per pair: a small budget of its own (each is a few calls)
LAZY_STEPS = 40
NEST_DEPTHS = (60, 1200)  # past the encoder's depth; past the default recursion limit

_HARNESS = r'''

def __sf_make_probe(__sf_b):
    _type, _list, _tuple, _dict, _set, _frozenset = (__sf_b[n] for n in (
        "type", "list", "tuple", "dict", "set", "frozenset"))
    _bytearray, _len, _range, _next, _iter, _id = (__sf_b[n] for n in (
        "bytearray", "len", "range", "next", "iter", "id"))
    _BaseException, _StopIteration, _str = (__sf_b[n] for n in (
        "BaseException", "StopIteration", "str"))
    _hasattr, _reversed = __sf_b["hasattr"], __sf_b["reversed"]
    _sentinel = SENTINEL_VALUE
    _mutable = (_list, _dict, _set, _bytearray)
    _plain = (_list, _tuple, _dict, _set, _frozenset)
    _LIMIT = 3000

    def tname(t):
        try:
            mod = _type.__getattribute__(t, "__module__")
            qn = _type.__getattribute__(t, "__qualname__")
            return qn if mod == "builtins" else _str(mod) + "." + _str(qn)
        except _BaseException:
            return "?"

    def is_mutable(o):
        t = _type(o)
        if t in _mutable:
            return True
        # instances of the program's classes (their state is observable through identity)
        return t not in _plain and tname(t).startswith("__program__.") and not _type(o) is _type

    def children(o):
        t = _type(o)
        if t is _list or t is _tuple:
            return o
        if t is _dict:
            return _list(o.values())
        return ()

    def nodes(o):
        """Mutable nodes of o, preorder, bounded; every node once."""
        out, seen, stack = [], {}, [o]
        while stack and _len(out) < _LIMIT:
            x = stack.pop()
            if is_mutable(x):
                if _id(x) in seen:
                    out.append(x)
                    continue
                seen[_id(x)] = 1
                out.append(x)
            stack.extend(_reversed(_list(children(x))))
        return out

    def alias_signature(result, args):
        """Where the result's mutable parts come from: an argument (its index), an earlier part
        of the result, or nowhere (fresh). Fresh parts are left out: only sharing shows."""
        owner = {}
        for k, a in enumerate(args):
            for x in nodes(a):
                owner.setdefault(_id(x), "arg" + _str(k))
        sig, seen = [], {}
        for pos, x in enumerate(nodes(result)):
            i = _id(x)
            if i in owner:
                sig.append((pos, owner[i]))
            elif i in seen:
                sig.append((pos, "part" + _str(seen[i])))
            else:
                seen[i] = pos
        return _tuple(sig)

    def snapshot(o, depth=0):
        """A copy of the builtin containers of o (objects kept by reference)."""
        t = _type(o)
        if depth > 40:
            return o
        if t is _list:
            return [snapshot(x, depth + 1) for x in o]
        if t is _tuple:
            return _tuple(snapshot(x, depth + 1) for x in o)
        if t is _dict:
            return {k: snapshot(v, depth + 1) for k, v in o.items()}
        if t is _set:
            return _set(o)
        if t is _bytearray:
            return _bytearray(o)
        return o

    def mutate(o):
        for x in nodes(o):
            t = _type(x)
            try:
                if t is _list:
                    x.append(_sentinel)
                elif t is _dict:
                    x[_sentinel] = _sentinel
                elif t is _set:
                    x.add(_sentinel)
                elif t is _bytearray:
                    x.append(0)
            except _BaseException:
                pass

    def is_iterator(o):
        t = _type(o)
        return t not in _plain and _hasattr(t, "__next__") and _hasattr(t, "__iter__")

    def drain(it, limit):
        items = []
        try:
            for _ in _range(limit):
                items.append(snapshot(_next(it)))
        except _StopIteration:
            items.append("<end>")
        except _BaseException as e:
            items.append(("raise", tname(_type(e))))
        return items

    def call(fn, args, kw):
        try:
            return True, fn(*args, **kw)
        except _BaseException as e:
            return False, tname(_type(e))

    def flatten(o):
        """Tokens of o in preorder, iteratively (results nested past any recursion limit)."""
        out, stack = [], [o]
        while stack and _len(out) < 20000:
            x = stack.pop()
            t = _type(x)
            if t is _list or t is _tuple:
                out.append("[" if t is _list else "(")
                stack.append("<close>")
                stack.extend(_reversed(x))
            else:
                out.append(x)
        return out

    def probe(fn, plan):
        kind = plan[0]
        if kind == "calls":
            records = []
            for args, kw in plan[1]:
                ok, r = call(fn, args, kw)
                if not ok:
                    records.append(("raise", r))
                    continue
                if is_iterator(r):
                    records.append(("iter", drain(r, 200)))
                    continue
                records.append(("return", snapshot(r), alias_signature(r, _list(args) + _list(kw.values()))))
                mutate(r)
            return ("calls", records)
        if kind == "lazy":
            args = plan[1]
            ok, r = call(fn, args, {})
            if not ok:
                return ("raise", r)
            if not is_iterator(r):
                return ("eager",)
            items = []
            for step in _range(LAZY_STEPS_VALUE):
                got = drain(r, 1)
                items.append(got[0] if got else "<none>")
                if got and (got[0] == "<end>" or _type(got[0]) is _tuple and got[0][:1] == ("raise",)):
                    break
                for a in args:  # the caller changes the argument between two steps
                    t = _type(a)
                    try:
                        if t is _list:
                            if step % 3 == 2 and a:
                                a.pop()
                            elif step % 3 == 0 and a:
                                a.insert(0, a[-1])  # shifts every index (reversed(), i-loops)
                            else:
                                a.append(a[0] if a else 0)
                        elif t is _dict or t is _set:
                            if t is _dict:
                                a[_sentinel + _str(step)] = 0
                            else:
                                a.add(_sentinel + _str(step))
                    except _BaseException:
                        pass
            return ("lazy", items)
        if kind == "nest":
            args, index, depth = _list(plan[1]), plan[2], plan[3]
            x = args[index]
            for _ in _range(depth):
                x = [x]
            args[index] = x
            ok, r = call(fn, args, {})
            after = flatten(args[index])
            if not ok:
                return ("raise", r, _len(after))
            return ("nest", flatten(r), _len(after))
        return ("unknown-plan",)

    return probe


__sf_make = __sf_make_probe(__builtins__ if __builtins__.__class__ is {}.__class__
                            else __builtins__.__dict__)


def __sf_probe__(plan):
    return __sf_make(ENTRY_NAME, plan)
'''


def harness(code: str, entry_point: str) -> str:
    """``code`` with the probe harness appended (its entry point is ``ENTRY``)."""
    text = (_HARNESS.replace("SENTINEL_VALUE", repr(SENTINEL))
            .replace("LAZY_STEPS_VALUE", str(LAZY_STEPS)))
    # The harness looks the entry point up when a probe runs, as a caller would.
    text = text.replace("ENTRY_NAME", entry_point)
    # A program with no trailing newline, or one that ends inside an indented block: start a
    # fresh top-level line.
    return code.rstrip("\n") + "\n\n" + text


@dataclass(frozen=True)
class Probe:
    kind: str       # alias | defaults | order | lazy | nest
    plan: list      # the harness's argument


def _copy(args):
    return copy.deepcopy(args)


def plan_probes(params: list[Param] | None, inputs: list[list], returned: list[int],
                limit: int = MAX_PROBES, twins: bool = True) -> list[Probe]:
    """Probes built from inputs on which the original returned (indices ``returned``, most
    telling first: the seeds), at most ``limit``: every kind early, so that a small budget
    still tries each. ``twins``: also calls with equal values of another type in sequence
    (``1`` then ``True``, ``2`` then ``2.0``: a cache keyed by value hands one the other's
    result); the ``strict`` policy only, as it changes the arguments' types."""
    base = [inputs[i] for i in returned[:6]]
    if not base:
        return []
    queues: dict[str, list[Probe]] = {k: [] for k in ("alias", "defaults", "order", "lazy", "nest",
                                                      "twins")}
    for k, a in enumerate(base):
        # The same input twice, fresh copies: the result mutated in between.
        queues["alias"].append(Probe("alias", ["calls", [[_copy(a), {}], [_copy(a), {}], [_copy(a), {}]]]))
        # The same object passed in two argument slots (aliased arguments).
        same = [i for i in range(len(a)) for j in range(i + 1, len(a))
                if type(a[i]) is type(a[j]) and isinstance(a[i], (list, dict, set))]
        if same:
            shared = _copy(a)
            j = next(j for j in range(same[0] + 1, len(a)) if type(a[j]) is type(a[same[0]]))
            shared[j] = shared[same[0]]
            queues["alias"].append(Probe("alias", ["calls", [[shared, {}], [_copy(a), {}]]]))
        calls = _default_calls(params, a)
        if calls:
            queues["defaults"].append(Probe("defaults", ["calls", calls]))
        if k + 1 < len(base):
            b = base[k + 1]
            queues["order"].append(Probe("order", ["calls", [[_copy(a), {}], [_copy(b), {}], [_copy(a), {}]]]))
            queues["order"].append(Probe("order", ["calls", [[_copy(b), {}], [_copy(a), {}], [_copy(b), {}]]]))
        if any(isinstance(x, (list, dict, set)) for x in a):
            queues["lazy"].append(Probe("lazy", ["lazy", _copy(a)]))
        twin = _twin(a) if twins else None
        if twin is not None:
            queues["twins"].append(Probe("twins", ["calls", [[_copy(a), {}], [twin, {}]]]))
            queues["twins"].append(Probe("twins", ["calls", [[_copy(twin), {}], [_copy(a), {}]]]))
    for a in (inputs[i] for i in returned):
        if len(queues["nest"]) >= 2 * len(NEST_DEPTHS):
            break
        for i, x in enumerate(a):
            if isinstance(x, list) and any(isinstance(y, list) for y in x):
                for depth in NEST_DEPTHS:
                    queues["nest"].append(Probe("nest", ["nest", _copy(a), i, depth]))
                break
    out: list[Probe] = []
    while len(out) < limit and any(queues.values()):
        for q in queues.values():
            if q and len(out) < limit:
                out.append(q.pop(0))
    return out


def _twin(a: list) -> list | None:
    """``a`` with its numbers replaced by equal numbers of another type (1 -> True, 2 -> 2.0,
    2.0 -> 2), or None when it holds none."""
    changed = False

    def twin(x):
        nonlocal changed
        if type(x) is int:
            changed = True
            return bool(x) if x in (0, 1) else float(x) if abs(x) < 2**53 else x
        if type(x) is float and x.is_integer() and abs(x) < 2**53:
            changed = True
            return int(x)
        if type(x) is list:
            return [twin(y) for y in x]
        if type(x) is tuple:
            return tuple(twin(y) for y in x)
        return copy.deepcopy(x)

    out = [twin(x) for x in a]
    return out if changed else None


def _default_calls(params: list[Param] | None, a: list) -> list:
    """Calls that leave optional parameters out, repeatedly, and pass arguments by keyword."""
    if not params or len(a) > len(params):
        return []
    required = sum(p.required for p in params)
    calls = []
    if len(params) > required and len(a) >= required:
        short = a[:required]
        calls += [[_copy(short), {}], [_copy(short), {}], [_copy(a), {}], [_copy(short), {}]]
    named = [p for p in params[: len(a)] if not p.positional_only]
    if named and len(named) == len(a):
        kw = {p.name: v for p, v in zip(named, _copy(a))}
        calls += [[[], kw], [[], _copy(kw)]]
    return calls
