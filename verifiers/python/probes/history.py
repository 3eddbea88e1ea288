"""History plans: the entry point called hundreds of times in one process.

State that needs a long call history shows only there: a memo that goes wrong past 256
entries, a counter past 1000 calls, cache slots that collide only among many distinct keys, a
bounded cache. Every variant repeats these plans, so their cost is bounded by the original's
measured times, like the scale rungs; they run only where the original or the variant may keep
state at all (``program/state.py``).
"""

from __future__ import annotations

import copy

from ..compare.weigh import weigh
from . import Probe

HISTORY_CALLS = 2000      # calls in the plan of known inputs, cycled
HISTORY_RANGE = 600       # distinct values of one int or str argument: past 256 and 512 keys
HISTORY_BUDGET_NS = 10_000_000  # the original's estimated time for each history plan
HISTORY_CALL_NS = 300     # the harness's own work per call, plus a third of the reply's cost
                          # (copies, keys and the mutation walk the same nodes; measured)
HISTORY_CALL_CAP_NS = 50_000  # inputs slower than this stay out: a few would eat the budget


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
            plans.append(Probe("history", ["history", [copy.deepcopy(inputs[i]) for i in distinct], count]))
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
            return Probe("history", ["history", copy.deepcopy(calls), int(count)])
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
