"""Run untrusted Python programs in isolated, limited, fast child processes.

    from semforge.sandbox import Limits, shared_sandbox

    sandbox = shared_sandbox(Limits(timeout_s=2.0))
    with sandbox.open(code, "add") as session:
        if session.load["kind"] == "return":
            outcomes = session.call_many([[1, 2], [3, 4]])

Each :meth:`Sandbox.open` takes a child that a warm *zygote* process (one per ``Sandbox``)
forked and confined in advance, hands it a socketpair (SCM_RIGHTS through the zygote) and sends
it the program: a session costs about a millisecond, not an interpreter start. Caller and child
then talk directly. A child is confined by kernel rules (Landlock: writes only beneath its own
directory, no execve, no signals out; rlimits on memory, CPU, file size and open files; the
zygote's empty network namespace; no core dumps; a parent-death signal) and by an audit hook
(no process creation, sockets, ctypes, frame or gc introspection, hand-made bytecode, writes
outside its directory); see ``_guard``. ``Session.confinement`` says which kernel rules
this machine allowed.

Nothing a program does can raise in the caller or hang it: every call ends as an *outcome* dict
(``kind`` in ``return``, ``raise``, ``timeout``, ``crash``, ``load_error``; see ``OUTCOME_KEYS``)
whose values are trees of ``semforge.sandbox.encoding``. Replies are never unpickled: ASCII JSON
without floats or stray objects, under a size cap, carrying the session token and the request's
sequence number; anything else ends the session as a ``crash``. Refusals by the sandbox are named
in the outcome's ``reason`` ("sandbox refused: ..."), even when the program swallowed them.

Children of one sandbox share the zygote's state: the same ``PYTHONHASHSEED`` (``Limits.hash_seed``)
and the same seeded ``random`` state, so an original and its variant see the same set order and
the same unseeded random numbers.

Limit of the design: a program can still forge its *own* results from inside its process by
sophisticated means (the audit hook narrows CPython's introspection but cannot close it); what
it cannot do is touch the caller, another session, or anything outside its directory.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
from dataclasses import asdict

from . import counting
from .limits import Limits
from .session import Session

_ZYGOTE_START_S = 60.0
# The zygote imports ``semforge.sandbox`` (whose ``__init__`` imports nothing) and its own
# modules, never this one: it must not carry ``subprocess`` and the rest into its children.
_ZYGOTE_BOOT = "from semforge.sandbox._zygote import main\nmain()\n"
_ZYGOTE_REPLY_S = 30.0


class SandboxError(RuntimeError):
    """The sandbox machinery itself failed (the zygote could not start); not a program outcome."""


class Sandbox:
    """A zygote and the sessions forked from it. Thread-safe; one per process is usually enough."""

    def __init__(self, limits: Limits = Limits(), *, preload: tuple[str, ...] = (), workdir_root: str | None = None):
        """``preload``: extra modules the zygote imports for its children (e.g. ``"numpy"``).
        ``workdir_root``: where children's private directories are made (default: /dev/shm when
        writable, else the system temp dir)."""
        self.limits = limits
        self._limits_dict: dict | None = None
        self.preload = tuple(preload)
        self.workdir_root = workdir_root
        # Re-entrant: a Session dropped (and closed by __del__) while this thread is inside a
        # request must not deadlock; its unanswered discard message can interleave safely.
        self._lock = threading.RLock()
        self._proc: subprocess.Popen | None = None
        self._ctrl: socket.socket | None = None
        self._generation = 0
        self._next_sid = 1
        self.netns = False  # whether children run in an empty network namespace
        self._stderr = None
        self._closed = False
        self.count_dir: str | None = None  # where callgrind dumps (count_instructions only)

    # -- zygote ------------------------------------------------------------------------------
    def _start_locked(self) -> None:
        self._stop_locked()
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        env = dict(os.environ)
        if self.limits.hash_seed is not None:
            env["PYTHONHASHSEED"] = str(self.limits.hash_seed)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        # The zygote's own stderr (children use /dev/null) is kept to explain a failed start.
        self._stderr = tempfile.TemporaryFile()
        argv = [sys.executable, "-c", _ZYGOTE_BOOT, json.dumps({"preload": list(self.preload), "root": self.workdir_root, "limits": asdict(self.limits)})]
        if self.limits.count_instructions:
            if self.count_dir is None:
                self.count_dir = tempfile.mkdtemp(prefix="semforge-counts-")
            argv = counting.command(self.count_dir) + argv
        try:
            self._proc = subprocess.Popen(
                argv,
                stdin=theirs.fileno(),
                stdout=subprocess.DEVNULL,
                stderr=self._stderr,
                close_fds=True,
                start_new_session=True,  # a Ctrl-C aimed at the caller's group is the caller's
                env=env,
            )
        finally:
            theirs.close()
        self._ctrl = ours
        try:
            ready = self._recv_ctrl(_ZYGOTE_START_S)
        except SandboxError as e:
            self._stop_locked()
            self._stderr.seek(0)
            tail = self._stderr.read()[-2000:].decode("utf-8", "replace")
            raise SandboxError(f"{e}; its stderr ends with:\n{tail}") from None
        self.netns = bool(ready.get("netns"))
        self._generation += 1

    def _stop_locked(self) -> None:
        if self._ctrl is not None:
            self._ctrl.close()
            self._ctrl = None
        if self._proc is not None:
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
            self._proc = None

    def _recv_ctrl(self, timeout: float) -> dict:
        assert self._ctrl is not None
        self._ctrl.settimeout(timeout)
        try:
            msg = self._ctrl.recv(1 << 16)
        except OSError as e:
            raise SandboxError(f"sandbox zygote did not answer: {e}") from None
        if not msg:
            raise SandboxError("sandbox zygote exited")
        return json.loads(msg)

    def _send(self, payload: bytes, fds: tuple[int, ...], await_reply: bool) -> tuple[dict | None, int]:
        """Send one control message to the zygote, starting it if it is not running; if sending
        (or, with ``await_reply``, hearing the answer) fails, restart it and try once more.
        Return (the reply, or None without ``await_reply``; the zygote generation that got it)."""
        retry_on = (OSError, SandboxError) if await_reply else (OSError,)
        with self._lock:
            if self._closed:
                raise SandboxError("sandbox is closed")
            for attempt in (1, 2):
                if self._proc is None or self._proc.poll() is not None:
                    self._start_locked()
                try:
                    assert self._ctrl is not None
                    socket.send_fds(self._ctrl, [payload], list(fds))
                    reply = self._recv_ctrl(_ZYGOTE_REPLY_S) if await_reply else None
                    return reply, self._generation
                except retry_on:
                    if attempt == 2:
                        raise SandboxError("sandbox zygote failed twice in a row") from None
                    self._stop_locked()
        raise AssertionError("unreachable")

    def _request(self, req: dict, fds: tuple[int, ...] = ()) -> tuple[dict, int]:
        """Send one control request (restarting a dead zygote once); return (reply, generation)."""
        return self._send(json.dumps(req).encode(), fds, await_reply=True)  # type: ignore[return-value]

    def _spawn(self, sid: int, channel_fd: int) -> int:
        """Ask the zygote for a child on ``channel_fd`` (unanswered); return the zygote generation."""
        if self._limits_dict is None:  # (limits are frozen: asdict once, not per session)
            self._limits_dict = asdict(self.limits)
        req = json.dumps({"op": "spawn", "sid": sid, "limits": self._limits_dict}).encode()
        return self._send(req, (channel_fd,), await_reply=False)[1]

    # -- what sessions call back (``session.ChildOwner``) ------------------------------------
    def reap(self, sid: int, generation: int) -> str:
        """Kill and collect a session's child; describe how it ended."""
        with self._lock:
            alive = self._proc is not None and self._proc.poll() is None
            if generation != self._generation or not alive:
                return "lost with its zygote"
        try:
            reply, gen = self._request({"op": "reap", "sid": sid})
        except SandboxError as e:
            return str(e)
        return reply.get("desc", "?") if gen == generation else "lost with its zygote"

    def discard(self, sid: int, generation: int) -> None:
        """Kill and collect a session's child without waiting for the zygote's answer."""
        with self._lock:
            if generation != self._generation or self._ctrl is None:
                return
            try:
                self._ctrl.send(json.dumps({"op": "discard", "sid": sid}).encode())
            except OSError:
                pass  # a dead zygote took its children with it

    def zygote_alive(self) -> bool:
        with self._lock:
            return self._proc is not None and self._proc.poll() is None

    def start(self) -> None:
        """Start the zygote now rather than at the first ``open`` (e.g. before timing)."""
        self._request({"op": "ping"})

    @property
    def zygote_pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    # -- sessions ----------------------------------------------------------------------------
    def open(self, code: "str | list", entry_point: str) -> "Session":
        """Fork a child, load ``code`` in it and look up ``entry_point``; see ``Session.load``.
        ``code``: source, or parts loaded in order into one module, each source or a code
        object (``session._wire``)."""
        for attempt in (1, 2):
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            with self._lock:
                sid = self._next_sid
                self._next_sid += 1
            try:
                gen = self._spawn(sid, theirs.fileno())
            except BaseException:
                ours.close()
                raise
            finally:
                theirs.close()
            session = Session(self, ours, sid, gen)
            session._load(code, entry_point)
            lost = session.load["kind"] == "crash" and not self.zygote_alive()
            if not lost or attempt == 2:
                return session
            # The zygote died under this session (not the program's doing): once more, afresh.
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop the zygote; its children die with it."""
        with self._lock:
            self._closed = True
            self._stop_locked()
            if self.count_dir is not None:
                shutil.rmtree(self.count_dir, ignore_errors=True)
                self.count_dir = None

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_shared: dict[tuple[int, Limits], Sandbox] = {}
_shared_lock = threading.Lock()


def shared_sandbox(limits: Limits = Limits()) -> Sandbox:
    """The process's sandbox for these limits, created on first use (one zygote per distinct limits)."""
    key = (os.getpid(), limits)  # a forked caller must not reuse its parent's zygote
    with _shared_lock:
        sb = _shared.get(key)
        if sb is None or sb._closed:
            sb = _shared[key] = Sandbox(limits)
        return sb


@atexit.register
def close_shared_sandboxes() -> None:
    """Stop this process's shared sandboxes; the next ``shared_sandbox`` call starts a new one."""
    for (pid, _), sb in list(_shared.items()):
        if pid == os.getpid():
            sb.close()
