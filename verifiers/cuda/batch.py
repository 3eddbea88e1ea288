"""Judge many ``language: pytorch`` pairs (``semforge verify``): grouped by original so that the
reference runs once per group; one result dict per pair, in the CLI's output format."""

from __future__ import annotations

from typing import Any, Callable

from .config import TorchVerifyConfig
from .verify import verify_pytorch_variants


def judge_pairs(pairs: dict[int, dict], config: TorchVerifyConfig,
                done: Callable[[int], None] = lambda n: None) -> dict[int, dict[str, Any]]:
    groups: dict[str, list[int]] = {}
    for i, pair in pairs.items():
        groups.setdefault(pair["original"], []).append(i)
    out: dict[int, dict[str, Any]] = {}
    for original, lines in groups.items():
        try:
            verdicts = verify_pytorch_variants(original, [pairs[i]["variant"] for i in lines], config)
        except Exception as exc:  # never lose a line
            verdicts = [None] * len(lines)
            failure = f"verifier failed: {type(exc).__name__}: {exc}"[:300]
        for i, v in zip(lines, verdicts):
            if v is None:
                out[i] = {"id": pairs[i].get("id"), "verdict": "error", "reason": failure,
                          "counterexample": None, "examples": 0, "seconds": 0.0}
                continue
            line = {"id": pairs[i].get("id"), "verdict": v.verdict, "reason": v.reason,
                    "counterexample": v.counterexample, "examples": v.examples,
                    "seconds": v.seconds, "method": v.method, "seed": v.seed}
            if v.speedup is not None:
                line.update(speedup=v.speedup, speedup_ci=v.speedup_ci, perf_label=v.perf_label,
                            timing=v.timing)
            out[i] = line
        done(len(lines))
    return out
