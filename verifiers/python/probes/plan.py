"""Behaviour probe plans: several calls of the entry point in one harness call (``harness.py``).

A probe is one call of the harness with a *plan*; ``__init__``'s docstring says what each kind shows.
``plan_probes`` builds them from the inputs on which the original returned, every kind early so
that a small budget still tries each; the long ``history`` plans are ``history.py``'s.
"""

from __future__ import annotations

import copy

from ..inputs import near_default
from ..program.signature import Param
from . import Probe
from .history import history_plans

MAX_PROBES = 16  # harness calls per pair: a small budget of its own (each is a few calls)
NEST_DEPTHS = (60, 1200)  # past the encoder's depth; past the default recursion limit


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
