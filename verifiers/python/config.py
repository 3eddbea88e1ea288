"""What the Python verifier is told and what it answers: its settings, the Verdict, and the
original's run that every variant of it is compared against (``original_run.py`` makes it)."""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass, field

from .compare import Tolerance, summary
from .input_keys import input_key, show
from .probes import Probe

METHOD = "hypothesis-diff"


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
HASH_CHECK_INPUTS = 64


@dataclass
class VerifyConfig:
    examples: int = 200          # inputs run per pair: seed inputs first, then generated ones
    seed: int = 0                # Hypothesis seed (derandomized); recorded in the verdict
    timeout_s: float = 2.0       # wall clock per call
    memory_mb: int = 512
    policy: str = "strict"       # "strict": exception types must match; "domain": returns only
    rtol: float = 1e-9
    atol: float = 0.0            # the corpus's atol (e.g. EvalPlus) is max()-ed with this
    measure_speed: bool = True
    speed_band: float = 0.05     # |speedup-1| within band -> "same"
    speed_rounds: int = 15
    timing: str = "wall"         # "wall": interleaved rounds; "instructions": callgrind counts
    crosshair: bool = False      # CrossHair proposes inputs for pairs that pass (crosshair_check.py)
    crosshair_budget_s: float = 5.0  # wall clock per pair for CrossHair, start-up included
    signed_zero: bool = True     # -0.0 != 0.0; False: compared as equal (recorded in the verdict)
    scale: bool = True           # climb the scale ladders (scale_inputs.py) on the original
    scale_budget_ms: float = 12.0  # cost of the scale inputs kept (calls + encoding), summed
    probes: int = 16             # behaviour probes per pair (probes.py); 0: none


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


@dataclass
class Counted:
    """What timing="instructions" counts the original on, found once per original."""

    inputs: list[list]  # the calls of one counted round
    label: str  # the verdict's speed_input
    counts: list[int]  # the original's instructions per counted round
    unverified: list | None = None  # a rung the verification did not run: compared first
    want: dict | None = None  # the original's outcome there, once run


@dataclass
class OriginalRun:
    """What every variant of one original is compared against."""

    inputs: list[list] = field(default_factory=list)        # kept inputs
    outcomes: list[list[dict]] = field(default_factory=list)  # per hash seed, per kept input
    failure: Verdict | None = None                           # set when no variant can be judged
    note: str = ""                                            # dropped-input counts, for reasons
    classes: list[str] = field(default_factory=list)          # input class of each kept input
    scale: dict[int, str] = field(default_factory=dict)       # kept index -> "arg 0 (list) len 4096"
    rungs: dict[int, tuple[int, int]] = field(default_factory=dict)  # kept index -> (ladder, rung)
    ladders: list = field(default_factory=list)               # the scale ladders (scale_inputs.py)
    speed: tuple | None = None                                # (args, outcome, label), once found
    probes: list[Probe] = field(default_factory=list)         # behaviour probes kept
    probe_outcomes: list[dict] = field(default_factory=list)  # the original's, one per probe
    hashy_inputs: bool = False  # whether a kept input holds a str or bytes
    load_output: tuple = ("", "")  # what the original printed while loading (stdout, stderr)
    counted: Counted | None = None  # timing="instructions" (speed_input.counted_inputs)
    # The original's outcomes (one per hash seed) on inputs outside the shared set that some
    # variant brought (its own constants, CrossHair's proposals), by input key.
    extra: dict = field(default_factory=dict)
    _keys: frozenset | None = field(default=None, repr=False, compare=False)

    def input_keys(self) -> frozenset[str]:
        """``input_key`` of every kept input, computed once per original (every variant asks,
        and keying a few hundred inputs costs milliseconds; ``inputs`` never changes after
        ``prepare_original``)."""
        if self._keys is None:
            self._keys = frozenset(input_key(a) for a in self.inputs)
        return self._keys


def _verdict(kind: str, reason: str, config: VerifyConfig, t0: float, examples: int = 0,
             counterexample: str | None = None) -> Verdict:
    return Verdict(kind, reason, counterexample, examples, config.seed, METHOD, config.policy,
                   round(time.perf_counter() - t0, 4), tolerance=_tolerance(config).describe())


def _tolerance(config: VerifyConfig, atol: float = 0.0) -> Tolerance:
    return Tolerance(config.rtol, max(config.atol, atol or 0.0), config.signed_zero)


def _counterexample(args: list, orig: dict, var: dict, hash_seed: int | None = None,
                    second: str = "variant") -> str:
    payload = {"args": show(args), "original": summary(orig), second: summary(var)}
    if hash_seed is not None:
        payload["hash_seed"] = hash_seed
    return json.dumps(payload, default=repr)
