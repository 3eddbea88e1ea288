"""Confinement for a trusted tool's own process, for work a zygote child cannot do.

A zygote child refuses ``sys.settrace`` and ``ctypes``; a tool that explores untrusted code with
them (CrossHair: a tracer, and z3 through ctypes) runs in a fresh interpreter instead, started
with :func:`command`, and confines *itself* with the sandbox's own primitives, in the same order
as a zygote child, and more (ctypes stays reachable there)::

    # the first process: trusted imports, then
    prepared = tool.prepare()
    tool.die_with_parent(prepared, parent_pid)       # the pid the caller passed down
    namespaces, capset = tool.unshare_namespaces()   # empty network; own PID namespace
    pid = tool.fork_tied(prepared)                   # the child is the PID namespace's init
    # in the child:
    confinement = tool.confine(result_fd, workdir, limits, prepared, namespaces, capset, parent)
    violations = tool.guard(workdir, prepared, let_through=frozenset({"sys.settrace"}))
    # ... load the untrusted programs, write the report to tool.CHANNEL_FD, os._exit

:func:`confine`: own process group, fds 0-2 on /dev/null, ``result_fd`` moved to
:data:`CHANNEL_FD` and every other fd closed, a private directory, Landlock (writes only beneath
it, no execve, no signals or ptrace out), parent-death signal, no core dumps, rlimits (memory,
CPU, file size, files), then every capability dropped, so even code that got past the audit hook
through ctypes cannot leave the namespaces, lift the limits or mount anything. :func:`guard`:
the audit hook and module stubs of a zygote child, with the named events let through.

The caller kills such a process (and, through the PID namespace, all it started) at its budget,
and treats what it reports as untrusted.
"""

from __future__ import annotations

import os
import sys

from semforge.sandbox import _child, _guard

CHANNEL_FD = _child.CHANNEL_FD
_CLONE_NEWNET = 0x40000000
_CLONE_NEWPID = 0x20000000
_PR_CAPBSET_DROP = 24
_PR_SET_PDEATHSIG = 1
_PR_CAP_AMBIENT = 47
_PR_CAP_AMBIENT_CLEAR_ALL = 4
_CAP_VERSION_3 = 0x20080522
_SIGKILL = 9

# Runs a script by path as ``__main__`` without importing any package it sits in (a verifier's
# package would bring its whole public API, Hypothesis included, into the confined process).
_BOOT = "import runpy, sys\nscript = sys.argv.pop(1)\nrunpy.run_path(script, run_name='__main__')\n"


def command(script: str, *args: str) -> list[str]:
    """The command line that runs the tool script ``script`` (a file path) with ``args``; inside
    it, ``sys.argv[1:]`` is ``args``. The script imports the sandbox as ``semforge.sandbox``."""
    return [sys.executable, "-c", _BOOT, script, *args]


def prepare() -> dict:
    """What confinement needs, built before anything untrusted is loaded (libc entry points,
    guard stubs, trusted code roots, the output writer): as a zygote prepares its children."""
    return _child.prepare()


def die_with_parent(prepared: dict, parent: int | None = None) -> None:
    """Get SIGKILL when the parent dies; exit at once if it already has. ``parent``: the pid
    the parent gave (its ``os.getpid()``); read here instead, a parent killed before this
    process got this far would already read as the reaper that adopted it."""
    parent = os.getppid() if parent is None else parent
    _arm_death_signal(prepared)
    if os.getppid() != parent:
        os._exit(71)


def _arm_death_signal(prepared: dict) -> None:
    if prepared["prctl"] is not None:
        prepared["prctl"](_PR_SET_PDEATHSIG, _SIGKILL, 0, 0, 0)


_held: list[int] = []  # write ends of fork_tied's pipes, open for this process's life


def fork_tied(prepared: dict) -> int:
    """``os.fork()`` for a child that must not outlive this process, even as the init of a new
    PID namespace (which sees no parent: ``getppid()`` is 0 there, so the check of
    :func:`die_with_parent` cannot work). The child arms its parent-death signal before
    returning, then checks a pipe whose write end only this process holds: at EOF the parent
    died before the signal was armed, and the child exits. Without it, a child still importing
    when its parent was killed lived on (seen once in a full test run under load)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(w)
        _arm_death_signal(prepared)
        import select

        gone = select.select([r], [], [], 0)[0]
        os.close(r)
        if gone:
            os._exit(71)
        return 0
    os.close(r)
    _held.append(w)  # never written, closed by the kernel when this process dies
    return pid


def unshare_namespaces() -> tuple[str, object]:
    """Unshare the network and PID namespaces (as far as allowed); return (what, capset).

    The network namespace is empty, as the zygote's. After a new PID namespace, the next child
    forked is its init: killing it kills everything it may have started."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return "", None
    done = []
    for flag, name in ((_CLONE_NEWNET, "netns"), (_CLONE_NEWPID, "pidns")):
        if libc.unshare(flag) == 0:
            done.append(name)
    return ",".join(done), getattr(libc, "capset", None)


def drop_capabilities(capset, prctl) -> bool:
    """Give up every capability, for good: a program that got around the audit hook (ctypes may
    be loaded in a tool process) still cannot leave the namespaces, raise its limits or mount
    anything. True when the effective set is empty afterwards."""
    import ctypes

    if capset is None or prctl is None:
        return False
    for cap in range(64):
        prctl(_PR_CAPBSET_DROP, cap, 0, 0, 0)
    prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0)
    header = (ctypes.c_uint32 * 2)(_CAP_VERSION_3, 0)
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable (x2): all empty
    if capset(header, data) != 0:
        return False
    with open("/proc/self/status") as fh:
        eff = [line.split()[1] for line in fh if line.startswith("CapEff:")]
    return bool(eff) and int(eff[0], 16) == 0


def confine(result_fd: int, workdir: str, limits: dict, prepared: dict, namespaces: str,
            capset, parent: int) -> str:
    """Confine this process as a zygote child is confined, then drop every capability.

    ``limits``: ``memory_mb``, ``cpu_s``, ``file_mb``, ``max_files``, ``max_procs``.
    ``parent``: the pid of the process that forked this one (it must still be alive, unless this
    process is a PID namespace's init, which sees no parent). Returns what applied, e.g.
    ``"pdeathsig,nodump,landlock-abi6,netns,pidns,nocaps"``."""
    applied = _child._confine(result_fd, workdir, limits, prepared)
    # The parent-death signal is armed now; if the parent already died, stop. (A PID namespace's
    # init sees no parent: there the caller kills it by pid.)
    if "pidns" not in namespaces and os.getppid() != parent:
        os._exit(71)
    nocaps = drop_capabilities(capset, prepared["prctl"])
    return ",".join(x for x in (applied, namespaces, "nocaps" if nocaps else "") if x)


def guard(workdir: str, prepared: dict, let_through: frozenset = frozenset()) -> list:
    """Install a zygote child's audit hook (events in ``let_through`` pass) and module stubs.

    Returns the list the hook appends one line to per refusal. Call it last, right before the
    untrusted code loads: from here on imports of ctypes and friends are refused."""
    violations: list = []
    sys.addaudithook(_filtered_guard_hook(workdir, violations, prepared["trust"], let_through))
    _guard.disarm_modules(prepared["stubs"])
    return violations


def _filtered_guard_hook(workdir: str, violations: list, trust, let_through: frozenset):
    """The guard's audit hook behind a filter that lets ``let_through`` pass.

    The guard finds the code that raised an event at a fixed depth below its hook (to trust
    installed code, refuse the program); the filter adds one frame, so the guard is built with a
    ``_getframe`` that looks that much deeper (two: the filter and this shim)."""
    real_getframe = sys._getframe

    def deeper(depth: int = 0):
        return real_getframe(depth + 2)

    sys._getframe = deeper
    try:
        hook, _ = _guard.make_audit_hook(workdir, violations, trust)
    finally:
        sys._getframe = real_getframe

    def filtered(event, args):
        if event not in let_through:
            hook(event, args)

    return filtered
