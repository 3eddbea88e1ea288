"""The ``history`` behaviour probes (verifiers/python/probes/) through the real sandbox: state that
only a long call history shows (a memo past 256 entries, a counter past 1000 calls, colliding
cache slots, a bounded cache whose objects the caller mutates), and correct caches that must
stay equivalent."""

import pytest
from dataclasses import replace

from semforge.verifiers import VerifyConfig, verify_pair
from semforge.verifiers.python.probes import history, plan
from semforge.verifiers.python.program.state import may_keep_state

FAST = VerifyConfig(examples=120, measure_speed=False, timeout_s=2.0)
SEEDS = [[3], [10], [25]]


def fn(body: str, sig: str = "f(x)") -> str:
    lines = "\n".join("    " + line for line in body.strip().splitlines())
    return f"def {sig}:\n{lines}\n"


SQUARE = fn("return x * x + 1")
# Keyed by type too: a memo keyed by value alone hands f(3)'s int to f(3.0), which the plain
# inputs already catch.
MISALIGNED = "_keys, _vals = [], []\n" + fn("""
for k, v in zip(_keys, _vals):
    if k == (type(x), x):
        return v
if len(_keys) >= 256:
    _keys.pop(0)  # evicts a key but not its value: keys and values shift apart
_keys.append((type(x), x))
_vals.append(x * x + 1)
return _vals[-1]
""")
STALE = "_memo = {}\n" + fn("""
k = (type(x), x)
if k in _memo:
    return _memo[k]
if len(_memo) > 256:
    _memo.popitem()
    return x * x  # the full memo's slow path, wrong
_memo[k] = x * x + 1
return _memo[k]
""")
COUNTER = "_calls = 0\n" + fn("""
global _calls
_calls += 1
if _calls > 1000:
    return x * x
return x * x + 1
""")
# Slots by hash(x) % 256, which is x % 256 for an int (a variant that calls hash() itself is
# undecided: it may see the hash seed). On x < 512 only, so that the inputs near the seeds
# (0..104, 201) never share a slot; from 256 up they do. (On unbounded ints such a cache is
# caught by the plain inputs: 561, a Carmichael number, shares 49's slot of 512.)
SMALL = "if x < 0 or x.bit_length() > 9:\n    raise ValueError(x)\n"
SLOTS = "_slots = {}\n" + fn(SMALL + """
k = x % 256
if k not in _slots:
    _slots[k] = x * x + 1
return _slots[k]
""")
LRU = "from functools import lru_cache\n\n\n@lru_cache(maxsize={})\n" + fn("return [x, x + 1]")


@pytest.mark.parametrize("original,variant", [
    (SQUARE, MISALIGNED),
    (SQUARE, STALE),
    (SQUARE, COUNTER),
    (fn(SMALL + "return x * x + 1"), SLOTS),
    # The caller mutates what the cache hands out: the unbounded cache keeps every mutated
    # list, the bounded one has dropped the oldest and makes them afresh.
    (LRU.format("None"), LRU.format(128)),
], ids=["memo-misaligned-past-256", "memo-wrong-past-256", "counter-past-1000",
        "hash-slots-collide", "lru-bounded-vs-unbounded"])
def test_state_after_a_long_call_history_is_caught(original, variant):
    verdict = verify_pair(original, variant, "f", SEEDS, FAST)
    assert verdict.verdict == "different", verdict.reason
    assert "probe" in verdict.reason or "inputs differ" in verdict.reason
    # under strict, whose probes differ, the history probes find it (typed may find it first
    # with another probe)
    strict = verify_pair(original, variant, "f", SEEDS, replace(FAST, policy="strict"))
    assert "history probe" in strict.reason or "inputs differ" in strict.reason


@pytest.mark.parametrize("original,variant", [
    (SQUARE, "_memo = {}\n" + fn("k = (type(x), x)\nif k not in _memo:\n    _memo[k] = x * x + 1\n"
                                 "return _memo[k]")),
    (SQUARE, "from functools import lru_cache\n\n\n@lru_cache(maxsize=128, typed=True)\n" + SQUARE),
    (LRU.format("None"), LRU.format("None").replace("x + 1]", "1 + x]")),
], ids=["unbounded-memo", "lru-cache-immutable-results", "same-unbounded-lru"])
def test_correct_caches_stay_equivalent(original, variant):
    for policy in ("strict", "domain"):
        config = VerifyConfig(examples=120, measure_speed=False, policy=policy)
        verdict = verify_pair(original, variant, "f", SEEDS, config)
        assert verdict.verdict == "equivalent", (policy, verdict.reason)
        assert "probe:history" in verdict.input_classes


def test_history_plans_only_where_a_call_can_leave_state():
    pure = fn("return sorted(x)")
    verdict = verify_pair(pure, fn("return list(sorted(x))"), "f", [[[3, 1, 2]]], FAST)
    assert verdict.verdict == "equivalent", verdict.reason
    assert "probe:history" not in verdict.input_classes and "probe:alias" in verdict.input_classes
    assert not may_keep_state(pure)
    assert not may_keep_state('from typing import List\nimport math\nMOD = 10**9 + 7\n\n\n'
                              + fn('"""Doc."""\nmemo = {}\ndef g(y):\n    memo[y] = 1\n'
                                   'g(x)\nreturn math.floor(MOD / x)', "f(x: List[int], n=-1)"))
    for stateful in ["_seen = []\n" + fn("return _seen"),              # a mutable module global
                     fn("return acc", "f(x, acc=[])"),                  # a mutable default
                     LRU.format(None),                                  # a decorator
                     COUNTER,                                           # global
                     fn("f.n = getattr(f, 'n', 0) + 1\nreturn f.n"),    # a function attribute
                     "import sys\n" + fn("sys.setrecursionlimit(9000)\nreturn x"),  # impure module
                     "import re\n" + fn("re._cache.clear()\nreturn x")]:  # a module's private state
        assert may_keep_state(stateful), stateful


def test_history_plans_within_the_budget_and_none_for_a_slow_original():
    inputs = [[i] for i in range(300)]
    returned = list(range(300))
    fast = [{"kind": "return", "value": ["int", "1"], "args_after": [["int", "1"]], "time_ns": 500}
            for _ in inputs]
    plans = history.history_plans(inputs, returned, fast)
    # The known inputs cycled (most of the calls), and 600 distinct values of the int argument.
    assert [len(p.plan[1]) for p in plans] == [300, 600]
    assert all(len(p.plan[1]) < p.plan[2] <= history.HISTORY_CALLS for p in plans)
    assert plans[1].plan[1][:3] == [[0], [1], [2]]
    assert plans[0].plan[2] * (500 + history.HISTORY_CALL_NS) <= history.HISTORY_BUDGET_NS
    slow = [dict(o, time_ns=5_000_000) for o in fast]
    assert history.history_plans(inputs, returned, slow) == []
    # Planned last: dropping one (the original not answering it alike under both hash seeds)
    # leaves the state the other plans were recorded in as it was.
    kinds = [p.kind for p in plan.plan_probes(None, inputs, returned, outcomes=fast)]
    assert "history" in kinds and kinds[kinds.index("history"):] == ["history"] * 2
    assert "history" not in [p.kind for p in plan.plan_probes(None, inputs, returned)]


def test_a_history_plan_the_original_answers_differently_per_hash_seed_is_dropped():
    """Between 150 and 600 the original's result depends on str hashes (a set's order) on one
    value in seven; no plain input lands there, the history plan of 600 ints does. That plan is
    dropped (no behaviour to compare), the one cycling the known inputs is kept."""
    from semforge.verifiers.python.run.original import prepare_original
    from semforge.verifiers.python.run.sandboxes import hash_seed_sandboxes

    original = fn("if 150 < x < 600 and x % 7 == 3:\n    return list({str(x), 'zz'})[0]\n"
                  "return x * x + 1")
    run = prepare_original(original, "f", SEEDS, FAST, hash_seed_sandboxes(FAST), 0.0)
    assert run.failure is None, run.failure.reason
    history = [p for p in run.probes if p.kind == "history"]
    assert len(history) == 1 and [3] in history[0].plan[1]
    verdict = verify_pair(original, "_memo = {}\n" + original.replace("def f(x):", "def g(x):")
                          + fn("if (type(x), x) not in _memo:\n    _memo[type(x), x] = g(x)\n"
                               "return _memo[type(x), x]"), "f", SEEDS, FAST)
    assert verdict.verdict == "equivalent", verdict.reason
