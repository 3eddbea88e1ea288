"""How the scale climb predicts the original's time at the next rung (``verifiers/python/run/climb.py``)."""

from semforge.verifiers.python.run.climb import RUNG_CAP_NS, _predict


def test_one_noisy_time_between_close_rungs_does_not_end_a_flat_ladder():
    # ``x // 3`` up the int ladder: about a microsecond everywhere, but 2**33 was preempted
    # (1.6 us against 1.0 us). From the two close rungs alone alpha is 0.7, forced to 1 for
    # the jump to 2**54: a predicted 3 s ended the ladder before the rungs past 2**53.
    times = [(2.0 ** 7, 1000), (2.0 ** 12, 900), (2.0 ** 22, 1100), (2.0 ** 32, 1000),
             (2.0 ** 33, 1600)]
    assert _predict(times, 2.0 ** 54) < RUNG_CAP_NS


def test_growth_seen_across_the_ladder_still_stops_it():
    # A loop up to n: small times, but they grow with n over the whole ladder.
    times = [(2.0 ** 7, 500), (2.0 ** 9, 1900), (2.0 ** 11, 7600)]
    assert _predict(times, 2.0 ** 31) > 10 * RUNG_CAP_NS


def test_times_above_the_noise_floor_use_the_last_two_rungs():
    # Flat, then quadratic: the recent slope, not the ladder-wide one, predicts the next rung.
    times = [(100.0, 50_000), (1000.0, 50_000), (2000.0, 200_000)]
    assert _predict(times, 4000.0) == 800_000.0
