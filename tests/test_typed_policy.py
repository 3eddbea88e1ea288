"""The typed policy through the real sandbox: the domain decides what is judged, what lies
outside it only the level; slower variants keep their pairs; recursion is vouched for by
measurement, or not."""

from __future__ import annotations

from semforge.verifiers import VerifyConfig, verify_pair

FAST = VerifyConfig(examples=120, measure_speed=False)
SEEDS = [[[3, 1, 2]], [[5, 4, 4]]]


def test_a_rewrite_relying_on_the_domain_is_typed_and_one_that_does_not_is_strict():
    original = "def f(xs):\n    return [x + 1 for x in xs]\n"
    bound = "def f(xs):\n    return list(map((1).__add__, xs))\n"  # NotImplemented for a float
    same = "def f(xs):\n    out = []\n    for x in xs:\n        out.append(x + 1)\n    return out\n"
    v = verify_pair(original, bound, "f", SEEDS, FAST)
    assert (v.verdict, v.equivalence, v.domain) == ("equivalent", "typed", "(xs: list[int])")
    assert "inside the domain only" in v.reason
    w = verify_pair(original, same, "f", SEEDS, FAST)
    assert (w.verdict, w.equivalence) == ("equivalent", "strict"), w.reason
    # under strict the first is different (a float among the items); a level is never a verdict
    s = verify_pair(original, bound, "f", SEEDS, VerifyConfig(examples=120, measure_speed=False,
                                                              policy="strict"))
    assert s.verdict == "different" and s.equivalence is None


def test_a_stated_domain_is_what_is_judged():
    original = "def f(x):\n    return x * 2\n"
    variant = "def f(x):\n    return x << 1\n"  # ints only
    assert verify_pair(original, variant, "f", [[3]], FAST, domain="(x: int)").equivalence == "typed"
    # a float domain: 1.5 << 1 raises where 1.5 * 2 returns
    assert verify_pair(original, variant, "f", [[3]], FAST, domain="(x: int | float)").verdict == "different"
    bad = verify_pair(original, variant, "f", [[3]], FAST, domain="x: int")
    assert bad.verdict == "error" and "bad domain" in bad.reason


def test_a_renamed_parameter_is_typed_not_different():
    original = "def f(lst):\n    return sorted(lst)\n"
    renamed = "def f(nums):\n    return sorted(nums)\n"
    v = verify_pair(original, renamed, "f", SEEDS, FAST)
    assert (v.verdict, v.equivalence) == ("equivalent", "typed") and "signature" in v.reason


def test_a_slower_variant_is_kept_with_a_bound():
    original = "def f(xs):\n    return len(set(xs))\n"
    quadratic = "def f(xs):\n    return len([x for i, x in enumerate(xs) if x not in xs[:i]])\n"
    v = verify_pair(original, quadratic, "f", [[[1, 2, 3, 2]], [[4, 5]]], VerifyConfig())
    assert v.verdict == "equivalent", v.reason
    assert v.perf_label == "slower" and v.speedup is not None and v.speedup < 1


def test_a_hang_near_the_seeds_is_still_a_timeout():
    original = "def f(xs):\n    return len(xs)\n"
    hangs = "def f(xs):\n    while len(xs) == 3:\n        pass\n    return len(xs)\n"
    v = verify_pair(original, hangs, "f", [[[1, 2]], [[4]]],
                    VerifyConfig(examples=40, measure_speed=False, timeout_s=0.5))
    assert v.verdict == "timeout", v.reason


def test_logarithmic_recursion_is_vouched_for_and_linear_is_not():
    loop = ("def f(xs, t):\n    lo, hi = 0, len(xs)\n    while lo < hi:\n        m = (lo + hi) // 2\n"
            "        if xs[m] < t:\n            lo = m + 1\n        else:\n            hi = m\n    return lo\n")
    halving = ("def f(xs, t):\n    def go(lo, hi):\n        if lo >= hi:\n            return lo\n"
               "        m = (lo + hi) // 2\n        return go(m + 1, hi) if xs[m] < t else go(lo, m)\n"
               "    return go(0, len(xs))\n")
    seeds = [[[1, 3, 5, 7], 4], [[2, 2, 9], 2]]
    v = verify_pair(loop, halving, "f", seeds, FAST)
    assert v.verdict == "equivalent" and "frames deep" in v.reason, v.reason
    quadratic = ("def f(xs):\n    t = 0\n    for i in range(len(xs)):\n        for j in range(len(xs)):\n"
                 "            t += xs[i] * (i == j)\n    return t\n")
    linear = "def f(xs):\n    def go(i):\n        return 0 if i == len(xs) else xs[i] + go(i + 1)\n    return go(0)\n"
    w = verify_pair(quadratic, linear, "f", [[[1, 2, 3]], [[4, 5]]], FAST)
    assert w.verdict in ("undecided", "different"), w.reason
