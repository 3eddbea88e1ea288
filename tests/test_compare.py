"""Behaviour comparison on encoded outcomes (pure functions, no sandbox)."""

import math

from semforge.verifiers.compare import EXACT, Tolerance, diff_outcomes, diff_values, floats_close


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


# Speed labels (verifiers/timing.py): pure parts.

def test_speed_label_needs_the_whole_interval_outside_the_band():
    from semforge.verifiers.timing import bootstrap_ratio, perf_label, pick_timing_inputs

    slow = [200, 210, 190, 205, 195, 200, 202]
    fast = [100, 105, 95, 102, 98, 100, 101]
    point, lo, hi = bootstrap_ratio(slow, fast, seed=0)
    assert 1.9 < point < 2.1 and lo <= point <= hi
    assert perf_label(lo, hi, 0.05) == "faster"
    assert perf_label(*bootstrap_ratio(fast, slow)[1:], 0.05) == "slower"
    assert perf_label(0.9, 1.2, 0.05) == "same"  # straddles the band: no claim
    assert perf_label(1.04, 1.3, 0.05) == "same"
    assert bootstrap_ratio(slow, fast, seed=3) == bootstrap_ratio(slow, fast, seed=3)
    assert pick_timing_inputs([[1], [2], [3]], [5, 5, 5], budget_ns=10) == [[1], [2]]
    assert pick_timing_inputs([[1], [2]], [50, 1], budget_ns=10) == [[1]]


def test_signed_zero_is_a_value_unless_the_mode_says_otherwise():
    assert not floats_close(-0.0, 0.0, Tolerance())
    assert not floats_close(0.0, -0.0, Tolerance(atol=1e-6))  # a tolerance is not a sign mode
    assert floats_close(-0.0, -0.0, Tolerance())
    assert floats_close(-0.0, 0.0, Tolerance(signed_zero=False))
    assert diff_values(f(-0.0), f(0.0)) is not None
    assert diff_values(["complex", (-0.0).hex(), "0x0p+0"], ["complex", "0x0p+0", "0x0p+0"]) is not None
    assert Tolerance(1e-9, 0.0, False).describe() == "rtol=1e-09 atol=0 zero-sign=ignored"
