"""A variant's own constants become inputs: a wrong branch behind a value only the variant
names (``n == 7919``, ``len(xs) > 20000``, ``"zq" in s``) is taken. Each variant below was
``equivalent`` under the ``domain`` policy before these inputs."""

from __future__ import annotations

import pytest

from semforge.verifiers import VerifyConfig, verify_pair
from semforge.verifiers.python.inputs import directed_inputs
from semforge.verifiers.python.program.facts import novel_constants

DOMAIN = VerifyConfig(examples=150, measure_speed=False, policy="domain")


def fn(body: str, sig: str = "f(x)") -> str:
    return f"def {sig}:\n" + "".join(f"    {line}\n" for line in body.splitlines())


def test_constants_are_folded_and_only_the_variants_own_count():
    original = fn("return x % 7 + 1")
    variant = fn("if x == 10**4 or x == -3 or x == 1 << 20:\n    return 0\nreturn x % 7 + 1 + 0.0 * len('zq')")
    assert novel_constants(original, variant) == [10000, -3, 1048576, 0, 0.0, "zq"]
    assert novel_constants(original, original) == []
    assert novel_constants(original, fn("return x % 7 + 1 if x != int('7919') else 0")) == [7919, 0]
    # a huge power is not folded (nor computed): its operands are the constants
    assert novel_constants(fn("return 2 ** 10**9"), fn("return 2 ** 10**9 + 2")) == []


def test_placements_fit_each_argument_of_the_constants_type():
    original = fn("return len(xs) + n", "f(xs, n, s)")
    variant = fn("return len(xs) + n if len(xs) < 5 else 13", "f(xs, n, s)")
    inputs = directed_inputs(original, variant, [[[1, 2], 3, "ab"]], known=set())
    assert [[1, 2], 5, "ab"] in inputs and [[1, 2], 4, "ab"] in inputs  # 5 and its neighbours
    assert [[1, 2, 1, 2, 1], 3, "ab"] in inputs  # 5 as a length
    assert [[5, 2], 3, "ab"] in inputs  # 5 as an item
    assert all(len(a) == 3 for a in inputs)
    assert directed_inputs(original, original, [[[1, 2], 3, "ab"]], known=set()) == []


HIDDEN = [
    ("magic-int", fn("return n % 7", "f(n)"), fn("return 0 if n == 7919 else n % 7", "f(n)"), [[10], [22]]),
    ("magic-float", fn("return x * 3"), fn("return 1.0 if x == 0.3 else x * 3"), [[1.5], [2.0]]),
    ("magic-substring", fn("return s.upper()", "f(s)"), fn("return s if 'zq' in s else s.upper()", "f(s)"),
     [["abc"], ["hello"]]),
    ("length-threshold", fn("return sum(l)", "f(l)"),
     fn("return sum(l) if len(l) < 20000 else sum(l[:-1])", "f(l)"), [[[1, 2, 3]]]),
    ("magic-length", fn("return max(l)", "f(l)"), fn("return min(l) if len(l) == 13 else max(l)", "f(l)"),
     [[[3, 1, 2]], [[5, 9]]]),
]


@pytest.mark.parametrize("name,original,variant,seeds", HIDDEN, ids=[h[0] for h in HIDDEN])
def test_a_branch_behind_the_variants_own_constant_is_found(name, original, variant, seeds):
    verdict = verify_pair(original, variant, "f", seeds, DOMAIN)
    assert verdict.verdict == "different", verdict.reason
    assert "variant's own constants" in verdict.reason


def test_an_equivalent_variant_with_constants_of_its_own_stays_equivalent():
    # The branch is right where it is taken: the directed inputs run, and agree.
    original = fn("return n % 7", "f(n)")
    variant = fn("if n == 7919:\n    return 2\nreturn n % 7", "f(n)")
    verdict = verify_pair(original, variant, "f", [[10], [22]], DOMAIN)
    assert verdict.verdict == "equivalent", verdict.reason
    assert "variant-constants" in verdict.input_classes
