"""One confined child running one program, from the caller's side: load, calls, timing rounds.

Made by ``Sandbox.open`` (``client.py``); talks to its child directly over a socketpair. Requests
are pickles (the caller is trusted); replies are read by ``replies.py`` and must carry the
session's token and the request's sequence number.
"""

from __future__ import annotations

import marshal
import pickle
import secrets
import socket
import time
import types
from typing import Protocol

from . import counting
from .arg_pickle import dumps_args
from .limits import Limits
from .replies import _TOKEN_BYTES, _ChannelError, _clean, _outcome, _ReplyParser
from .unchanged import SAME, encoded_args


class ChildOwner(Protocol):
    """What a session needs of the sandbox that forked its child (``client.Sandbox``): the limits
    its child runs under, where instruction counts are dumped (``count_instructions`` only), and
    the zygote's two ways to end a child: ``reap`` kills and collects it and says how it ended,
    ``discard`` does the same without waiting for the answer. A session is one ``generation``
    of the zygote's: a child of a zygote since restarted is already gone."""

    limits: Limits
    count_dir: str | None

    def reap(self, sid: int, generation: int) -> str: ...

    def discard(self, sid: int, generation: int) -> None: ...


class Session:
    """One child running one program. Not thread-safe: use it from one thread at a time."""

    def __init__(self, owner: ChildOwner, sock: socket.socket, sid: int, generation: int):
        self._owner = owner
        self._sock = sock
        self._sid = sid
        self.pid: int | None = None  # the child's pid, as it reported when loaded
        self._generation = generation
        self._token = secrets.token_bytes(_TOKEN_BYTES)
        self._seq = 0
        self._buf = bytearray()
        self._parse = _ReplyParser()
        self._limits = owner.limits
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
            how = self._owner.reap(self._sid, self._generation)
        return how

    def close(self) -> None:
        """Kill the child (it holds no state worth a graceful exit); the zygote collects it."""
        if self.alive:
            self.alive = False
            try:
                self._sock.close()
            finally:
                self._owner.discard(self._sid, self._generation)

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
    def _load(self, code: "str | list", entry_point: str) -> None:
        limits = self._limits
        timeout = limits.load_timeout_s if limits.load_timeout_s is not None else 2 * limits.timeout_s
        try:
            self._send({"token": self._token, "code": _wire(code), "entry_point": entry_point,
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

    def call_many(self, args_list: list[list], pad: int = 0,
                  blobs: list[bytes] | None = None) -> list[dict]:
        """Call the entry point once per argument list, in one round trip.

        Each call has its own wall-clock limit. The first ``timeout`` or ``crash`` ends the
        session; the calls after it get the same kind with a reason saying they did not run.
        ``pad``: the arguments are built after ``pad`` other objects, at other addresses
        (``arg_pickle.dumps_args``). ``blobs``: ``dumps_args(list(a))`` of each argument list,
        made once by a caller that sends the same arguments to many sessions (without ``pad``).
        """
        if blobs is None or pad or len(blobs) != len(args_list):
            blobs = [dumps_args(list(a), pad) for a in args_list]
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
                out = _clean(msg, ("return", "raise"))
                if out["args_after"] == SAME:  # the arguments as sent (unchanged.py)
                    out["args_after"] = encoded_args(blobs[i], list(args_list[i]),
                                                     self._limits.max_items, self._limits.max_depth)
                outs.append(out)
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
        blobs = [dumps_args(list(a)) for a in args_list]
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

    def count_calls(self, args_list: list[list], rounds: int,
                    timeout_s: float | None = None) -> list[int]:
        """Like ``time_calls``, counting instructions instead of nanoseconds: per-round
        instructions of all calls, read from the callgrind dumps the child makes around them
        (``counting.py``). Needs a sandbox with ``Limits(count_instructions=True)``. A list
        shorter than ``rounds`` means the session ended or the round could not be read as the
        calls alone (the program dumped the counters itself). ``timeout_s``: wall clock per
        call instead of the limits' (a session that runs past it ends as a timeout)."""
        out_dir = self._owner.count_dir
        if not self.alive or rounds <= 0 or out_dir is None or self.pid is None:
            return []
        blobs = [dumps_args(list(a)) for a in args_list]
        before = counting.dumps(out_dir, self.pid)
        self._seq += 1
        seq = self._seq
        budget = (timeout_s or self._limits.timeout_s) * max(1, len(blobs))
        done = 0
        try:
            self._send(("count", seq, blobs, rounds))
            for r in range(rounds):
                msg = self._recv(time.monotonic() + budget)
                self._expect(msg, seq, r)
                done += 1
        except TimeoutError:
            self._end("timeout", f"counting round {done} ran past {budget:g} s wall clock")
        except _ChannelError as e:
            self._end("crash", f"counting round {done}: {e}")
        after = counting.dumps(out_dir, self.pid)
        new = after[len(before):]
        try:
            # Two dumps a round, the calls alone in the second; any other count means the
            # program called the marker too, and no part can be trusted to be the calls.
            if after[:len(before)] != before or len(new) != 2 * done:
                return []
            return [counting.summary(p) for p in new[1::2]]
        except (OSError, ValueError):
            return []
        finally:
            counting.discard(after)


def _wire(code: "str | list"):
    """A program as the child reads it: its source, or its parts in order, each source
    (``("src", text)``) or code compiled by this process (``("code", marshalled)``): a part
    that many sessions load, such as the verifier's probe harness, is compiled once, not in
    every child."""
    if isinstance(code, str):
        return str(code)
    parts = []
    for part in code:
        if isinstance(part, types.CodeType):
            parts.append(("code", marshal.dumps(part)))
        elif isinstance(part, str):
            parts.append(("src", str(part)))
        else:
            raise TypeError(f"a program part is source or a code object, not {type(part).__name__}")
    return parts
