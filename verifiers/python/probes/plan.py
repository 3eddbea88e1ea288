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
* **depth**: nesting past the encoder's depth (and past the recursion limit);
* **a long history**: a memo that goes wrong past 256 entries, a counter past 1000 calls, cache
  slots that collide only among many distinct keys, a bounded cache (the caller mutated what the
  unbounded one keeps). The ``history`` plans call the entry point up to ``HISTORY_CALLS`` times:
  the known inputs cycled, and hundreds of values of one int or str argument; their reply is
  each input's first outcome and the later calls that differ from it. They cost the most, so
  they are bounded by the original's measured times and run only where the original or the
  variant may keep state at all (``may_keep_state``).

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

import ast
import copy
import functools
from dataclasses import dataclass

from semforge import hazards

from .edge_inputs import near_default
from .inputs import Param
from .scale_run import weigh

ENTRY = "__sf_probe__"
SENTINEL = "\x00semforge-probe"
MAX_PROBES = 16  # harness calls per pair: a small budget of its own (each is a few calls)
LAZY_STEPS = 40
NEST_DEPTHS = (60, 1200)  # past the encoder's depth; past the default recursion limit
# History: state that needs a long call history (a memo that goes wrong past 256 entries, a
# counter past 1000 calls, a cache keyed on hash(x) % 512). Every variant repeats these plans,
# so their cost is bounded by the original's measured times, like the scale rungs.
HISTORY_CALLS = 2000      # calls in the plan of known inputs, cycled
HISTORY_RANGE = 600       # distinct values of one int or str argument: past 256 and 512 keys
HISTORY_BUDGET_NS = 10_000_000  # the original's estimated time for each history plan
HISTORY_CALL_NS = 300     # the harness's own work per call, plus a third of the reply's cost
                          # (copies, keys and the mutation walk the same nodes; measured)
HISTORY_CALL_CAP_NS = 50_000  # inputs slower than this stay out: a few would eat the budget
HISTORY_CHANGES = 200     # later calls whose outcome changed, sent in full (then only where)

_HARNESS = r'''

def __sf_make_probe(__sf_b):
    _type, _list, _tuple, _dict, _set, _frozenset = (__sf_b[n] for n in (
        "type", "list", "tuple", "dict", "set", "frozenset"))
    _bytearray, _len, _range, _next, _iter, _id = (__sf_b[n] for n in (
        "bytearray", "len", "range", "next", "iter", "id"))
    _BaseException, _StopIteration, _str = (__sf_b[n] for n in (
        "BaseException", "StopIteration", "str"))
    _hasattr, _reversed, _map = __sf_b["hasattr"], __sf_b["reversed"], __sf_b["map"]
    _int, _bool, _float, _complex, _bytes, _repr, _object = (__sf_b[n] for n in (
        "int", "bool", "float", "complex", "bytes", "repr", "object"))
    _sentinel = SENTINEL_VALUE
    _mutable = (_list, _dict, _set, _bytearray)
    _plain = (_list, _tuple, _dict, _set, _frozenset)
    _atoms = (_int, _bool, _str, _bytes, _type(None))
    _immutable = _atoms + (_float, _complex)
    _atom_set, _immutable_set = _set(_atoms), _set(_immutable)
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
        if t in _immutable:  # (before tname: the history plan mutates many results)
            return False
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
            return [x if _type(x) in _immutable else snapshot(x, depth + 1) for x in o]
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
        if _type(o) is _list and _set(_map(_type, o)) <= _immutable_set:
            o.append(_sentinel)  # what the walk below does to a flat list, in one step
            return
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

    def key(o, depth=0):
        """A value equal for equal results only: types exact (1, True and 1.0 apart), floats
        by repr (-0.0 and nan are themselves), dicts in order. Objects of other types, and
        values nested too deep, get a fresh key: never the same, always recorded."""
        t = _type(o)
        if t in _atoms:
            return (t, o)
        if t is _float or t is _complex:
            return (t, _repr(o))
        if depth < 40:
            if t is _list or t is _tuple:
                types = _tuple(_map(_type, o))
                kinds = _set(types)
                if kinds <= _atom_set:  # flat: one step (floats by repr: nan is not nan)
                    return (t, _tuple(o), types)
                if kinds <= _immutable_set:
                    return (t, _tuple([x if _type(x) in _atoms else _repr(x) for x in o]), types)
                return (t, _tuple([key(x, depth + 1) for x in o]))
            if t is _dict:
                return (t, _tuple([(key(k, depth + 1), key(v, depth + 1)) for k, v in o.items()]))
            if t is _set or t is _frozenset:
                return (t, _frozenset([key(x, depth + 1) for x in o]))
        return (t, _object())

    def history(fn, distinct, count):
        """``count`` calls over ``distinct`` inputs: each once, then again at long distance,
        forward, then reverse, forward... The reply stays small: every input's first outcome,
        then only the later calls whose outcome (result, or argument after the call) differs
        from that input's first."""
        n = _len(distinct)
        before = [key(a) for a in distinct]
        # Arguments that no call can change need no copy and no second look (the common case,
        # and this loop is most of the plan's cost).
        fixed = [_len([x for x in a if _type(x) not in _immutable]) == 0 for a in distinct]
        firsts, changes, first_keys = [], [], [None] * n
        done, sweep = 0, 0
        while done < count and n:
            order = _range(n) if sweep < 2 or sweep % 2 else _range(n - 1, -1, -1)
            for i in order:
                if done >= count:
                    break
                args = distinct[i] if fixed[i] else snapshot(distinct[i])
                try:
                    ok, r = True, fn(*args)
                except _BaseException as e:
                    ok, r = False, tname(_type(e))
                t = _type(r)
                if not ok:
                    record, k = ("raise", r), ("raise", r)
                elif t not in _immutable and is_iterator(r):
                    items = drain(r, 50)
                    record, k = ("iter", items), key(items)
                else:
                    record, k = None, key(r)
                after = before[i] if fixed[i] else key(args)
                done += 1
                if sweep == 0:
                    first_keys[i] = (k, after)
                elif first_keys[i] != (k, after):
                    if record is None:
                        record = ("return", snapshot(r))
                    if after != before[i]:
                        record = record + (snapshot(args),)
                    if _len(changes) < HISTORY_CHANGES_VALUE:
                        changes.append((done - 1, record))
                    else:  # past the cap only where: a long run of changes stays cheap to send
                        changes.append(done - 1)
                if sweep == 0:
                    if record is None:
                        record = ("return", snapshot(r))
                    firsts.append(record if after == before[i] else record + (snapshot(args),))
                if ok and t not in _immutable:
                    mutate(r)  # a cache that hands out its objects shows it a sweep later
            sweep += 1
        return ("history", firsts, changes)

    def probe(fn, plan):
        kind = plan[0]
        if kind == "history":
            return history(fn, plan[1], plan[2])
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
            .replace("LAZY_STEPS_VALUE", str(LAZY_STEPS))
            .replace("HISTORY_CHANGES_VALUE", str(HISTORY_CHANGES)))
    # The harness looks the entry point up when a probe runs, as a caller would.
    text = text.replace("ENTRY_NAME", entry_point)
    # A program with no trailing newline, or one that ends inside an indented block: start a
    # fresh top-level line.
    return code.rstrip("\n") + "\n\n" + text


@dataclass(frozen=True)
class Probe:
    kind: str       # alias | defaults | order | twins | lazy | nest | history
    plan: list      # the harness's argument


def _copy(args):
    return copy.deepcopy(args)


def plan_probes(params: list[Param] | None, inputs: list[list], returned: list[int],
                limit: int = MAX_PROBES, twins: bool = True,
                outcomes: list[dict] | None = None,
                keyword_only: list[tuple[str, object]] = ()) -> list[Probe]:
    """Probes built from inputs on which the original returned (indices ``returned``, most
    telling first: the seeds), at most ``limit``: every kind early, so that a small budget
    still tries each. ``twins``: also calls with equal values of another type in sequence
    (``1`` then ``True``, ``2`` then ``2.0``: a cache keyed by value hands one the other's
    result); the ``strict`` policy only, as it changes the arguments' types. ``outcomes``: the
    original's, one per input (their times bound the ``history`` plans; none without them).
    ``keyword_only``: (name, literal default) of keyword-only parameters, passed by keyword
    with values near their defaults (``defaults`` plans; inputs are positional only)."""
    base = [inputs[i] for i in returned[:6]]
    if not base:
        return []
    queues: dict[str, list[Probe]] = {k: [] for k in ("alias", "defaults", "order", "lazy", "nest",
                                                      "twins", "history")}
    if outcomes is not None:
        queues["history"] = history_plans(inputs, returned, outcomes)
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
    # Keyword-only parameters no input can set: each passed with values near its default (the
    # default left out between them), on the first inputs. A rewrite that ignores `scale=2`
    # and multiplies by 2 agreed on every call before. Ahead of the other defaults plans.
    kw_plans = []
    for a in base[:2]:
        for name, default in keyword_only:
            values = near_default(default)
            if values:
                calls = [c for v in values for c in ([_copy(a), {name: copy.deepcopy(v)}], [_copy(a), {}])]
                kw_plans.append(Probe("defaults", ["calls", calls]))
    queues["defaults"][:0] = kw_plans
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
    # All plans run in one session, in order, and a plan the original does not answer alike
    # under both hash seeds is dropped: the long plans go last, so that dropping one leaves
    # the state the others were recorded in as it was.
    return [p for p in out if p.kind != "history"] + [p for p in out if p.kind == "history"]


def history_plans(inputs: list[list], returned: list[int], outcomes: list[dict],
                  budget_ns: int = HISTORY_BUDGET_NS) -> list[Probe]:
    """Up to two ``history`` plans, each within ``budget_ns`` of the original's estimated time:
    the known inputs where the original returned, cycled to ``HISTORY_CALLS`` calls; and
    ``HISTORY_RANGE`` distinct values of one int or str argument of a seed (a cache keyed on
    the argument sees hundreds of keys), then repeated."""
    reply = {i: weigh(outcomes[i])[1] for i in returned}
    call = {i: _call_ns(outcomes[i], reply[i]) for i in returned}
    plans = []
    # Known inputs, in the planner's order (seeds first), while their first calls and replies
    # fit half the budget; the rest of the budget buys the repeats.
    distinct, spent = [], 0
    for i in returned:
        if call[i] > HISTORY_CALL_CAP_NS or spent + call[i] + reply[i] > budget_ns // 2:
            continue
        distinct.append(i)
        spent += call[i] + reply[i]
    if distinct:
        mean = sum(call[i] for i in distinct) / len(distinct)
        count = min(HISTORY_CALLS, len(distinct) + int((budget_ns - spent) / mean))
        if count > len(distinct):  # without repeats it is only the inputs again
            plans.append(Probe("history", ["history", [_copy(inputs[i]) for i in distinct], count]))
    ranged = _ranged(inputs, returned, outcomes, budget_ns)
    if ranged:
        plans.append(ranged)
    return plans


def _ranged(inputs: list[list], returned: list[int], outcomes: list[dict],
            budget_ns: int) -> Probe | None:
    """The first seed's first argument that is an int, or a str of two or more distinct
    characters, varied over ``HISTORY_RANGE`` values: ints upward from the
    smallest non-negative one the original returned on, strs spelled with the seed's own
    characters (both kept within the original's domain where they can be). A call's cost is
    guessed from the largest known inputs no larger there (bounded so, where it grows with the
    number or the length), and past the largest known int taken to grow linearly."""
    for a in (inputs[i] for i in returned[:6]):
        for j, x in enumerate(a):
            values = _range_values(x, [inputs[i][j] for i in returned if len(inputs[i]) > j])
            if not values:
                continue
            same = [i for i in returned if len(inputs[i]) > j and type(inputs[i][j]) is type(x)]
            sizes = [_size(inputs[i][j]) for i in same]
            top = max(_size(v) for v in values)
            above = [s for s in sizes if s >= top]
            bound = min(above) if above else max(sizes)
            grow = 1.0 if above else top / max(bound, 1)
            near = sorted((s, i) for s, i in zip(sizes, same) if s <= bound)
            reply = max(weigh(outcomes[i])[1] for _, i in near)
            # The largest known inputs' median time: one preempted call must not stop the plan
            # (its max did, now and then, under load).
            times = sorted(_call_ns(outcomes[i], reply) for _, i in near[-5:])
            call = int(times[len(times) // 2] * grow)
            if call > HISTORY_CALL_CAP_NS:
                return None
            # The distinct values first (each a reply), then repeats with what budget is left.
            n = min(len(values), budget_ns // (call + reply))
            if n < 2:
                return None
            count = min(3 * n, n + (budget_ns - n * (call + reply)) // call)
            calls = [[*a[:j], v, *a[j + 1:]] for v in values[:n]]
            return Probe("history", ["history", _copy(calls), int(count)])
    return None


def _call_ns(outcome: dict, reply_ns: int) -> int:
    """The original's estimated time for one call of a history plan: the call, as measured,
    and the harness's work on its arguments and result."""
    return int(outcome.get("time_ns") or 0) + HISTORY_CALL_NS + reply_ns // 3


def _size(x) -> int:
    return abs(x) if type(x) is int else len(x)


def _range_values(x, known: list) -> list:
    """``HISTORY_RANGE`` distinct values for an argument like ``x`` (strs no longer than the
    longest the original returned on, in ``known``); [] when ``x`` is neither an int nor a str
    that can be varied."""
    if type(x) is int:
        ints = [k for k in known if type(k) is int]
        lo = max(0, min(ints))
        return list(range(lo, lo + HISTORY_RANGE))
    if type(x) is str:
        alphabet = sorted(set(x))
        if len(alphabet) < 2:
            return []
        longest = max((len(k) for k in known if type(k) is str), default=0)
        out = []
        for n in range(1, HISTORY_RANGE + 1):
            # n in bijective base len(alphabet): every string over the alphabet, shortest first
            s = []
            while n:
                n, d = divmod(n - 1, len(alphabet))
                s.append(alphabet[d])
            if len(s) > longest:
                break
            out.append("".join(reversed(s)))
        return out
    return []


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


# Names that reach state by a computed route, or outside the process (most of them the guard
# refuses in a variant anyway; an original may use them).
_STATE_NAMES = frozenset({"globals", "vars", "locals", "setattr", "delattr", "exec", "eval",
                          "compile", "__import__", "__builtins__", "__dict__", "open"})


@functools.lru_cache(maxsize=256)
def may_keep_state(code: str) -> bool:
    """Whether one call of ``code`` can leave anything behind that a later call sees (read with
    ``ast``, never run; True when unsure). Without that, a long call history shows nothing the
    inputs did not: the history plans are run only where the original or the variant may.

    State needs a place that outlives a call: a module-level binding of a mutable value (or of
    anything but a literal: a call, a closure, a cache), ``global``/``nonlocal``, a decorator
    (``lru_cache``), a default that is not a literal, an attribute written (``f.count += 1``)
    or a private one read (``re._cache``, ``f.__defaults__``), an item stored into what the
    function did not create itself, a module outside ``hazards.PURE_MODULES``
    (``sys.setrecursionlimit``), or a route by name (``globals()``, ``setattr``)."""
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        return True
    if not all(_stateless_statement(node) for node in tree.body):
        return True
    tops = [n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    tops += [m for c in tree.body if isinstance(c, ast.ClassDef) for m in c.body
             if isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if any(_stores_outside(fn) for fn in tops):
        return True
    for node in ast.walk(tree):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            if getattr(node, "decorator_list", None):
                return True
            if not isinstance(node, ast.ClassDef):
                defaults = node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
                if not all(_literal(d) for d in defaults):
                    return True
        elif isinstance(node, ast.Attribute) and (not isinstance(node.ctx, ast.Load)
                                                  or node.attr.startswith("_")):
            return True  # (a private attribute may be a module's cache: re._cache)
        elif isinstance(node, ast.Name) and node.id in _STATE_NAMES:
            return True
    return False


def _stateless_statement(node: ast.stmt) -> bool:
    """A module-level statement that binds nothing a call could change: a def or class (their
    insides are read apart), an import of a pure module, a docstring, a name bound to a
    literal."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return True
    if isinstance(node, ast.ClassDef):
        return all(_stateless_statement(b) or isinstance(b, ast.Pass) for b in node.body)
    if isinstance(node, ast.Import):
        return all(a.name.split(".")[0] in hazards.PURE_MODULES for a in node.names)
    if isinstance(node, ast.ImportFrom):
        return not node.level and (node.module or "").split(".")[0] in hazards.PURE_MODULES
    if isinstance(node, ast.Expr):
        return isinstance(node.value, ast.Constant)
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return (node.value is not None and _literal(node.value)
                and all(isinstance(t, ast.Name) for t in targets))
    return False


def _literal(node: ast.expr) -> bool:
    """An expression of constants that makes an immutable value (``10**9 + 7``, ``("a", 1)``)."""
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Tuple):
        return all(_literal(e) for e in node.elts)
    if isinstance(node, ast.UnaryOp):
        return _literal(node.operand)
    if isinstance(node, ast.BinOp):
        return _literal(node.left) and _literal(node.right)
    return False


def _stores_outside(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether ``fn`` (a module-level function) stores or deletes an item of an object it did
    not bind itself: a module-level object outlives the call. Names bound anywhere inside it,
    nested functions included, are the call's own (a memo made per call is no state)."""
    args = fn.args
    local = {a.arg for a in args.posonlyargs + args.args + args.kwonlyargs}
    local |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    local |= {n.id for n in ast.walk(fn)
              if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    local |= {a.arg for n in ast.walk(fn) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                             ast.Lambda))
              for a in n.args.posonlyargs + n.args.args + n.args.kwonlyargs}
    for node in ast.walk(fn):
        if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load):
            root = node.value
            while isinstance(root, (ast.Subscript, ast.Attribute)):
                root = root.value
            if not (isinstance(root, ast.Name) and root.id in local):
                return True
    return False
