"""What the Python verifier is told: its settings (``VerifyConfig``), and the two hash seeds the
original runs under."""

from __future__ import annotations

import os
import random
from dataclasses import dataclass


def _hash_seeds() -> tuple[int, int]:
    """Two hash seeds: differences between them expose reliance on set/dict order of str keys.
    Drawn anew in every process, so that a variant cannot carry the set orders of known seeds
    and behave only under them (it could, with fixed seeds); ``SEMFORGE_HASH_SEEDS=A,B`` fixes
    them to reproduce a verdict."""
    fixed = os.environ.get("SEMFORGE_HASH_SEEDS", "")
    try:
        a, b = (int(x) for x in fixed.split(","))
        if a != b and 0 <= a < 2**32 and 0 <= b < 2**32:
            return a, b
    except ValueError:
        pass
    a, b = random.SystemRandom().sample(range(1, 2**32), 2)
    return a, b


HASH_SEEDS = _hash_seeds()
POLICIES = ("typed", "strict", "domain")
HASH_CHECK_INPUTS = 64


@dataclass
class VerifyConfig:
    examples: int = 200          # inputs run per pair: seed inputs first, then generated ones
    seed: int = 0                # Hypothesis seed (derandomized); recorded in the verdict
    timeout_s: float = 2.0       # wall clock per call
    memory_mb: int = 512
    # "typed": every input of the seed's domain, exception types matched; what lies outside the
    # domain only decides whether the pair is equivalent at "strict" too. "strict": every input
    # counts. "domain": only the domain's inputs where the original returns.
    policy: str = "typed"
    rtol: float = 1e-9
    atol: float = 0.0            # the corpus's atol (e.g. EvalPlus) is max()-ed with this
    measure_speed: bool = True
    speed_band: float = 0.05     # |speedup-1| within band -> "same"
    speed_rounds: int = 15
    timing: str = "wall"         # "wall": interleaved rounds; "instructions": callgrind counts
    crosshair: bool = False      # CrossHair proposes inputs for pairs that pass (judge/crosshair.py)
    crosshair_budget_s: float = 5.0  # wall clock per pair for CrossHair, start-up included
    signed_zero: bool = True     # -0.0 != 0.0; False: compared as equal (recorded in the verdict)
    scale: bool = True           # climb the scale ladders (inputs/scale.py) on the original
    scale_budget_ms: float = 12.0  # cost of the scale inputs kept (calls + encoding), summed
    probes: int = 16             # behaviour probes per pair (probes/); 0: none
