"""Tricky pairs through the real sandbox: each case is a difference a weak verifier would miss,
or a correct rewrite a too-strict one would reject."""

import json

import pytest

from semforge.verifiers import VerifyConfig, verify_pair, verify_variants

FAST = VerifyConfig(examples=120, measure_speed=False, timeout_s=2.0)


def fn(body: str, sig: str = "f(x)") -> str:
    lines = "\n".join("    " + line for line in body.strip().splitlines())
    return f"def {sig}:\n{lines}\n"


CASES = [
    # (name, original, variant, seed inputs, expected verdict)
    ("boundary-gt-ge", fn("return x > 0"), fn("return x >= 0"), [[5], [9]], "different"),
    ("empty-input", fn("return max(x) if x else 0"), fn("return max(x) if len(x) > 0 else -1"),
     [[[1, 2]]], "different"),
    # Equivalent on lists, but under ``strict`` the original also accepts None (falsy: 0.0)
    # where the variant raises (test_edge_types_only_under_strict).
    ("empty-guard-rewrite", fn("return sum(x) / len(x) if x else 0.0"), fn("return sum(x) / max(len(x), 1)"),
     [[[1.0, 3.0]], [[2.0]]], "different"),
    ("duplicates", fn("return sorted(x)"), fn("return sorted(set(x))"), [[[3, 1, 2]], [[5, 4]]], "different"),
    ("argument-mutation", fn("return sorted(x)"), fn("x.sort()\nreturn x"), [[[3, 1, 2]]], "different"),
    ("stdout", fn("return x * 2"), fn("print(x)\nreturn x * 2"), [[1], [2]], "different"),
    ("exception-type", fn("return [1, 2, 3][x]"), fn("if x >= 3:\n    raise ValueError(x)\nreturn [1, 2, 3][x]"),
     [[0], [1], [2]], "different"),
    ("int-vs-float", fn("return x // 2"), fn("return float(x // 2)"), [[4], [7]], "different"),
    ("int-vs-bool", fn("return 1 if x > 0 else 0"), fn("return x > 0"), [[4], [-7]], "different"),
    ("true-division", fn("return x // 2"), fn("return int(x / 2)"), [[4], [7]], "different"),
    ("dict-order", fn("return {k: len(k) for k in x}"), fn("return {k: len(k) for k in sorted(x)}"),
     [[["b", "a"]], [["zz", "y"]]], "different"),
    ("generator-items", fn("return (i * i for i in range(x))"), fn("return (i * i for i in range(1, x))"),
     [[3], [5]], "different"),
    ("nan", fn("return x > 0.0"), fn("return not x <= 0.0"), [[1.5], [-2.0]], "different"),
    ("correct-rewrite", fn("out = []\nfor v in x:\n    if v % 2 == 0:\n        out.append(v * v)\nreturn out"),
     fn("return [v * v for v in x if v % 2 == 0]"), [[[1, 2, 3, 4]], [[]]], "equivalent"),
    ("generator-same", fn("return (i * i for i in range(x))"), fn("return (i ** 2 for i in range(x))"),
     [[3], [5]], "equivalent"),
    ("variant-syntax-error", fn("return x"), "def f(x)\n    return x\n", [[1]], "different"),
    ("variant-infinite-loop", fn("return x"), fn("while x == 3:\n    pass\nreturn x"), [[1], [2]], "timeout"),
    ("escape-hatch", fn("return x + 1"), "import inspect\n" + fn("return x + 1"), [[1]], "undecided"),
]


# Differences that lie only outside the seeds' domain (``None`` for a list of floats): judged
# under ``strict``; under the default ``typed`` they are equivalent at the typed level only.
STRICT_ONLY = {"empty-guard-rewrite"}


@pytest.mark.parametrize("name,original,variant,seeds,expected", CASES, ids=[c[0] for c in CASES])
def test_tricky_pair(name, original, variant, seeds, expected):
    config = FAST if expected != "timeout" else VerifyConfig(examples=40, measure_speed=False,
                                                            timeout_s=0.5)
    if name in STRICT_ONLY:
        typed = verify_pair(original, variant, "f", seeds, config)
        assert typed.verdict == "equivalent" and typed.equivalence == "typed", typed.reason
        config = VerifyConfig(examples=120, measure_speed=False, policy="strict")
    v = verify_pair(original, variant, "f", seeds, config)
    assert v.verdict == expected, v.reason
    assert v.reason and "\n" not in v.reason
    if expected == "different":
        assert v.counterexample is not None
        cx = json.loads(v.counterexample)
        assert set(cx) >= {"args", "original", "variant"}


# Variants that reach for a frame only on a path no input takes (``x is f``: the function is
# never its own argument). The sandbox refuses frame access when it happens; on a path testing
# never runs, only the static guard keeps such a variant from ``equivalent``.
def dead_branch(body: str) -> str:
    return fn(f"if x is f:\n    {body}\nreturn x + 1")


FRAME_VARIANTS = [
    ("traceback-frame", dead_branch("try:\n        raise ValueError(x)\n    except ValueError as e:\n"
                                    "        return e.__traceback__.tb_frame.f_lineno"), ".tb_frame"),
    ("generator-frame", dead_branch("return (i for i in [x]).gi_frame"), ".gi_frame"),
    ("coroutine-frame", dead_branch("return x.cr_frame"), ".cr_frame"),
    ("async-generator-frame", dead_branch("return x.ag_frame"), ".ag_frame"),
    ("frame-builtins", dead_branch("return x.f_builtins"), ".f_builtins"),
    ("sys-getframe", "import sys\n" + dead_branch("return sys._getframe(0)"), "._getframe"),
]


@pytest.mark.parametrize("name,variant,hatch", FRAME_VARIANTS, ids=[c[0] for c in FRAME_VARIANTS])
def test_a_variant_reaching_for_a_frame_is_undecided(name, variant, hatch):
    v = verify_pair(fn("return x + 1"), variant, "f", [[1], [2]], FAST)
    assert v.verdict == "undecided", v.reason
    assert "agrees on" in v.reason and hatch in v.reason, v.reason


def test_the_same_hatch_in_the_original_is_not_introduced():
    original = dead_branch("return x.gi_frame")
    variant = fn("if x is f:\n    return x.gi_frame\nreturn 1 + x")
    v = verify_pair(original, variant, "f", [[1], [2]], FAST)
    assert v.verdict == "equivalent", v.reason


def test_a_local_named_like_a_frame_function_is_no_hatch():
    """``stack`` reaches a frame only as ``inspect.stack`` (the import is what is guarded)."""
    variant = fn("stack = [x]\nreturn stack.pop() + 1")
    v = verify_pair(fn("return x + 1"), variant, "f", [[1], [2]], FAST)
    assert v.verdict == "equivalent", v.reason


def test_the_guard_lists_are_the_project_hazard_lists():
    from semforge import hazards
    from semforge.verifiers.python.program.static_guard import escape_hatches, nondeterminism_sources

    for attr in sorted(hazards.FRAME_ATTRIBUTES | hazards.INTROSPECTION_ATTRIBUTES):
        assert escape_hatches(f"def f(x):\n    return x.{attr}\n") == {"." + attr}, attr
    for name in sorted(hazards.FRAME_READING_CALLS | hazards.IMPURE_BUILTINS
                       | hazards.REWRITE_SUSPECT_BUILTINS):
        assert escape_hatches(f"def f(x):\n    return {name}(x)\n") == {name}, name
    for module in sorted(hazards.IMPURE_MODULES):
        assert escape_hatches(f"import {module}.sub\nfrom {module} import y\n") == {module}, module
    assert escape_hatches("import sys\ndef f():\n    return sys._getframe(1).f_back\n") == {
        "sys", "._getframe", ".f_back"}
    assert escape_hatches("def f(x:\n") == set()
    for module in sorted(hazards.NONDETERMINISTIC_MODULES):
        assert nondeterminism_sources(f"from {module} import y\n") == {module}, module
    for attr in sorted(hazards.NONDETERMINISTIC_ATTRIBUTES):
        assert nondeterminism_sources(f"def f(r):\n    return r.{attr}()\n") == {"." + attr}, attr
    assert nondeterminism_sources("def f(x):\n    return id(x) + len(x)\n") == {"id"}


def test_float_reassociation_within_tolerance_accepted():
    original = fn("return (a + b) + c", "f(a, b, c)")
    variant = fn("return a + (b + c)", "f(a, b, c)")
    seeds = [[0.1, 0.2, 0.3], [1.0, 2.0, 3.0]]
    # Cancellation makes the rounding error absolute, not relative: the corpus's atol covers it.
    assert verify_variants(original, "f", [variant], seeds, FAST, atol=1e-9)[0].verdict == "equivalent"
    exact = VerifyConfig(examples=120, measure_speed=False, rtol=0.0)
    assert verify_pair(original, variant, "f", seeds, exact).verdict == "different"


def test_smallest_counterexample_is_reported():
    v = verify_pair(fn("return x > 0"), fn("return x >= 0"), "f", [[5]], FAST)
    assert json.loads(v.counterexample)["args"] == "[0]"


@pytest.mark.parametrize("original", [
    fn("import random\nreturn x + random.random()"),
    fn("import time\nreturn time.perf_counter_ns() % 7 + x"),
    fn("return list({str(i) for i in range(x + 5)})"),
], ids=["random", "time", "set-of-strings-order"])
def test_nondeterministic_original_is_undecided(original):
    v = verify_pair(original, original, "f", [[1], [2], [3]], FAST)
    assert v.verdict == "undecided", v.reason
    assert "nondeterministic" in v.reason


def test_variant_relying_on_hash_order_is_rejected():
    original = fn("return sorted({str(i) for i in range(x + 5)})")
    variant = fn("return list({str(i) for i in range(x + 5)})")
    v = verify_pair(original, variant, "f", [[1], [2], [3]], FAST)
    assert v.verdict == "different", v.reason


def test_domain_versus_strict_policy():
    original = fn("if x < 0:\n    raise ValueError('negative')\nreturn x * 2")
    variant = fn("if x < 0:\n    raise TypeError('negative')\nreturn x + x")
    typed = verify_pair(original, variant, "f", [[1], [-1], [3]], FAST)
    strict = verify_pair(original, variant, "f", [[1], [-1], [3]],
                         VerifyConfig(examples=120, measure_speed=False, policy="strict"))
    domain = verify_pair(original, variant, "f", [[1], [-1], [3]],
                         VerifyConfig(examples=120, measure_speed=False, policy="domain"))
    # the original raises on an input of its domain (x < 0): typed compares the exception type
    assert typed.verdict == "different" and typed.policy == "typed"
    assert strict.verdict == "different" and strict.policy == "strict"
    assert domain.verdict == "equivalent" and domain.policy == "domain", domain.reason


def test_domain_policy_with_original_always_raising_is_undecided():
    original = fn("raise ValueError(x)")
    v = verify_pair(original, original, "f", [[1]],
                    VerifyConfig(examples=30, measure_speed=False, policy="domain"))
    assert v.verdict == "undecided", v.reason


def test_original_fails_to_load_gives_error_for_every_variant():
    verdicts = verify_variants("def f(x)\n    return x\n", "f", [fn("return x"), fn("return x + 0")],
                               [[1]], FAST)
    assert [v.verdict for v in verdicts] == ["error", "error"]
    assert all("original" in v.reason for v in verdicts)


def test_missing_entry_point_is_an_error_not_a_crash():
    v = verify_pair(fn("return x", "g(x)"), fn("return x", "g(x)"), "f", [[1]], FAST)
    assert v.verdict == "error", v.reason


def test_verdict_records_seed_examples_and_method():
    v = verify_pair(fn("return x + 1"), fn("return 1 + x"), "f", [[1]],
                    VerifyConfig(examples=50, seed=7, measure_speed=False))
    assert v.verdict == "equivalent", v.reason
    assert (v.seed, v.method, v.policy) == (7, "hypothesis-diff", "typed")
    assert (v.domain, v.equivalence) == ("(x: int)", "strict")
    # The examples budget, plus the scale ladders' rungs (their own, time-bounded budget).
    from semforge.verifiers.python.run.climb import MAX_RUNGS

    assert 0 < v.examples <= 50 + MAX_RUNGS
    assert {"seeds", "boundary", "scale", "probe:alias"} <= set(v.input_classes)
    # Every class a verdict records is one of the registry's (``inputs.INPUT_CLASSES``).
    from semforge.verifiers.python.inputs import INPUT_CLASSES

    assert {c for c in v.input_classes if not c.startswith("probe:")} <= set(INPUT_CLASSES)


def assert_label_fits_interval(v, band: float) -> None:
    """The label says what the measured interval shows: ``faster``/``slower`` only when the
    whole interval lies beyond the band, ``same`` only when it lies inside, none otherwise."""
    low, high = v.speedup_ci
    assert low <= v.speedup <= high, (v.speedup, v.speedup_ci)
    expected = ("faster" if low > 1 + band else "slower" if high < 1 - band
                else "same" if 1 - band <= low and high <= 1 + band else None)
    assert v.perf_label == expected, (v.perf_label, v.speedup_ci, band)


def test_equivalent_pair_gets_a_speed_label():
    v = verify_pair(fn("return sum(x)"), fn("t = 0\nfor v in x:\n    t += v\nreturn t"), "f",
                    [[[1, 2, 3]], [list(range(50))]],
                    VerifyConfig(examples=60, speed_rounds=7))
    assert v.verdict == "equivalent", v.reason
    assert v.timing == "wall"
    assert_label_fits_interval(v, VerifyConfig().speed_band)


def test_hash_seed_sensitivity_is_judged_conservatively():
    """A second hash seed is skipped only where neither the code nor the inputs can make a str,
    bytes or object whose hash varies between processes."""
    from semforge.verifiers.python.inputs import inputs_hold_strings
    from semforge.verifiers.python.program.static_guard import code_may_hash_strings

    ints = [[[3, 1, 2]]]
    assert not inputs_hold_strings(ints) and inputs_hold_strings([[["a", "b"]]])
    assert not code_may_hash_strings(fn('"""Doc."""\nreturn sorted(set(x))'))
    assert not code_may_hash_strings(fn("return list(set(x))"))
    assert code_may_hash_strings(fn("return list({str(i) for i in x})"))
    assert code_may_hash_strings(fn("return list({'%d' % i for i in x})"))
    assert code_may_hash_strings("class A:\n    pass\n" + fn("return {A() for _ in x}"))


def test_real_corpus_task(humaneval_path):
    """HumanEval/124 (valid_date): the seeds alone never probe Feb 29 or month 12; a mutant that
    only differs there must still be caught, and the re-printed solution accepted."""
    import ast
    import gzip

    task = [json.loads(line) for line in gzip.open(humaneval_path, "rt")][124]
    code = task["prompt"] + task["canonical_solution"]
    same = ast.unparse(ast.parse(code))
    wrong = same.replace("if not 1 <= m <= 12:", "if not 0 <= m <= 12:")
    assert wrong != same
    verdicts = verify_variants(code, task["entry_point"], [same, wrong], task["base_input"],
                               VerifyConfig(measure_speed=False))
    assert [v.verdict for v in verdicts] == ["equivalent", "different"], [v.reason for v in verdicts]


def test_edge_types_only_under_strict():
    original, variant = fn("return sum(x) / len(x) if x else 0.0"), fn("return sum(x) / max(len(x), 1)")
    seeds = [[[1.0, 3.0]], [[2.0]]]
    strict_config = VerifyConfig(examples=120, measure_speed=False, policy="strict")
    strict = verify_pair(original, variant, "f", seeds, strict_config)
    assert strict.verdict == "different" and "None" in json.loads(strict.counterexample)["args"]
    assert "types" in (verify_pair(original, original, "f", seeds, strict_config).input_classes or [])
    typed = verify_pair(original, variant, "f", seeds, FAST)  # equivalent on lists of floats
    assert typed.verdict == "equivalent" and typed.equivalence == "typed", typed.reason
    assert "None" in typed.reason  # what differs outside the domain
    domain = verify_pair(original, variant, "f", seeds,
                         VerifyConfig(examples=120, measure_speed=False, policy="domain"))
    assert domain.verdict == "equivalent", domain.reason
    assert "types" not in domain.input_classes


# Hostile variants that agree on every input near the seeds and diverge only far from them.
FAR_AWAY = [
    ("long-list", fn("return sorted(x)"), fn("if len(x) > 3000:\n    return x\nreturn sorted(x)"),
     [[[3, 1, 2]]]),
    ("recursion-depth", fn("t = 0\nfor v in x:\n    t += v\nreturn t"),
     fn("return 0 if not x else x[0] + f(x[1:])"), [[[1, 2, 3]]]),
    ("past-2-53", fn("return x // 3"), fn("return x // 3 if x < 2**53 else int(x / 3)"), [[10], [7]]),
    ("long-string", fn("return x.upper()"), fn("return x.upper() if len(x) < 5000 else x"), [["ab"]]),
]


@pytest.mark.parametrize("name,original,variant,seeds", FAR_AWAY, ids=[c[0] for c in FAR_AWAY])
def test_difference_only_far_from_the_seeds(name, original, variant, seeds):
    verdict = verify_pair(original, variant, "f", seeds, FAST)
    assert verdict.verdict == "different", verdict.reason
    assert "scale" in verify_pair(original, original, "f", seeds, FAST).input_classes


def test_original_failure_at_scale_is_the_reference():
    # The original itself recurses past the limit on long inputs: a variant must raise there too.
    original = fn("return 0 if i >= len(x) else x[i] + f(x, i + 1)", "f(x, i=0)")
    # (a while loop, not ``for v in x[i:]``: that one differs on a negative ``i``, which the
    # inputs passing the optional parameter try)
    loop = fn("t = 0\nwhile i < len(x):\n    t += x[i]\n    i += 1\nreturn t", "f(x, i=0)")
    domain_types = VerifyConfig(examples=120, measure_speed=False, policy="domain")
    verdict = verify_pair(original, loop, "f", [[[1, 2, 3]]], domain_types)
    assert verdict.verdict == "equivalent", verdict.reason  # domain: only where it returns
    from semforge.verifiers.python.run.original import prepare_original
    from semforge.verifiers.python.run.sandboxes import hash_seed_sandboxes

    config = VerifyConfig(examples=40, measure_speed=False)
    run = prepare_original(original, "f", [[[1, 2, 3]]], config, hash_seed_sandboxes(config), 0.0)
    scaled = [run.outcomes[0][i] for i in run.scale]
    assert any(o.get("exc_type") == "RecursionError" for o in scaled)  # kept as the reference
    assert verify_pair(original, loop, "f", [[[1, 2, 3]]], config).verdict == "different"
    assert verify_pair(original, original, "f", [[[1, 2, 3]]], FAST).verdict == "equivalent"


@pytest.mark.parametrize("variant,kind", [
    (fn("return x"), "alias"),                                      # the caller's own object
    ("_c = {}\n" + fn("return _c.setdefault(len(x), list(x))"), "alias"),  # a cache handing out its objects
    (fn("acc.extend(x)\nreturn list(acc)", "f(x, acc=[])"), "defaults"),   # a default that keeps state
])
def test_identity_and_state_probes(variant, kind):
    # The same signature as the variant's (an added parameter alone is a difference).
    original = fn("return list(x)", "f(x, acc=None)" if kind == "defaults" else "f(x)")
    verdict = verify_pair(original, variant, "f", [[[1, 2]], [[3]]],
                          VerifyConfig(examples=60, measure_speed=False, policy="domain"))
    assert verdict.verdict == "different", verdict.reason
    assert f"{kind} probe" in verdict.reason or "inputs differ" in verdict.reason


def test_harness_cannot_be_fooled_by_shadowed_builtins():
    # A variant that shadows the names a naive harness would use still shows the aliasing.
    variant = "type = len\nlist = tuple\n" + fn("return x")
    verdict = verify_pair(fn("return [*x]"), variant, "f", [[[1, 2]]],
                          VerifyConfig(examples=60, measure_speed=False, policy="domain"))
    assert verdict.verdict == "different", verdict.reason


def test_signed_zero_and_its_mode_are_recorded():
    original, variant = fn("return -x"), fn("return 0 - x")
    strict = verify_pair(original, variant, "f", [[1.5]], FAST)
    assert strict.verdict == "different" and "zero-sign=kept" in strict.tolerance
    relaxed = verify_pair(original, variant, "f", [[1.5]],
                          VerifyConfig(examples=60, measure_speed=False, signed_zero=False))
    assert relaxed.verdict == "equivalent" and "zero-sign=ignored" in relaxed.tolerance


def test_speed_is_measured_on_a_scaled_input():
    original = fn("out = []\nfor v in x:\n    out.append(v * 2)\nreturn out")
    variant = fn("return [v * 2 for v in x]")
    verdict = verify_pair(original, variant, "f", [[[1, 2, 3]]], VerifyConfig(examples=60))
    assert verdict.verdict == "equivalent", verdict.reason
    assert verdict.speed_input and "len" in verdict.speed_input and "ms per call" in verdict.speed_input
    assert_label_fits_interval(verdict, VerifyConfig().speed_band)


NEST = """def nest(n: int):
    x = []
    for _ in range(n % 200):
        x = [x]
    return x
"""


def test_results_differing_only_past_the_depth_limit_are_different():
    """Past max_depth (50) the encoder digests a value in full instead of cutting it, so inputs
    nested 60 to 199 deep are compared, not dropped: a variant one level deeper there only (the
    difference at depth 60 and more) was `equivalent` when that part was cut; the same lists built
    from the top down stay `equivalent`."""
    renamed = NEST.replace("x", "acc")
    top_down = ("def nest(n: int):\n    top = cur = []\n    for _ in range(n % 200):\n"
                "        cur.append([])\n        cur = cur[0]\n    return top\n")
    deeper = NEST.replace("x = []", "x = [] if n % 200 < 60 else [[]]")
    good, built, bad = verify_variants(NEST, "nest", [renamed, top_down, deeper], [[3], [60], [120]],
                                       VerifyConfig(measure_speed=False))
    assert good.verdict == "equivalent" and "dropped" not in good.reason, good.reason
    assert built.verdict == "equivalent", built.reason
    assert bad.verdict == "different", bad.reason
    assert "return value" + "[0]" * 51 + ": ['truncated', 'sha256:" in bad.reason  # the digests


def test_output_past_the_encoding_bounds_is_dropped_not_called_nondeterministic():
    """A value the encoder cannot compare exactly (here a Python function, however deep) holds a
    cut with a fresh nonce, so the original's two runs never agree there. That input has no
    comparable behaviour (it is dropped, like a timeout); it once made every variant
    `undecided` as if the original were nondeterministic."""
    original = NEST.replace("x = []", "x = [] if n % 200 < 100 else [lambda: n]")
    renamed = original.replace("x", "acc")
    wrong_deep = original.replace("return x", "return x if n % 200 < 40 else [[]]")
    good, bad = verify_variants(original, "nest", [renamed, wrong_deep], [[3], [60], [120]],
                                VerifyConfig(measure_speed=False))
    assert good.verdict == "equivalent", good.reason
    assert "dropped (too large in original)" in good.reason
    assert bad.verdict == "different", bad.reason  # caught where no cut is, at 40 to 99


def test_timing_sessions_are_pinned_to_one_cpu_and_only_our_own():
    """Both timing sessions share one CPU (so they share its load); a pid that is not a
    zygote child of this process (a session could report any) is never pinned."""
    import os

    from semforge.sandbox import Sandbox
    from semforge.verifiers.python.measure import timing

    if not hasattr(os, "sched_setaffinity"):
        pytest.skip("no sched_setaffinity on this platform")
    before = os.sched_getaffinity(0)
    sandbox = Sandbox()
    a, b = sandbox.open(fn("return x"), "f"), sandbox.open(fn("return x"), "f")
    try:
        assert timing.pin_together((a, b))
        pinned = {frozenset(os.sched_getaffinity(s.pid)) for s in (a, b)}
        assert len(pinned) == 1 and len(next(iter(pinned))) == 1, pinned
        assert next(iter(pinned)) <= before

        class Liar:
            pid = os.getpid()  # this very process: pinning it would be someone else's business

        assert not timing.pin_together((Liar(),))
        assert os.sched_getaffinity(0) == before
    finally:
        a.close()
        b.close()
        sandbox.close()


def test_fast_verified_inputs_are_timed_in_several_passes_per_round():
    """A round of a few microseconds is timer noise: the inputs are passed over several times."""
    import re

    verdict = verify_pair(fn("return x + 1"), fn("return 1 + x"), "f", [[5], [12]],
                          VerifyConfig(examples=40))
    assert verdict.verdict == "equivalent", verdict.reason
    found = re.fullmatch(r"(\d+) verified inputs x(\d+) \(([\d.]+) ms per round\)", verdict.speed_input or "")
    assert found and int(found.group(2)) > 1, verdict.speed_input
    assert_label_fits_interval(verdict, VerifyConfig().speed_band)


def test_more_rounds_only_while_the_interval_crosses_an_edge_of_the_band():
    from semforge.sandbox import Sandbox
    from semforge.verifiers.python.measure import timing
    from semforge.verifiers.speed import block_interval, perf_label

    sandbox = Sandbox()
    try:
        code = fn("return sum(range(x))")
        speed = timing.measure(sandbox, code, code, "f", [[3000]] * 20, 6, 0.05)
        assert speed is not None and 6 <= speed.rounds <= 18 and speed.rounds % 6 == 0
        lo, hi = speed.ci
        crosses = lo < 0.95 < hi or lo < 1.05 < hi
        # Stopped early only with an interval that clears both edges or lies inside the band;
        # one that still crosses an edge at the limit gets no label.
        assert speed.rounds == 18 or not crosses, (speed.rounds, speed.ci)
        assert speed.label == perf_label(lo, hi, 0.05)
        assert (speed.label is None) == crosses
        # The interval holds the blocks' own spread: every block ratio, 2 rounds each.
        assert len(speed.blocks) == speed.rounds // 2
        assert lo <= block_interval(list(speed.blocks))[0]
    finally:
        sandbox.close()


def test_measure_times_in_as_many_blocks_as_asked():
    """``blocks`` sets how the rounds split into fresh pairs of sessions (label_stability.py
    compares such settings): 12 rounds in 6 blocks are 6 block ratios of 2 rounds each."""
    from semforge.sandbox import Sandbox
    from semforge.verifiers.python.measure import timing

    sandbox = Sandbox()
    try:
        code = fn("return sum(range(x))")
        speed = timing.measure(sandbox, code, code, "f", [[3000]] * 20, 12, 0.05,
                               max_rounds=12, blocks=6)
        assert speed is not None and speed.rounds == 12
        assert len(speed.blocks) == 6
        fewer = timing.measure(sandbox, code, code, "f", [[3000]] * 20, 12, 0.05,
                               max_rounds=12, blocks=2)
        assert fewer is not None and len(fewer.blocks) == 2
    finally:
        sandbox.close()
