"""How the Python verifier answers: a ``Verdict`` made from the settings, the reason and the
time spent, and the counterexample a verdict carries (the input and both outcomes, bounded)."""

from __future__ import annotations

import json
import time

from ..verdict import Verdict
from .compare.describe import summary
from .compare.diff import Tolerance
from .config import VerifyConfig
from .inputs import show

METHOD = "hypothesis-diff"


def new_verdict(kind: str, reason: str, config: VerifyConfig, t0: float, examples: int = 0,
                counterexample: str | None = None) -> Verdict:
    return Verdict(kind, reason, counterexample, examples, config.seed, METHOD, config.policy,
                   round(time.perf_counter() - t0, 4), tolerance=tolerance_of(config).describe())


def tolerance_of(config: VerifyConfig, atol: float = 0.0) -> Tolerance:
    return Tolerance(config.rtol, max(config.atol, atol or 0.0), config.signed_zero)


def counterexample_json(args: list, orig: dict, var: dict, hash_seed: int | None = None,
                        second: str = "variant") -> str:
    payload = {"args": show(args), "original": summary(orig), second: summary(var)}
    if hash_seed is not None:
        payload["hash_seed"] = hash_seed
    return json.dumps(payload, default=repr)
