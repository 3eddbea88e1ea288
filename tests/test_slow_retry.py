"""Timeouts answered with more time, through the real sandbox: a variant slow on a few inputs is
still compared on every input after them, and a wall-clock stall (what a loaded machine does to
one call) is tried once more before it counts as a hang."""

from __future__ import annotations

from semforge.verifiers import VerifyConfig, verify_pair
from semforge.verifiers.python.judge.slow import retry_slow
from semforge.verifiers.python.run.reference import OriginalRun

# The original spends ~20x less than the variant on x % 1000 == 777: with timeout_s=0.2 the
# variant times out there, and the original's own time allows it 50x more (judge/slow.py).
ORIGINAL = ("def f(x):\n    if x % 1000 == 777:\n        for _ in range(1_000_000):\n"
            "            pass\n    return x * 2\n")
SLOW_THEN_WRONG = ("def f(x):\n    if x % 1000 == 777:\n        for _ in range(20_000_000):\n"
                   "            pass\n    if x > 10 ** 6:\n        return x * 2 + 1\n    return x * 2\n")


def test_a_variant_slow_on_three_inputs_is_still_compared_on_the_inputs_after_them():
    # Three slow seeds stop the session (MAX_TIMEOUTS); each is answered when run again with
    # more time. The larger inputs after them, where the variant is wrong, must still be run.
    config = VerifyConfig(examples=40, measure_speed=False, timeout_s=0.2)
    v = verify_pair(ORIGINAL, SLOW_THEN_WRONG, "f", [[777], [1777], [2777], [5]], config)
    assert v.verdict == "different", v.reason
    assert "inputs differ" in v.reason and "+ 1" not in v.reason


def test_a_timeout_off_the_rungs_is_tried_once_more_at_the_plain_limit():
    config = VerifyConfig(examples=40, measure_speed=False, timeout_s=0.5)
    run = OriginalRun(inputs=[[3], [4]], rungs={})
    expected = [{"kind": "return", "value": ["int", "6"], "time_ns": 1000},
                {"kind": "return", "value": ["int", "8"], "time_ns": 1000}]
    # Stalls on every call but a process's first: the retry runs in a fresh session, as the
    # call a stalled machine delayed would.
    stalls = ("_calls = [0]\n\n\ndef f(x):\n    _calls[0] += 1\n    if _calls[0] > 1:\n"
              "        while True:\n            pass\n    return x * 2\n")
    rerun, hard, drops = retry_slow(run, stalls, "f", config, 0, run.inputs, expected, [0, 1])
    assert [rerun[i].get("kind") for i in sorted(rerun)] == ["return", "return"] and hard == []
    assert not drops.indices
    # A variant that hangs there hangs again: the input stays a timeout (not dropped: no rung).
    hangs = "def f(x):\n    while x == 3:\n        pass\n    return x * 2\n"
    rerun, hard, drops = retry_slow(run, hangs, "f", config, 0, run.inputs, expected, [0])
    assert rerun == {} and hard == [0] and not drops.indices
