"""Realistic rewrites with known labels, for checking a verifier: the kind of change an LLM or a
refactoring makes (``cases.py``: every case's class, programs, seed inputs and, for a
non-equivalent one, a witness expression that tells the two apart).

    from semforge.verifiers.realistic import CASES, FAST, witness_shows

``witness_shows(case)`` checks a case's label in plain Python before any verifier is asked.
``typed`` holds model-style rewrites whose labels depend on the seed's input domain, with their
own checks (``typed.checks``).
The benchmark (``benchmarks/realistic_rewrites.py``) runs all of them through the verifier; the
test suite runs ``FAST``.
"""

from __future__ import annotations

import signal

from . import typed
from .cases import CASES, FAST, Case


class _Timeout(Exception):
    pass


def _observe(code: str, entry: str, witness: str, seconds: float = 5.0):
    """What the witness expression gives on ``code`` in plain Python: (type name, repr) of the
    value, or ("raise", exception type). Runs in this process: the cases are ours, not untrusted."""
    ns: dict = {"__name__": "__case__"}
    exec(compile(code, "<case>", "exec"), ns)
    ns["f"] = ns[entry]

    def alarm(*_):
        raise _Timeout

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        value = eval(witness, ns)
        return (type(value).__name__, repr(value), _list_types(value))
    except _Timeout:
        return ("timeout", "")
    except BaseException as e:  # noqa: BLE001 - RecursionError, OverflowError are behaviour
        return ("raise", type(e).__name__)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _list_types(value) -> str:
    if isinstance(value, (list, tuple)):
        return ",".join(type(x).__name__ for x in value[:50])
    return ""


def witness_shows(case: Case) -> tuple[bool, str]:
    """Whether the witness tells the two programs apart in plain Python, and both results."""
    a = _observe(case.original, case.entry, case.witness)
    b = _observe(case.variant, case.entry, case.witness)
    return a != b, f"original {a[:2]}, variant {b[:2]}"


__all__ = ["CASES", "FAST", "Case", "typed", "witness_shows"]
