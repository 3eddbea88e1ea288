"""The variant-yield benchmark's bookkeeping: passes merged by variant, agreement by distance."""

from semforge.verifiers.label_agreement import agreement_by_distance, merge_passes


def _row(code_hash, label, speedup):
    return {"code_hash": code_hash, "perf_label": label, "speedup": speedup,
            "speedup_ci": [speedup * 0.98, speedup * 1.02], "speed_input": "len 8"}


def _result(rows):
    return {"source_id": "HumanEval/0", "rows": rows, "rule_errors": [], "generate_s": 1.0,
            "verify_s": 2.0}


def test_merge_passes_lines_up_each_variant_and_reports_one_that_changed():
    first = _result([_row("a", "slower", 0.80), _row("b", "same", 1.0)])
    second = _result([_row("a", None, 0.94), _row("c", "same", 1.0)])
    merged = merge_passes([[first], [second]])[0]
    assert merged["rows"][0]["labels"] == ["slower", None]
    assert [s[0] for s in merged["rows"][0]["speedups"]] == [0.80, 0.94]
    assert merged["rows"][1]["labels"] == ["same"]  # "c" is another variant: not merged
    assert any("differs between passes" in e for e in merged["rule_errors"])
    assert merged["verify_s"] == 4.0


def test_agreement_by_distance_counts_only_pairs_that_far_past_an_edge():
    rows = [
        {"labels": ["slower", None], "speedups": [[0.94, None, ""], [0.945, None, ""]]},
        {"labels": ["slower", "slower"], "speedups": [[0.80, None, ""], [0.81, None, ""]]},
        {"labels": ["faster", "faster"], "speedups": [[1.30, None, ""], [1.28, None, ""]]},
        {"labels": ["same", "same"], "speedups": [[1.0, None, ""], [1.0, None, ""]]},
        {"labels": ["faster", None], "speedups": [[1.06, None, ""], [None, None, None]]},
    ]
    got = {d: (agree, labelled) for d, agree, labelled in agreement_by_distance(rows, 0.05)}
    assert got[0.0] == (2, 3)   # the 0.94 pair lies just past the edge and disagrees
    assert got[0.02] == (2, 2)  # ...but not 2% past it; the untimed run is left out
    assert got[0.08] == (2, 2)
