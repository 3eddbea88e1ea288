"""The input generators (verifiers/sampler.py): deterministic, within their bounds, Hypothesis's
empty-strategy rules, and the biases the mutation modules rely on."""

import math

from semforge.verifiers.python.inputs import sampler as st
from semforge.verifiers.python.inputs.drawing import draw


def values(strategy, n=2000, seed=0):
    return draw(strategy, n, seed)


def test_same_seed_same_values_other_seed_other_values():
    s = st.one_of(st.integers(-5, 500), st.text(max_size=6), st.lists(st.floats(-1, 1), max_size=4))
    assert repr(values(s, 300, 7)) == repr(values(s, 300, 7))
    assert repr(values(s, 300, 7)) != repr(values(s, 300, 8))


def test_bounds_are_respected():
    ints = values(st.integers(-3, 1000))
    assert min(ints) == -3 and max(ints) == 1000  # both ends are drawn, often
    assert all(-3 <= x <= 1000 for x in ints)
    assert ints.count(0) > len(ints) / 100  # zero, and small magnitudes, more often than uniform
    floats = values(st.floats(-2.5, 1e9, allow_nan=False))
    assert all(-2.5 <= x <= 1e9 and not math.isnan(x) for x in floats)
    assert any(x == -0.0 and math.copysign(1, x) < 0 for x in floats)
    assert any(0 < abs(x) < 1 for x in floats) and any(x > 1e6 for x in floats)
    sizes = [len(x) for x in values(st.lists(st.just(1), min_size=2, max_size=9))]
    assert min(sizes) == 2 and max(sizes) == 9
    assert all(len(t) <= 4 for t in values(st.text(max_size=4)))
    assert all(len(b) <= 3 and isinstance(b, bytes) for b in values(st.binary(max_size=3)))
    assert all(abs(c) <= 10 for c in values(st.complex_numbers(max_magnitude=10, allow_nan=False)))


def test_unbounded_floats_reach_the_extremes():
    drawn = values(st.floats(), 4000)
    assert any(math.isnan(x) for x in drawn) and math.inf in drawn and -math.inf in drawn
    assert 5e-324 in drawn  # the smallest subnormal


def test_text_mixes_ascii_with_the_rest_of_unicode_and_no_surrogates():
    chars = "".join(values(st.text(max_size=20), 3000))
    assert any(c.isascii() for c in chars) and any(ord(c) > 0xFFFF for c in chars)
    assert any(c in "ßİ٣\u2028\u0301" for c in chars)
    assert not any(0xD800 <= ord(c) <= 0xDFFF for c in chars)
    capped = "".join(values(st.text(st.characters(codec="utf-8", max_codepoint=0x2FF), max_size=8)))
    assert capped and max(map(ord, capped)) <= 0x2FF


def test_empty_strategies_follow_hypothesis():
    assert st.sampled_from([]).empty
    assert st.tuples(st.integers(0, 1), st.sampled_from([])).empty
    assert st.sampled_from([]).map(str).empty
    assert values(st.sampled_from([])) == []
    # one_of skips an empty branch; lists of an empty element draw only [].
    assert set(values(st.one_of(st.sampled_from([]), st.just(3)), 50)) == {3}
    assert {repr(x) for x in values(st.lists(st.sampled_from([])), 50)} == {"[]"}
    assert st.lists(st.sampled_from([]), min_size=1).empty


def test_sets_and_dicts_leave_out_unhashable_elements():
    mixed = st.one_of(st.integers(0, 3), st.just([1]))
    for s in values(st.sets(mixed, max_size=6), 300):
        assert isinstance(s, set) and all(isinstance(x, int) for x in s)
    for d in values(st.dictionaries(mixed, st.integers(), max_size=6), 300):
        assert isinstance(d, dict) and all(isinstance(k, int) for k in d)


def test_a_map_that_raises_skips_that_example():
    picky = st.integers(0, 9).map(lambda x: 10 // x)  # ZeroDivisionError on 0
    drawn = values(picky, 100)
    assert len(drawn) == 100 and 10 in drawn and all(x in {10 // k for k in range(1, 10)} for x in drawn)
    # Giving up after as many failures as examples asked for: never an endless loop.
    assert values(st.just(0).map(lambda x: 1 // x), 10) == []


def test_permutations_and_one_of_with_a_list():
    perms = values(st.permutations([1, 2, 3]), 200)
    assert {tuple(p) for p in perms} == {(1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)}
    assert set(values(st.one_of([st.just("a"), st.just("b")]), 100)) == {"a", "b"}
    assert set(values(st.booleans(), 100)) == {False, True}
    assert values(st.none(), 3) == [None, None, None]


def test_a_hypothesis_strategy_is_still_drawn_through_hypothesis():
    from hypothesis import strategies as hst

    drawn = draw(hst.integers(0, 3), 20, 0)
    assert drawn and all(0 <= x <= 3 for x in drawn)
