"""The run's speed counts: every timed row is counted once, under its label or as undecided."""

from __future__ import annotations

from semforge.pipeline.config import VerifySettings
from semforge.pipeline.steps import Verify
from semforge.record import Seed
from semforge.transforms.compose import Variant

CODE = "def total(xs):\n    t = 0\n    for x in xs:\n        t += x\n    return t\n"


def test_every_timed_row_is_counted_once_under_its_label_or_as_undecided():
    seed = Seed(source="test", source_id="0", entry_point="total", code=CODE,
                inputs=[[[1, 2, 3]], [list(range(200))]])
    variants = [Variant(CODE.replace("t = 0", "t = 0\n    n = 0"), ["test"]),
                Variant("def total(xs):\n    return sum(xs)\n", ["test"]),
                Variant(CODE.replace("t += x", "t = t + x"), ["test"])]
    # A band of 0: no interval can lie inside it, so each row is faster, slower or unlabelled
    # (an interval across 1), and at least the two near-identical variants are very likely the
    # last kind.
    # (wall clock: equal instruction counts would make an interval of exactly 1, `same`)
    verify = Verify(VerifySettings(examples=30, speed_band=0.0, speed_rounds=6, timing="wall"),
                    "digest")
    rows = verify.rows(seed, variants)
    stats = verify.stats
    timed = [r for r in rows if r["speedup"] is not None]
    assert timed and all(r["verdict"] == "equivalent" for r in rows), [r["verification"] for r in rows]
    counts = {k: stats.counters[f"perf_{k}"] for k in ("faster", "slower", "same", "undecided")}
    assert sum(counts.values()) == len(timed), counts
    assert counts["same"] == 0
    assert counts["undecided"] == sum(r["perf_label"] is None for r in timed)
    for r in timed:  # (the bounds are rounded to 4 places: hence >= and <=)
        lo, hi = r["speedup_ci"]
        label = r["perf_label"]
        assert (lo >= 1 if label == "faster" else hi <= 1 if label == "slower" else lo <= 1 <= hi), r
