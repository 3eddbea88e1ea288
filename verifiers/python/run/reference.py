"""What every variant of one original is compared against (``OriginalRun``, made once per original
by ``original.py``), and what timing="instructions" counts the original on (``Counted``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...verdict import Verdict
from ..inputs import input_key
from ..probes import Probe


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
    ladders: list = field(default_factory=list)               # the scale ladders (inputs/scale.py)
    speed: tuple | None = None                                # (args, outcome, label), once found
    probes: list[Probe] = field(default_factory=list)         # behaviour probes kept
    probe_outcomes: list[dict] = field(default_factory=list)  # the original's, one per probe
    hashy_inputs: bool = False  # whether a kept input holds a str or bytes
    load_output: tuple = ("", "")  # what the original printed while loading (stdout, stderr)
    counted: Counted | None = None  # timing="instructions" (speed_input.counted_inputs)
    # The original's outcomes (one per hash seed) on inputs outside the shared set that some
    # variant brought (its own constants, CrossHair's proposals), by input key.
    extra: dict = field(default_factory=dict)
    # The ``typed`` policy: the domain the inputs above lie in (``semforge.domain.Domain``), and
    # what only the strict level compares (``judge/level.py``): the inputs outside it, with the
    # original's outcomes per hash seed, and the probes that call with other types or by keyword.
    domain: object = None
    outside: list[list] = field(default_factory=list)
    outside_outcomes: list[list[dict]] = field(default_factory=list)
    outside_probes: list[Probe] = field(default_factory=list)
    outside_probe_outcomes: list[dict] = field(default_factory=list)
    # Kept inputs holding a NaN checked again before a variant was rejected there
    # (``address.CONFIRM_PADS``): those whose outcome moved (never compared again), and those
    # where it held.
    unstable: set = field(default_factory=set)
    stable: set = field(default_factory=set)
    _keys: frozenset | None = field(default=None, repr=False, compare=False)
    _blobs: dict | None = field(default=None, repr=False, compare=False)

    def input_keys(self) -> frozenset[str]:
        """``input_key`` of every kept input, computed once per original (every variant asks,
        and keying a few hundred inputs costs milliseconds; ``inputs`` never changes after
        ``prepare_original``)."""
        if self._keys is None:
            self._keys = frozenset(input_key(a) for a in self.inputs)
        return self._keys

    def blobs(self, inputs: list[list]) -> list[bytes]:
        """``inputs`` pickled for the sandbox (``sandbox.arg_pickle.dumps_args``), each kept input
        and input outside the domain pickled once per original: every variant sends the same
        ones, under each hash seed. Keyed by identity, which is safe because this run holds
        every keyed list for as long as it lives (and none is changed after
        ``prepare_original``); any other list is pickled anew."""
        from semforge.sandbox.arg_pickle import dumps_args

        if self._blobs is None:
            self._blobs = {id(a): dumps_args(list(a)) for a in (*self.inputs, *self.outside)}
        known = self._blobs
        return [known.get(id(a)) or dumps_args(list(a)) for a in inputs]
