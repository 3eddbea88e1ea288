"""The zygote: a warm interpreter that forks one sandboxed child per session, one ahead.

Started by ``Sandbox`` (``python -c <boot> CONFIG_JSON``, see ``client._ZYGOTE_BOOT``) with a
SOCK_SEQPACKET control socket as stdin. It imports what children commonly need once, moves
itself into an empty network namespace (when allowed), and then serves JSON packets:

* ``{"op": "spawn", "sid": n, "limits": {...}}`` with the child's end of a socketpair attached
  (SCM_RIGHTS), unanswered: hand the socket to the *spare* child (forked and confined in advance,
  waiting for its channel) and fork the next spare. The child reports its pid itself.
* ``{"op": "reap", "sid": n}``: SIGKILL session ``n``'s process group, collect it, delete its
  directory; answer how it ended (``{"desc": ..., "signal": n|null, "code": n|null}``).
* ``{"op": "discard", "sid": n}``: the same, unanswered (a normal close need not wait).
* ``{"op": "ping"}``: answered ``{"ok": true, ...}``.

Sessions are named by the caller's ``sid``, never by pid: the zygote collects children that
exit on their own, so a pid could be reused by a later child, while a sid never is. When the
control socket closes (the caller exited or died) it kills every child and exits; each child also
holds a parent-death signal, so no child outlives its zygote.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import shutil
import signal
import socket
import sys
import tempfile

from semforge.sandbox._dirs import default_root, remove_stale_dirs

# Imported once here so a child starts with them loaded (and shares their pages copy-on-write).
PRELOAD = (
    "math", "cmath", "re", "string", "itertools", "functools", "collections", "collections.abc",
    "heapq", "bisect", "operator", "copy", "random", "statistics", "fractions", "decimal", "json",
    "typing", "dataclasses", "enum", "datetime", "time", "hashlib", "array", "struct", "textwrap",
    "unicodedata", "numbers", "abc", "io", "types", "contextlib", "pickle", "base64", "binascii",
    "zlib", "calendar", "queue", "threading", "weakref", "traceback", "warnings", "inspect",
    "difflib", "pprint", "keyword", "locale", "string", "codecs", "tempfile", "glob", "fnmatch",
)
_CLONE_NEWNET = 0x40000000


_BASE_PREFIX = "semforge-sandbox-"


def _describe(status: int) -> dict:
    if os.WIFSIGNALED(status):
        n = os.WTERMSIG(status)
        try:
            name = signal.Signals(n).name
        except ValueError:
            name = f"signal {n}"
        return {"desc": f"killed by {name}", "signal": n, "code": None}
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
    return {"desc": f"exited with code {code}", "signal": None, "code": code}


def _remove_dir(path: str) -> None:
    """Delete a child's directory: most sessions leave it empty, and one ``rmdir`` is far cheaper
    here than ``rmtree``'s walk (every page the zygote touches is copied again after each fork)."""
    try:
        os.rmdir(path)
    except FileNotFoundError:
        pass
    except OSError:
        shutil.rmtree(path, ignore_errors=True)


def _kill_and_wait(pid: int) -> dict:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
    try:
        _, status = os.waitpid(pid, 0)
    except ChildProcessError:
        return {"desc": "already collected", "signal": None, "code": None}
    return _describe(status)


class _Children:
    """The zygote's children: one spare waiting for a channel, and the sessions by sid."""

    def __init__(self, base: str, prepared: dict, me: int):
        self.base, self.prepared, self.me = base, prepared, me
        self.counter = 0
        self.workdirs: dict[int, str] = {}  # pid -> workdir, every uncollected child
        self.pids: dict[int, int] = {}  # sid -> pid, live sessions
        self.ended: dict[int, dict] = {}  # sid -> how it ended, for children that exited alone
        self.spare: tuple[int, socket.socket, dict] | None = None  # (pid, link, its limits)

    def fork(self, limits: dict) -> tuple[int, socket.socket, dict]:
        from semforge.sandbox import _child

        self.counter += 1
        workdir = os.path.join(self.base, f"s{self.counter}")
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:
            try:
                ours.close()
                _child.child_main(theirs.detach(), workdir, limits, self.prepared, self.me)
            finally:
                os._exit(70)
        theirs.close()
        self.workdirs[pid] = workdir
        return pid, ours, limits

    def spawn(self, sid: int, limits: dict, channel_fd: int) -> None:
        for _ in range(2):
            # (compared as decoded JSON: every spawn of one Sandbox sends the same limits)
            if self.spare is None or self.spare[2] != limits:
                if self.spare is not None:
                    self._end_pid(self.spare[0])
                    self.spare[1].close()
                self.spare = self.fork(limits)
            pid, link, _ = self.spare
            self.spare = None
            try:
                socket.send_fds(link, [b"go"], [channel_fd])
            except OSError:  # the spare died waiting (killed from outside): start another
                self._end_pid(pid)
                continue
            finally:
                link.close()
            self.pids[sid] = pid
            break
        os.close(channel_fd)  # the child has its copy (or, if both tries failed, the caller sees EOF)
        self.spare = self.fork(limits)  # ready before the next request

    def _end_pid(self, pid: int) -> dict:
        status = _kill_and_wait(pid)
        workdir = self.workdirs.pop(pid, None)
        if workdir is not None:
            _remove_dir(workdir)
        return status

    def end(self, sid: int) -> dict:
        pid = self.pids.pop(sid, None)
        if pid is not None:
            return self._end_pid(pid)
        return self.ended.pop(sid, {"desc": "unknown to this sandbox", "signal": None, "code": None})

    def collect_exited(self) -> None:
        """Collect children that exited on their own, keeping how each session ended."""
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return
            if pid == 0:
                return
            workdir = self.workdirs.pop(pid, None)
            if workdir is not None:
                _remove_dir(workdir)
            for sid, p in list(self.pids.items()):
                if p == pid:
                    del self.pids[sid]
                    self.ended[sid] = _describe(status)
                    if len(self.ended) > 10000:  # sessions nobody asked about
                        self.ended.pop(next(iter(self.ended)))
            if self.spare is not None and self.spare[0] == pid:
                self.spare[1].close()
                self.spare = None

    def close(self) -> None:
        for pid in list(self.workdirs):
            self._end_pid(pid)


def main() -> None:
    ctrl = socket.socket(fileno=0)
    config = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    preload = config.get("preload", [])
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    os.environ.setdefault("MKL_NUM_THREADS", "1")
    # The hash seed took effect when this interpreter started; left in the environment, it
    # tells a program which seed it runs under (and that it runs here).
    os.environ.pop("PYTHONHASHSEED", None)  # (os.environb shares its data)
    try:  # posix.environ is a copy of its own
        import posix

        posix.environ.pop(b"PYTHONHASHSEED", None)
    except ImportError:
        pass
    root = config.get("root") or default_root() or tempfile.gettempdir()
    remove_stale_dirs(root, _BASE_PREFIX)  # bases of zygotes that were killed
    base = tempfile.mkdtemp(prefix=f"{_BASE_PREFIX}{os.getpid()}-", dir=root)
    from semforge.sandbox import _child

    netns = False
    try:
        import ctypes

        netns = ctypes.CDLL(None, use_errno=True).unshare(_CLONE_NEWNET) == 0
    except (OSError, AttributeError):
        pass
    for name in (*PRELOAD, *preload):
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - a missing optional module is not our failure
            pass
    prepared = _child.prepare()
    gc.collect()
    gc.freeze()  # keep preloaded objects out of children's collections: fewer copied pages
    children = _Children(base, prepared, os.getpid())
    if config.get("limits"):  # the first session need not wait for a fork either
        children.spare = children.fork(config["limits"])
    ctrl.send(json.dumps({"ready": True, "netns": netns, "pid": os.getpid()}).encode())
    try:
        while True:
            try:
                msg, fds, _, _ = socket.recv_fds(ctrl, 1 << 16, 4)
            except OSError:
                break
            if not msg:
                break
            children.collect_exited()
            req = json.loads(msg)
            op = req.get("op")
            if op == "spawn" and fds:
                children.spawn(int(req["sid"]), req["limits"], fds[0])
                for fd in fds[1:]:
                    os.close(fd)
                continue
            for fd in fds:
                os.close(fd)
            if op == "discard":
                children.end(int(req["sid"]))
                continue
            if op == "reap":
                reply = children.end(int(req["sid"]))
            else:
                reply = {"ok": True, "sessions": len(children.pids)}
            ctrl.send(json.dumps(reply).encode())
    finally:
        children.close()
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
