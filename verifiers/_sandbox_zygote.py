"""The zygote: a warm interpreter that forks one sandboxed child per session.

Started by ``Sandbox`` (``python -c <boot> CONFIG_JSON``, see ``sandbox._ZYGOTE_BOOT``) with a
SOCK_SEQPACKET control socket as stdin. It imports what children commonly need once, moves
itself into an empty network namespace (when allowed), and then serves three requests, each one
JSON packet answered by one JSON packet:

* ``{"op": "spawn", "limits": {...}}`` with the child's end of a socketpair attached (SCM_RIGHTS):
  fork a child that runs ``_sandbox_child.child_main`` on it; answer ``{"pid": n}``.
* ``{"op": "reap", "pid": n}``: SIGKILL the child's process group, wait for it, delete its
  directory; answer how it ended (``{"desc": ..., "signal": n|null, "code": n|null}``).
* ``{"op": "discard", "pid": n}``: the same as reap, unanswered (a normal close need not wait).
* ``{"op": "ping"}``.

When the control socket closes (the caller exited or died) it kills every child and exits; each
child also holds a parent-death signal, so no child outlives its zygote.
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


def _default_root() -> str | None:
    """Where children's directories go: /dev/shm when writable (a tmpfs: creating and removing a
    directory there costs microseconds, on a disk file system milliseconds), else the temp dir."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK) else None


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


def _reap(pid: int) -> dict:
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
        return {"desc": "already reaped", "signal": None, "code": None}
    return _describe(status)


def main() -> None:
    ctrl = socket.socket(fileno=0)
    config = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    preload = config.get("preload", [])
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    os.environ.setdefault("MKL_NUM_THREADS", "1")
    base = tempfile.mkdtemp(prefix="semforge-sandbox-", dir=config.get("root") or _default_root())
    from semforge.verifiers import _sandbox_child

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
    prepared = _sandbox_child.prepare()
    gc.collect()
    gc.freeze()  # keep preloaded objects out of children's collections: fewer copied pages
    children: dict[int, str] = {}
    counter = 0
    me = os.getpid()
    ctrl.send(json.dumps({"ready": True, "netns": netns, "pid": me}).encode())
    try:
        while True:
            try:
                msg, fds, _, _ = socket.recv_fds(ctrl, 1 << 16, 4)
            except OSError:
                break
            if not msg:
                break
            req = json.loads(msg)
            op = req.get("op")
            if op == "spawn":
                counter += 1
                workdir = os.path.join(base, f"s{counter}")
                pid = os.fork()
                if pid == 0:
                    try:
                        _sandbox_child.child_main(fds[0], workdir, req["limits"], prepared, me)
                    finally:
                        os._exit(70)
                for fd in fds:
                    os.close(fd)
                children[pid] = workdir
                reply = {"pid": pid, "workdir": workdir}
            elif op == "discard":  # like reap, but the caller does not wait for an answer
                pid = int(req["pid"])
                workdir = children.pop(pid, None)
                if workdir is not None:
                    _reap(pid)
                    shutil.rmtree(workdir, ignore_errors=True)
                continue
            elif op == "reap":
                pid = int(req["pid"])
                workdir = children.pop(pid, None)
                if workdir is None:
                    reply = {"desc": "unknown to this sandbox", "signal": None, "code": None}
                else:
                    reply = _reap(pid)
                    shutil.rmtree(workdir, ignore_errors=True)
            else:
                for fd in fds:
                    os.close(fd)
                reply = {"ok": True, "children": len(children)}
            ctrl.send(json.dumps(reply).encode())
    finally:
        for pid in list(children):
            _reap(pid)
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
