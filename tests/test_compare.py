"""Behaviour comparison on encoded outcomes (pure functions, no sandbox)."""

import math

from semforge.verifiers.python.compare.diff import EXACT, Tolerance, diff_outcomes, diff_values, floats_close


def f(x):
    return ["float", float(x).hex()]


def i(x):
    return ["int", str(x)]


def ret(value, **kw):
    return {"kind": "return", "value": value, "exc_type": None, "stdout": "", "stderr": "",
            "args_after": None, **kw}


def test_int_float_bool_are_different_types():
    assert diff_values(i(1), f(1.0)) is not None
    assert diff_values(i(1), ["bool", True]) is not None
    assert diff_values(f(1.0), ["bool", True]) is not None
    assert diff_values(i(1), i(1)) is None


def test_float_tolerance_and_nan():
    tol = Tolerance(rtol=1e-9)
    assert diff_values(f(0.1 + 0.2), f(0.3), tol) is None
    assert diff_values(f(0.3), f(0.31), tol) is not None
    assert diff_values(f(math.nan), f(math.nan), tol) is None
    assert diff_values(f(math.nan), f(0.0), tol) is not None
    assert diff_values(f(math.inf), f(-math.inf), tol) is not None
    assert diff_values(f(1.0), f(1.05), Tolerance(0, 0.1)) is None
    assert not floats_close(1.0, 1.0 + 1e-12, EXACT)


def test_containers_recursive():
    a = ["list", [i(1), ["tuple", [f(2.0), ["str", "x"]]]]]
    b = ["list", [i(1), ["tuple", [f(2.0), ["str", "y"]]]]]
    assert "[1][1]" in diff_values(a, b)
    assert diff_values(["list", [i(1)]], ["tuple", [i(1)]]) is not None
    assert "length" in diff_values(["list", [i(1)]], ["list", [i(1), i(1)]])


def test_sets_any_order_and_tolerant_matching():
    assert diff_values(["set", [i(1), i(2)]], ["set", [i(2), i(1)]]) is None
    assert diff_values(["set", [i(1), i(2)]], ["set", [i(1), i(3)]]) is not None
    assert diff_values(["set", [f(0.1 + 0.2)]], ["set", [f(0.3)]], Tolerance(1e-9)) is None
    assert diff_values(["set", [i(1)]], ["frozenset", [i(1)]]) is not None


def test_dict_insertion_order_is_behaviour():
    a = ["dict", [[["str", "a"], i(1)], [["str", "b"], i(2)]]]
    b = ["dict", [[["str", "b"], i(2)], [["str", "a"], i(1)]]]
    assert "insertion order" in diff_values(a, b)
    assert diff_values(a, a) is None


def test_generators_items_and_exhaustion():
    assert diff_values(["gen", [i(1)], True], ["gen", [i(1)], True]) is None
    assert diff_values(["gen", [i(1)], True], ["gen", [i(1)], False]) is not None
    assert diff_values(["gen", [i(1)], True], ["gen", [i(2)], True]) is not None


def test_objects_by_class_and_state():
    a = ["obj", "m.P", ["dict", [[["str", "x"], i(1)]]]]
    assert diff_values(a, a) is None
    assert diff_values(a, ["obj", "m.Q", a[2]]) is not None
    assert diff_values(a, ["obj", "m.P", ["dict", [[["str", "x"], i(2)]]]]) is not None
    assert diff_values(["repr", "<A at 0x7fabcdef>"], ["repr", "<A at 0x7f123456>"]) is None


def test_outcome_kinds_and_exception_types():
    assert diff_outcomes(ret(i(1)), {"kind": "raise", "exc_type": "ValueError"}) is not None
    a = {"kind": "raise", "exc_type": "ValueError", "exc_msg": "x"}
    assert diff_outcomes(a, {**a, "exc_msg": "other message"}) is None
    assert "IndexError" in diff_outcomes(a, {**a, "exc_type": "IndexError"})
    assert diff_outcomes(ret(i(1)), {"kind": "timeout"}) is not None


def test_stdout_and_argument_mutation_are_behaviour():
    assert "stdout" in diff_outcomes(ret(i(1), stdout="hi\n"), ret(i(1), stdout=""))
    a = ret(["none"], args_after=[["list", [i(1), i(2)]]])
    b = ret(["none"], args_after=[["list", [i(2), i(1)]]])
    assert "argument 0" in diff_outcomes(a, b)
    assert diff_outcomes(a, a) is None


def test_stderr_line_numbers_ignored():
    a = ret(i(1), stderr="<prog>:3: DeprecationWarning: x\n")
    b = ret(i(1), stderr="<prog>:7: DeprecationWarning: x\n")
    assert diff_outcomes(a, b) is None
    assert diff_outcomes(a, ret(i(1), stderr="")) is not None


def test_builtin_subclass_payload_compared():
    a = ["obj", "m.X", ["dict", []], ["int", "1"]]
    assert diff_values(a, a) is None
    assert diff_values(a, ["obj", "m.X", ["dict", []], ["int", "2"]]) is not None
    assert diff_values(a, ["int", "1"]) is not None
    assert diff_values(["float", "nan"], ["float", "nan"]) is None
    assert diff_values(["float", "inf"], ["float", "-inf"]) is not None


# Speed labels (verifiers/speed.py): pure parts.

def test_speed_label_needs_the_whole_interval_outside_the_band():
    from semforge.verifiers.python.measure.timing import pick_timing_inputs
    from semforge.verifiers.speed import bootstrap_ratio, perf_label

    slow = [200, 210, 190, 205, 195, 200, 202]
    fast = [100, 105, 95, 102, 98, 100, 101]
    point, lo, hi = bootstrap_ratio(slow, fast, seed=0)
    assert 1.9 < point < 2.1 and lo <= point <= hi
    assert perf_label(lo, hi, 0.05) == "faster"
    assert perf_label(*bootstrap_ratio(fast, slow)[1:], 0.05) == "slower"
    # "same" is a claim too: the whole interval inside the band. Across an edge: no label.
    assert perf_label(0.96, 1.04, 0.05) == "same"
    assert perf_label(0.95, 1.05, 0.05) == "same"
    assert perf_label(0.9, 1.2, 0.05) is None
    assert perf_label(1.04, 1.3, 0.05) is None
    assert perf_label(0.8, 0.96, 0.05) is None
    assert bootstrap_ratio(slow, fast, seed=3) == bootstrap_ratio(slow, fast, seed=3)
    assert pick_timing_inputs([[1], [2], [3]], [5, 5, 5], budget_ns=10) == [[1], [2]]
    assert pick_timing_inputs([[1], [2]], [50, 1], budget_ns=10) == [[1]]


def test_paired_ratio_cancels_drift_that_both_programs_share():
    from semforge.verifiers.speed import bootstrap_ratio, paired_ratio, perf_label

    # The machine's speed swings by 2x from round to round; in every round the variant takes
    # half the original's time (within 1%). Paired, that is a clear 2x; side by side, noise.
    drift = [100, 210, 120, 190, 105, 200, 115, 195, 110, 205, 100, 185, 120, 210, 130]
    orig = [d * 1000 for d in drift]
    var = [d * 500 * (1 + 0.01 * ((i % 3) - 1)) for i, d in enumerate(drift)]
    point, lo, hi = paired_ratio(orig, var)
    assert 1.97 < lo <= point <= hi < 2.03
    _, b_lo, b_hi = bootstrap_ratio(orig, var)
    assert b_hi - b_lo > 5 * (hi - lo)
    # No shared drift and no difference: an interval around 1, inside the band.
    same = [1000 + (i * 37) % 11 for i in range(15)]
    assert perf_label(*paired_ratio(same, same[::-1])[1:], 0.05) == "same"


def test_block_interval_widens_with_blocks_that_disagree():
    from semforge.verifiers.speed import block_interval

    lo, hi = block_interval([0.80, 0.81, 0.79, 0.80, 0.80])
    assert 0.78 < lo < 0.80 < hi < 0.82
    # One block on the other side of 1: the interval widens to the band's edge and beyond.
    lo, hi = block_interval([0.80, 0.81, 0.79, 0.80, 1.10])
    assert lo < 0.78 and hi > 0.95
    # More blocks with the same spread: a narrower interval.
    few = block_interval([0.9, 1.0, 0.95])
    many = block_interval([0.9, 1.0, 0.95] * 4)
    assert few[0] < many[0] and many[1] < few[1]
    assert block_interval([0.9]) == (0.0, float("inf"))


def test_signed_zero_is_a_value_unless_the_mode_says_otherwise():
    assert not floats_close(-0.0, 0.0, Tolerance())
    assert not floats_close(0.0, -0.0, Tolerance(atol=1e-6))  # a tolerance is not a sign mode
    assert floats_close(-0.0, -0.0, Tolerance())
    assert floats_close(-0.0, 0.0, Tolerance(signed_zero=False))
    assert diff_values(f(-0.0), f(0.0)) is not None
    assert diff_values(["complex", (-0.0).hex(), "0x0p+0"], ["complex", "0x0p+0", "0x0p+0"]) is not None
    assert Tolerance(1e-9, 0.0, False).describe() == "rtol=1e-09 atol=0 zero-sign=ignored"
