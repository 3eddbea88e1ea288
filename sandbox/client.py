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
import pickle
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass

OUTCOME_KEYS = ("kind", "value", "exc_type", "exc_msg", "stdout", "stderr", "args_after", "time_ns", "reason")
KINDS = ("return", "raise", "timeout", "crash", "load_error")
_TOKEN_BYTES = 16
_ZYGOTE_START_S = 60.0
# The zygote imports ``semforge.sandbox`` (whose ``__init__`` imports nothing) and its own
# modules, never this one: it must not carry ``subprocess`` and the rest into its children.
_ZYGOTE_BOOT = "from semforge.sandbox._zygote import main\nmain()\n"
_ZYGOTE_REPLY_S = 30.0


@dataclass(frozen=True)
class Limits:
    """Resource limits of every child of a sandbox (and, through ``hash_seed``, its zygote)."""

    timeout_s: float = 2.0  # wall clock per call
    memory_mb: int = 512  # RLIMIT_AS on top of the interpreter's baseline
    cpu_s: int = 30  # RLIMIT_CPU per call (renewed before each call; whole seconds, +1 at most)
    max_output: int = 65536  # characters of stdout/stderr kept per call
    hash_seed: int | None = None  # PYTHONHASHSEED of the zygote; distinct values, distinct zygotes
    load_timeout_s: float | None = None  # wall clock for loading the program; None: 2 * timeout_s
    file_mb: int = 16  # RLIMIT_FSIZE: largest file a program may write in its directory
    max_files: int = 64  # RLIMIT_NOFILE
    max_procs: int = 1024  # RLIMIT_NPROC (only binds where the kernel counts per user, not root)
    max_reply_mb: int = 64  # largest reply accepted from a child for one call
    max_items: int = 10000  # encoding: items kept per container / generator
    max_depth: int = 50  # encoding: nesting depth kept


class SandboxError(RuntimeError):
    """The sandbox machinery itself failed (the zygote could not start); not a program outcome."""


class _ChannelError(Exception):
    """The child's channel ended or carried something other than a well-formed reply."""


def _outcome(kind: str, reason: str | None = None, **fields) -> dict:
    out = dict.fromkeys(OUTCOME_KEYS)
    out.update(kind=kind, stdout="", stderr="", reason=reason)
    out.update(fields)
    return out


class Sandbox:
    """A zygote and the sessions forked from it. Thread-safe; one per process is usually enough."""

    def __init__(self, limits: Limits = Limits(), *, preload: tuple[str, ...] = (), workdir_root: str | None = None):
        """``preload``: extra modules the zygote imports for its children (e.g. ``"numpy"``).
        ``workdir_root``: where children's private directories are made (default: /dev/shm when
        writable, else the system temp dir)."""
        self.limits = limits
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
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-c", _ZYGOTE_BOOT, json.dumps({"preload": list(self.preload), "root": self.workdir_root, "limits": asdict(self.limits)})],
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
        req = json.dumps({"op": "spawn", "sid": sid, "limits": asdict(self.limits)}).encode()
        return self._send(req, (channel_fd,), await_reply=False)[1]

    def _reap(self, sid: int, generation: int) -> str:
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

    def _discard(self, sid: int, generation: int) -> None:
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
    def open(self, code: str, entry_point: str) -> "Session":
        """Fork a child, load ``code`` in it and look up ``entry_point``; see ``Session.load``."""
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

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Session:
    """One child running one program. Not thread-safe: use it from one thread at a time."""

    def __init__(self, sandbox: Sandbox, sock: socket.socket, sid: int, generation: int):
        self._sandbox = sandbox
        self._sock = sock
        self._sid = sid
        self.pid: int | None = None  # the child's pid, as it reported when loaded
        self._generation = generation
        self._token = secrets.token_bytes(_TOKEN_BYTES)
        self._seq = 0
        self._buf = bytearray()
        self._parse = _ReplyParser()
        self._limits = sandbox.limits
        self._max_reply = self._limits.max_reply_mb << 20
        self.alive = True
        self.load: dict = _outcome("crash", "not loaded")
        self.failure: dict | None = None  # the outcome that ended the session, if one did
        # Kernel rules the child applied, e.g. "pdeathsig,nodump,landlock-abi7" (as it reported).
        self.confinement = ""

    # -- wire --------------------------------------------------------------------------------
    def _send(self, obj) -> None:
        body = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
        # A child that stops reading (stuck between calls) must not block the caller for ever.
        self._sock.settimeout(max(self._limits.timeout_s, 1.0) + len(body) / 50e6)
        try:
            self._sock.sendall(len(body).to_bytes(4, "big") + body)
        except socket.timeout:
            raise TimeoutError from None
        except OSError as e:
            raise _ChannelError(f"channel closed while sending ({e.strerror})") from None

    def _fill(self, n: int, deadline: float) -> None:
        """Read until the buffer holds ``n`` bytes (replies often arrive several per read)."""
        buf = self._buf
        while len(buf) < n:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            self._sock.settimeout(left)
            try:
                chunk = self._sock.recv(max(n - len(buf), 1 << 16))
            except socket.timeout:
                raise TimeoutError from None
            except OSError as e:
                raise _ChannelError(f"channel error ({e.strerror})") from None
            if not chunk:
                raise _ChannelError("child closed its channel")
            buf += chunk

    def _recv(self, deadline: float) -> list:
        buf = self._buf
        if len(buf) < 4:
            self._fill(4, deadline)
        n = int.from_bytes(buf[:4], "big")
        if n < _TOKEN_BYTES or n > self._max_reply:
            raise _ChannelError(f"reply of {n} bytes is malformed or over the {self._max_reply} byte cap")
        if len(buf) < 4 + n:
            self._fill(4 + n, deadline)
        token = bytes(buf[4 : 4 + _TOKEN_BYTES])
        body = bytes(buf[4 + _TOKEN_BYTES : 4 + n])
        del buf[: 4 + n]
        if not secrets.compare_digest(token, self._token):
            raise _ChannelError("reply without the session token")
        return self._parse(body)

    def _expect(self, msg: list, seq: int, i: int) -> None:
        if msg[0] != seq or msg[1] != i or type(msg[0]) is not int or type(msg[1]) is not int:
            raise _ChannelError("reply out of sequence")

    # -- ending ------------------------------------------------------------------------------
    def _end(self, kind: str, reason: str) -> dict:
        """Kill the child; return the outcome that says why the session ended."""
        how = self._kill()
        out = _outcome(kind, f"{reason}; child {how}")
        self.failure = out
        return out

    def _kill(self) -> str:
        """Kill and collect the child, and say how it ended (one round trip to the zygote)."""
        if not self.alive:
            return "already ended"
        self.alive = False
        try:
            self._sock.close()
        finally:
            how = self._sandbox._reap(self._sid, self._generation)
        return how

    def close(self) -> None:
        """Kill the child (it holds no state worth a graceful exit); the zygote collects it."""
        if self.alive:
            self.alive = False
            try:
                self._sock.close()
            finally:
                self._sandbox._discard(self._sid, self._generation)

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    # -- calls -------------------------------------------------------------------------------
    def _load(self, code: str, entry_point: str) -> None:
        limits = self._limits
        timeout = limits.load_timeout_s if limits.load_timeout_s is not None else 2 * limits.timeout_s
        try:
            self._send({"token": self._token, "code": code, "entry_point": entry_point,
                        "max_items": limits.max_items, "max_depth": limits.max_depth})
            msg = self._recv(time.monotonic() + timeout)
            self._expect(msg, 0, 0)
            out = _clean(msg, ("return", "load_error"))
            conf, pid = (msg[11], msg[12]) if len(msg) == 13 else (None, None)
            self.confinement = conf if type(conf) is str else ""
            self.pid = pid if type(pid) is int else None
        except TimeoutError:
            self.load = self._end("timeout", f"loading took more than {timeout:g} s")
            return
        except _ChannelError as e:
            self.load = self._end("crash", f"while loading: {e}")
            return
        out["args_after"] = None
        self.load = out
        if out["kind"] != "return":
            self._kill()  # the child exits after a failed load; collect it

    def call(self, args: list) -> dict:
        """Call the entry point with positional ``args``; one outcome."""
        return self.call_many([args])[0]

    def call_many(self, args_list: list[list]) -> list[dict]:
        """Call the entry point once per argument list, in one round trip.

        Each call has its own wall-clock limit. The first ``timeout`` or ``crash`` ends the
        session; the calls after it get the same kind with a reason saying they did not run.
        """
        blobs = [pickle.dumps(list(a), protocol=pickle.HIGHEST_PROTOCOL) for a in args_list]
        if not self.alive:
            return [self._not_run(len(blobs)) for _ in blobs]
        self._seq += 1
        seq = self._seq
        timeout = self._limits.timeout_s
        outs: list[dict] = []
        try:
            self._send(("call", seq, blobs))
            for i in range(len(blobs)):
                msg = self._recv(time.monotonic() + timeout)
                self._expect(msg, seq, i)
                outs.append(_clean(msg, ("return", "raise")))
        except TimeoutError:
            outs.append(self._end("timeout", f"call {len(outs)} ran past {timeout:g} s wall clock"))
        except _ChannelError as e:
            outs.append(self._end("crash", f"call {len(outs)}: {e}"))
        while len(outs) < len(blobs):
            outs.append(self._not_run(len(outs)))
        return outs

    def _not_run(self, i: int) -> dict:
        kind = self.failure["kind"] if self.failure else "crash"
        return _outcome(kind, f"call {i} not run: the session had ended ({kind})")

    def time_calls(self, args_list: list[list], rounds: int) -> list[int]:
        """Run all calls ``rounds`` times (fresh arguments each round); per-round total ns.

        Outputs and exceptions are discarded. A list shorter than ``rounds`` means the session
        ended (timeout or crash); ``self.failure`` says why. Times are measured in the child and
        checked against the caller's own clock: no round may claim more time than elapsed.
        """
        if not self.alive or rounds <= 0:
            return []
        blobs = [pickle.dumps(list(a), protocol=pickle.HIGHEST_PROTOCOL) for a in args_list]
        self._seq += 1
        seq = self._seq
        budget = self._limits.timeout_s * max(1, len(blobs))
        times: list[int] = []
        try:
            # The clock starts before the request leaves: the child may begin timing before
            # this process runs again, and its rounds must still fit inside our elapsed time.
            start = time.perf_counter_ns()
            self._send(("time", seq, blobs, rounds))
            for r in range(rounds):
                msg = self._recv(time.monotonic() + budget)
                elapsed = time.perf_counter_ns() - start
                self._expect(msg, seq, r)
                ns = msg[2]
                # Rounds run back to back, so together they cannot claim more than has elapsed.
                if type(ns) is not int or ns < 0 or sum(times) + ns > elapsed:
                    raise _ChannelError("implausible timing reply")
                times.append(ns)
        except TimeoutError:
            self._end("timeout", f"timing round {len(times)} ran past {budget:g} s wall clock")
        except _ChannelError as e:
            self._end("crash", f"timing round {len(times)}: {e}")
        return times


def _no_float(text: str):
    raise ValueError("float in a reply")  # encoded trees carry floats as hex strings


class _ReplyParser:
    """Decodes untrusted replies: one ASCII JSON array, with no object and no float anywhere, so
    what comes back is lists of str, int, bool and None (encoded trees carry floats as hex).
    One per session, so the decoder is built once."""

    def __init__(self) -> None:
        self._decoder = json.JSONDecoder(object_pairs_hook=_no_object, parse_float=_no_float,
                                         parse_constant=_no_float)

    def __call__(self, body: bytes) -> list:
        try:
            text = body.decode("ascii")
            msg, end = self._decoder.raw_decode(text)
        except Exception:  # noqa: BLE001 - RecursionError, ValueError, UnicodeDecodeError...
            raise _ChannelError("reply is not well-formed JSON of encoded trees") from None
        if end != len(text) or type(msg) is not list or len(msg) < 3:
            raise _ChannelError("reply is not one JSON array")
        return msg


def _no_object(pairs):
    raise ValueError("object in a reply")


def _clean(msg: list, kinds: tuple[str, ...]) -> dict:
    """Rebuild an outcome from an untrusted reply ``[seq, i, *REPLY_FIELDS, ...]``, field by field;
    raise _ChannelError if malformed. (_ReplyParser let through only lists, str, int, bool, None.)"""
    if len(msg) < 2 + len(OUTCOME_KEYS) or msg[2] not in kinds:
        raise _ChannelError("reply is not an outcome")
    kind, value, exc_type, exc_msg, stdout, stderr, args_after, time_ns, reason = msg[2:11]
    for name, v, t in (("exc_type", exc_type, str), ("exc_msg", exc_msg, str), ("reason", reason, str),
                       ("time_ns", time_ns, int), ("args_after", args_after, list)):
        if v is not None and type(v) is not t:
            raise _ChannelError(f"outcome field {name} has the wrong type")
    if type(stdout) is not str or type(stderr) is not str:
        raise _ChannelError("outcome output is not text")
    if value is not None and (type(value) is not list or not value or type(value[0]) is not str):
        raise _ChannelError("outcome value is not an encoded tree")
    return {"kind": kind, "value": value, "exc_type": exc_type, "exc_msg": exc_msg, "stdout": stdout,
            "stderr": stderr, "args_after": args_after, "time_ns": time_ns, "reason": reason}


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
def _close_shared() -> None:
    for (pid, _), sb in list(_shared.items()):
        if pid == os.getpid():
            sb.close()
