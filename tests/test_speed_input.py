"""Which scaled input speed is measured on (verifiers/python/measure/speed_input.py): the choice must not
follow timing noise, or a second run times the same pair on another input and labels it
otherwise."""

from types import SimpleNamespace

from semforge.verifiers.python.measure.speed_input import (SPEED_MIN_NS, _exercising_ladder,
                                                           find_speed_input, speed_inputs)

MS = 1_000_000


def _run(rungs: dict[int, tuple[int, int]], times_ms: list[float]):
    """An OriginalRun's fields that the choice reads: input i is rung rungs[i] = (ladder, k)."""
    n = len(times_ms)
    return SimpleNamespace(
        speed=None, rungs=rungs, inputs=[[f"input {i}"] for i in range(n)],
        outcomes=[[{"kind": "return", "time_ns": int(t * MS)} for t in times_ms]],
        scale=[f"ladder {rungs[i][0]} rung {rungs[i][1]}" if i in rungs else "" for i in range(n)],
        ladders=[])


def test_first_ladder_about_as_slow_as_the_slowest_is_taken():
    # Ladder 1 is 10% slower than ladder 0: noise, not a reason to time another input.
    rungs = {0: (0, 0), 1: (0, 1), 2: (1, 0), 3: (1, 1)}
    assert _exercising_ladder(_run(rungs, [0.2, 0.9, 0.2, 1.0]), [0, 1, 2, 3],
                              [0.2 * MS, 0.9 * MS, 0.2 * MS, 1.0 * MS]) == 0
    # Ladder 1 is 3x slower: the program does more work along it, so that is where to time.
    assert _exercising_ladder(_run(rungs, [0.2, 0.3, 0.2, 1.0]), [0, 1, 2, 3],
                              [0.2 * MS, 0.3 * MS, 0.2 * MS, 1.0 * MS]) == 1


def test_settle_moves_one_rung_where_three_calls_disagree_with_one():
    from semforge.verifiers.python.measure.speed_input import settle_rung

    def fastest_of(ms):
        return lambda j: None if ms[j] is None else int(ms[j] * MS)

    # Rung 2 was picked from one call; three calls put rung 1 at the target already.
    assert settle_rung(2, 4, fastest_of([0.2, 1.05, 2.1, 4.2])) == 1
    # ... or rung 2 short of it: the rung above.
    assert settle_rung(2, 4, fastest_of([0.2, 0.45, 0.95, 1.9])) == 3
    assert settle_rung(2, 4, fastest_of([0.2, 0.5, 1.1, 2.2])) == 2
    # Nothing above, or a rung that fails or passes the cap: stay.
    assert settle_rung(3, 4, fastest_of([0.1, 0.2, 0.4, 0.9])) == 3
    assert settle_rung(2, 4, fastest_of([0.2, 0.45, 0.95, None])) == 2
    assert settle_rung(2, 4, fastest_of([0.2, 0.45, 0.95, 25.0])) == 2
    assert settle_rung(2, 4, fastest_of([0.2, 0.5, None, 2.2])) is None


SUM = "def f(n):\n    return sum(range(n))\n"
# sum(range(n)) of these n: about 10 us, 100 us, a few ms and a few tens of ms on any machine.
SIZES = [1_000, 10_000, 300_000, 3_000_000]


def _sum_run(recorded_ms: list[float]):
    run = _run({i: (0, i) for i in range(len(SIZES))}, recorded_ms)
    run.inputs = [[n] for n in SIZES]
    run.outcomes = [[{"kind": "return", "value": n * (n - 1) // 2, "time_ns": int(t * MS)}
                     for n, t in zip(SIZES, recorded_ms)]]
    run.scale = [f"arg 0 (int) n {n}" for n in SIZES]
    run.ladders = [SimpleNamespace(name="arg 0 (int)", rungs=[(f"n {n}", [n]) for n in SIZES])]
    return run


def test_lowest_rung_at_the_target_not_the_highest_reached():
    from semforge.sandbox import Sandbox

    assert SPEED_MIN_NS == MS
    sandbox = Sandbox()
    try:
        # The verification climb reached rung 3 in this run and might stop at rung 2 in the
        # next; both runs must time rung 2, the first at SPEED_MIN_NS.
        args, outcome, label = find_speed_input(_sum_run([0.01, 0.1, 3.0, 30.0]), SUM, "f",
                                                None, sandbox)
        assert args == [300_000] and label == "arg 0 (int) n 300000", label
        assert outcome["time_ns"] >= SPEED_MIN_NS
        shorter = _sum_run([0.01, 0.1, 3.0, 30.0])
        shorter.rungs = {i: (0, i) for i in range(3)}
        assert find_speed_input(shorter, SUM, "f", None, sandbox)[0] == args
        # One noisy call put rung 2 short of the target: three calls settle it back there.
        assert find_speed_input(_sum_run([0.01, 0.1, 0.6, 30.0]), SUM, "f", None,
                                sandbox)[0] == args
    finally:
        sandbox.close()


CACHED = ("_seen = {}\n\n\ndef f(n):\n    if n not in _seen:\n        _seen[n] = sum(range(n))\n"
          "    return _seen[n]\n")


def test_a_rung_only_its_first_call_found_slow_is_not_a_speed_input():
    """The climb calls each rung once, so a cache (or any cold first call) can make a rung
    look like milliseconds where every later call takes microseconds; timing there measures
    the cache, so the verified inputs are timed instead (the rung stays a test input)."""
    from semforge.sandbox import Sandbox

    sandbox = Sandbox()
    try:
        run = _sum_run([0.01, 0.1, 3.0, 30.0])
        found = find_speed_input(run, CACHED, "f", None, sandbox)
        assert found is not None  # still an input the variant must agree on
        inputs, what = speed_inputs(run)
        assert inputs[0] == [SIZES[0]] and "verified inputs" in what, what
        # The same ladder on the uncached program is still timed at rung 2.
        plain = _sum_run([0.01, 0.1, 3.0, 30.0])
        assert find_speed_input(plain, SUM, "f", None, sandbox)[0] == [300_000]
        assert speed_inputs(plain)[0] == [[300_000]]
    finally:
        sandbox.close()


def test_list_and_string_ladders_are_doubled_past_their_top_for_the_speed_input_only():
    from semforge.verifiers.python.inputs.scale import MAX_LIST, SPEED_MAX_ITEMS, extend_for_speed, ladders

    lad = ladders([[[[1], [2]], "ab"]])
    lists, texts = lad[0], lad[1]
    top = len(lists.rungs)
    assert extend_for_speed(lists) > 0 and extend_for_speed(texts) > 0
    grown = lists.rungs[-1][1][0]
    # Lists as far as encoding them stays affordable for every variant; strings much further.
    assert len(lists.rungs[top][1][0]) == 2 * MAX_LIST and len(grown) == 4 * MAX_LIST
    assert grown[0] is not grown[len(grown) // 2]  # copies, not the same item twice
    assert len(texts.rungs[-1][1][1]) == SPEED_MAX_ITEMS and lists.rungs[-1][0] == f"len {len(grown)}"
    assert extend_for_speed(ladders([[7]])[0]) == 0  # an int ladder has its own magnitudes


def test_speed_is_timed_past_the_verification_ladders_top_when_that_is_still_fast():
    # One character in 64 looked at: at the string ladder's top (65536 characters) about a
    # thousand steps, far from the millisecond the speed input needs, on any machine.
    from semforge.verifiers import VerifyConfig, verify_pair
    from semforge.verifiers.python.inputs.scale import MAX_STR

    original = "def f(s):\n    return sum(1 for c in s[::64] if c == 'a')\n"
    variant = "def f(s):\n    t = 0\n    for c in s[::64]:\n        t += c == 'a'\n    return t\n"
    verdict = verify_pair(original, variant, "f", [["abca"], ["bb"]], VerifyConfig(examples=60))
    assert verdict.verdict == "equivalent", verdict.reason
    label = verdict.speed_input or ""
    assert "len" in label and "ms per call" in label, label
    assert int(label.split("len ")[1].split()[0]) > MAX_STR, label
