"""``harness(code, entry_point)``: a program's source with the probe harness appended.

The harness is ``_harness.py``, kept as a Python module of its own (it parses, lints and can be
tested in-process) and read here as text, once. After it comes one line that passes its
parameters as literals: the entry point's name, the sentinel the harness appends to mutable
results, how many steps a lazy probe takes, and how many changed calls a history probe sends in
full. The sandbox then runs the result like any program, with ``ENTRY`` as its entry point: in
three parts (``Harnessed.parts``), the harness's compiled once here rather than in every session.
"""

from __future__ import annotations

from pathlib import Path

from ..program.in_module import runnable

ENTRY = "__sf_probe__"
SENTINEL = "\x00semforge-probe"
LAZY_STEPS = 40
HISTORY_CHANGES = 200     # later calls whose outcome changed, sent in full (then only where)

_SOURCE = (Path(__file__).parent / "_harness.py").read_text(encoding="utf-8")
# Compiled once: compiling the harness took 3 ms of every probe session, more than the probes.
# Named like the program it follows, so the sandbox trusts it no more than the program.
_COMPILED = compile(_SOURCE, "<program>", "exec")


class Harnessed(str):
    """The program with the harness appended, as text (what the static checks and a reader
    see), and as the ``parts`` a sandbox session loads in order: the program's source, the
    harness compiled once in this process, the line that installs it."""

    parts: tuple


def harness(code: str, entry_point: str) -> str:
    """``code`` with the probe harness appended (its entry point is ``ENTRY``). The harness looks
    the entry point up when a probe runs, as a caller would. A function of real code
    (``program.in_module.ProgramText``) brings the program it runs in."""
    code, entry_point = runnable(code, entry_point)
    install = (f"{ENTRY} = __sf_install({entry_point!r}, {SENTINEL!r}, {LAZY_STEPS!r}, "
               f"{HISTORY_CHANGES!r})\n")
    # A program with no trailing newline, or one that ends inside an indented block: start a
    # fresh top-level line.
    out = Harnessed(code.rstrip("\n") + "\n\n\n" + _SOURCE.rstrip("\n") + "\n\n\n" + install)
    out.parts = (code, _COMPILED, install)
    return out
