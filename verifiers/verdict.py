"""The verdict on one (original, variant) pair: what every verifier answers (the Python verifier,
``python/``, and the CUDA one, ``cuda/``), one per variant."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Verdict:
    verdict: str                 # equivalent | different | error | timeout | undecided
    reason: str                  # one line
    counterexample: str | None   # JSON: {"args", "original", "variant"}
    examples: int                # inputs run
    seed: int
    method: str
    policy: str
    seconds: float
    speedup: float | None = None
    speedup_ci: list[float] | None = None
    perf_label: str | None = None
    timing: str | None = None
    input_classes: list[str] | None = None  # the classes of the inputs compared (INPUT_CLASSES)
    tolerance: str | None = None            # the float comparison mode, e.g. Tolerance.describe()
    speed_input: str | None = None          # what speed was measured on (size, time per call)
    domain: str | None = None               # the input domain judged on (semforge.domain notation)
    # The strongest level the pair was found equivalent at: "strict" (every input tried, of any
    # type) or "typed" (the domain's inputs only); None unless equivalent.
    equivalence: str | None = None
