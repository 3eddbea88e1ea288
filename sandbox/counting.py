"""Instruction counts of sandboxed calls: the zygote runs under Valgrind's callgrind.

Wall-clock labels move from one run to the next wherever an effect lies within a few percent of
the band's edge (the machine, where objects landed in memory); counted instructions of the same
calls move far less (on HumanEval+ two thirds of pairs not at all), so two runs label a pair
alike unless it lies near the edge.
PIE (Shypula et al., "Learning Performance-Improving Code Edits") made the same choice for the
same reason, with a simulator. The price: Valgrind runs a program about 50x slower, and a count
weighs every instruction alike (a cache miss costs what an add costs), so it ranks rewrites by
work done, not by time on a given machine.

How a call is counted, and why a program cannot shrink its own count:

* The zygote starts as ``valgrind --tool=callgrind --collect-atstart=yes
  --dump-before=getsid python ...``; its forked children run under the same Valgrind, each
  writing ``cg.<pid>.<n>`` in this sandbox's private directory at every dump.
* The child's ``count`` request calls ``getsid`` (through a reference it took before the
  program loaded) right before and right after the calls: the second dump holds exactly the
  calls.
* The caller counts the child's dumps before and after the request. A program that calls
  ``getsid`` itself adds dumps, and the request is then refused as unmeasurable rather than
  read from the wrong part; one that spawns threads only adds to its count.
* Under Valgrind 3.19 the Landlock rules cannot apply (Valgrind does not know their system
  calls): the children still have the audit hook (no writes outside their directory, no ctypes,
  no process creation), the rlimits and the empty network namespace.
"""

from __future__ import annotations

import os
import re
import shutil

MARKER = "getsid"  # the libc function whose every call dumps the counters
SLOWDOWN = 60  # Valgrind's cost on CPython: per-call limits are multiplied by this
_SUMMARY = re.compile(rb"^summary:\s*(\d+)\s*$", re.M)


UNAVAILABLE = ("instruction counts (timing: instructions) need Valgrind, which is not installed "
               "here: install it (Debian/Ubuntu: apt-get install valgrind) or time by wall "
               "clock (timing='wall', semforge verify --timing wall)")


class CountingUnavailable(RuntimeError):
    """Valgrind is not installed: instruction counts cannot be taken on this machine."""


def valgrind() -> str | None:
    return shutil.which("valgrind")


def command(out_dir: str) -> list[str]:
    """The prefix that starts the zygote under callgrind, dumping into ``out_dir``."""
    exe = valgrind()
    if exe is None:
        raise CountingUnavailable(UNAVAILABLE)
    return [exe, "--tool=callgrind", f"--dump-before={MARKER}",
            "--dump-line=no", "--dump-instr=no", "--collect-systime=no",
            "--error-limit=no", f"--callgrind-out-file={out_dir}/cg.%p"]


def dumps(out_dir: str, pid: int) -> list[str]:
    """The child's numbered dump files so far, in order."""
    prefix = f"cg.{pid}."
    found = []
    for name in os.listdir(out_dir):
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            found.append((int(name[len(prefix):]), name))
    return [os.path.join(out_dir, name) for _, name in sorted(found)]


def summary(path: str) -> int:
    """The instructions (Ir) a dump holds: its header's ``summary:`` line."""
    with open(path, "rb") as fh:
        head = fh.read(4096)
    m = _SUMMARY.search(head)
    if m is None:
        raise ValueError(f"{path}: not a callgrind dump (no summary line)")
    return int(m.group(1))


def discard(paths: list[str]) -> None:
    for p in paths:
        try:
            os.unlink(p)
        except OSError:
            pass
