"""Running one program on many inputs in the sandbox, one session for as long as it lives."""

from __future__ import annotations

from ..compare.describe import describe
from ..program.in_module import read_outcome, runnable

CHUNK = 64
# Every timeout costs a whole ``timeout_s`` and a restarted session. Inputs run smallest-first,
# so once a program has timed out this often the remaining (larger) inputs are not tried.
MAX_TIMEOUTS = 3


class ProgramRun:
    """One program fed inputs in order, in one session for as long as it lives: a session that
    dies (timeout, crash) is replaced and work resumes after the input that killed it."""

    def __init__(self, sandbox, code: str, entry_point: str):
        self.sandbox, self.code, self.entry_point = sandbox, code, entry_point
        self.session = sandbox.open(*runnable(code, entry_point))
        self.load: dict = self.session.load
        self.timeouts = 0

    @property
    def loaded(self) -> bool:
        return self.load.get("kind") == "return"

    def run(self, inputs: list[list], max_timeouts: int | None = None, pad: int = 0,
            blobs: list[bytes] | None = None) -> list[dict]:
        """Outcomes of a prefix of ``inputs``: all of them, unless this program's timeouts (all
        runs counted) reach ``max_timeouts``. If it cannot be reloaded the rest are crashes.
        ``pad``: each call's arguments are built after ``pad`` other objects (``run/address.py``).
        ``blobs``: the inputs already pickled, one per input (``OriginalRun.blobs``)."""
        outcomes: list[dict] = []
        while len(outcomes) < len(inputs):
            if max_timeouts is not None and self.timeouts >= max_timeouts:
                break
            if not self.session.alive:
                self.session.close()
                self.session = self.sandbox.open(*runnable(self.code, self.entry_point))
                if self.session.load.get("kind") != "return":
                    lost = {"kind": "crash", "reason": f"could not reload: {describe(self.session.load)}"}
                    outcomes.extend([lost] * (len(inputs) - len(outcomes)))
                    break
            start = len(outcomes)
            batch = self.session.call_many(inputs[start: start + CHUNK], pad,
                                           None if blobs is None else blobs[start: start + CHUNK])
            if not batch:  # the sandbox gave nothing back for this input: count it lost
                batch = [{"kind": "crash", "reason": "no outcome returned"}]
            # The first timeout or crash ends the session; the calls after it did not run and
            # go again in a fresh session.
            for k, o in enumerate(batch):
                if o.get("kind") in ("timeout", "crash"):
                    batch = batch[: k + 1]
                    break
            outcomes.extend(read_outcome(self.code, o) for o in batch)
            self.timeouts += sum(o.get("kind") == "timeout" for o in batch)
        return outcomes[: len(inputs)]

    def close(self) -> None:
        self.session.close()


def run_inputs(sandbox, code: str, entry_point: str, inputs: list[list],
               max_timeouts: int | None = None,
               blobs: list[bytes] | None = None) -> tuple[dict, list[dict]]:
    """(load outcome, outcomes of a prefix of the inputs) in a fresh session (see ProgramRun)."""
    program = ProgramRun(sandbox, code, entry_point)
    try:
        return program.load, (program.run(inputs, max_timeouts, blobs=blobs) if program.loaded else [])
    finally:
        program.close()
