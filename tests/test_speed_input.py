"""Which scaled input speed is measured on (verifiers/speed_input.py): the choice must not
follow timing noise, or a second run times the same pair on another input and labels it
otherwise."""

from types import SimpleNamespace

from semforge.verifiers.speed_input import SPEED_MIN_NS, _exercising_ladder, find_speed_input

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


def test_lowest_rung_at_the_target_not_the_highest_reached():
    # The verification climb reached rung 3 in this run (4 ms) and might stop at rung 2 in the
    # next; both runs must time rung 2, the first at SPEED_MIN_NS.
    assert SPEED_MIN_NS == MS
    rungs = {0: (0, 0), 1: (0, 1), 2: (0, 2), 3: (0, 3)}
    args, outcome, label = find_speed_input(_run(rungs, [0.25, 0.5, 1.1, 4.0]), "", "f", None, None)
    assert args == ["input 2"] and label == "ladder 0 rung 2"
    shorter = find_speed_input(_run({k: v for k, v in rungs.items() if k < 3},
                                    [0.25, 0.5, 1.1]), "", "f", None, None)
    assert shorter[0] == args
