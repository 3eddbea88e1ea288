"""The sandbox: run untrusted Python in confined processes and get back what it did, as data.

Verifiers use it only through the names below; everything else in this package is internal.

Start a worker, run calls with limits, read encoded outcomes, shut down::

    from semforge.sandbox import Limits, shared_sandbox

    sandbox = shared_sandbox(Limits(timeout_s=2.0, memory_mb=512))  # a warm zygote, per limits
    with sandbox.open(code, "add") as session:        # a confined child running one program
        if session.load["kind"] == "return":          # the program loaded, "add" is callable
            outcomes = session.call_many([[1, 2], [3, 4]])   # one outcome dict per call
            times = session.time_calls([[1, 2]], rounds=5)   # per-round nanoseconds
    sandbox.close()                                   # (shared sandboxes also close at exit)

``Limits``
    Per-call wall clock and CPU time, memory, output, file size, open files, the hash seed of the
    zygote, and the encoding's bounds (``max_items``, ``max_depth``).
``Sandbox`` / ``shared_sandbox(limits)`` / ``close_shared_sandboxes()``
    A zygote process that forks confined children one ahead; ``shared_sandbox`` gives one per
    process and distinct limits, ``close_shared_sandboxes`` stops them (the next call starts
    anew). ``Sandbox.open(code, entry_point) -> Session``; ``code`` is source, or a list of
    parts loaded in order into one module, each source or a code object compiled by the caller
    (compiled once for a part many sessions load).
``Session``
    One child running one program: ``load`` (the loading outcome), ``call``, ``call_many``,
    ``time_calls``, ``close``; ``confinement`` names the kernel rules applied, ``failure`` the
    outcome that ended it.
Outcomes
    Dicts with the keys ``OUTCOME_KEYS``; ``kind`` is one of ``KINDS`` (``return``, ``raise``,
    ``timeout``, ``crash``, ``load_error``). Nothing a program does raises in the caller.
    ``value`` and ``args_after`` are trees of :mod:`semforge.sandbox.encoding` (``encode``
    builds the same tree in the caller's process, to compare against). Arguments a call left
    unchanged are encoded by the caller, once per distinct argument list (``unchanged.py``).
``SandboxError``
    The machinery itself failed (the zygote could not start); never a program's outcome.
``default_root()`` / ``remove_stale_dirs(root, prefix)``
    Where confined processes keep private directories, and the sweep of those left by killed
    processes.
:mod:`semforge.sandbox.tool`
    For a trusted tool that cannot run in a zygote child (it needs ``sys.settrace`` or
    ``ctypes``, as CrossHair does): start it by path, and confine its own process the same way.

What a child may not do, and how that is enforced, is on the caller's side in ``client.py``
(the zygote, ``Sandbox``), ``session.py`` (one child's session; it reaches its sandbox only
through ``session.ChildOwner``), ``limits.py`` and ``replies.py`` (what a reply may hold); and in
the processes, in ``_zygote.py``, ``_child.py`` and ``_guard.py`` (kernel rules and the audit
hook).

This ``__init__`` loads none of these modules at import time: the zygote and the children import this
package, and must not carry the caller's modules (``subprocess`` among them, which a program
could then use) into the programs they run. The names above load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._dirs import default_root, remove_stale_dirs
    from .client import Sandbox, SandboxError, close_shared_sandboxes, shared_sandbox
    from .encoding import encode
    from .limits import Limits
    from .replies import KINDS, OUTCOME_KEYS
    from .session import Session

__all__ = [
    "KINDS", "OUTCOME_KEYS", "Limits", "Sandbox", "SandboxError", "Session", "shared_sandbox",
    "close_shared_sandboxes", "encode", "default_root", "remove_stale_dirs",
]

_HOME = {
    "KINDS": "replies", "OUTCOME_KEYS": "replies", "Limits": "limits", "Sandbox": "client",
    "SandboxError": "client", "Session": "session", "shared_sandbox": "client",
    "close_shared_sandboxes": "client",
    "encode": "encoding", "default_root": "_dirs", "remove_stale_dirs": "_dirs",
}


def __getattr__(name: str):
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
