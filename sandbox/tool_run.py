"""The caller's side of a confined tool process (see :mod:`semforge.sandbox.tool`).

:func:`run_tool` starts a tool script in a fresh interpreter with a request, reads the pid of the
process that runs the untrusted code (the PID namespace's init) and then its report, both until
one deadline, and kills everything at the end, whether it reported, flooded or hung::

    data, timed_out = run_tool(script, request, base, deadline, max_report=1 << 20)

The request is written to ``base/request.json`` with ``result_fd``, ``pid_fd`` and ``parent``
added; the script reads it from ``sys.argv[1]``. What comes back is untrusted bytes.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import time

from semforge.sandbox import tool


def run_tool(script: str, request: dict, base: str, deadline: float, max_report: int,
             env: dict[str, str] | None = None) -> tuple[bytes, bool]:
    """The report ``script`` wrote (at most ``max_report`` bytes) and whether the deadline
    passed first. ``base`` is the caller's scratch directory (the caller removes it)."""
    pid_r, pid_w = os.pipe()
    read_fd, write_fd = os.pipe()
    proc, analyser, data, timed_out = None, None, b"", False
    try:
        path = os.path.join(base, "request.json")
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(dict(request, result_fd=write_fd, pid_fd=pid_w, parent=os.getpid()), fh)
        proc = subprocess.Popen(
            tool.command(script, path), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, pass_fds=(write_fd, pid_w), close_fds=True,
            process_group=0, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1", **(env or {})))
        for fd in (write_fd, pid_w):
            os.close(fd)
        write_fd = pid_w = -1
        pid_text, timed_out = _read_until(pid_r, deadline, max_report)
        analyser = _pidfd(pid_text)
        if not timed_out:
            data, timed_out = _read_until(read_fd, deadline, max_report)
    finally:
        for fd in (write_fd, pid_w, read_fd, pid_r):
            if fd >= 0:
                os.close(fd)
        _kill_all(proc, analyser)
    return data, timed_out


def _read_until(fd: int, deadline: float, max_report: int) -> tuple[bytes, bool]:
    """Everything written to ``fd`` until EOF, or (what came, True) when the deadline passes."""
    data = b""
    poller = select.poll()  # (select.select fails on fds above 1023, common in busy workers)
    poller.register(fd, select.POLLIN)
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return data, True
        if not poller.poll(max(1, int(left * 1000))):
            continue
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return data, False
        data += chunk
        if len(data) > max_report:  # a report is bounded; a flood is not one
            return data[:max_report], False


def _pidfd(text: bytes) -> tuple[int, int] | None:
    """(pid, pidfd) of the process running untrusted code, opened at once: a pid alone could
    be reused."""
    try:
        pid = int(text.decode("ascii"))
        return (pid, os.pidfd_open(pid)) if pid > 1 else None
    except (ValueError, UnicodeDecodeError, OSError):
        return None


def _kill_all(proc: subprocess.Popen | None, analyser: tuple[int, int] | None) -> None:
    """SIGKILL the untrusted process (a PID namespace's init: all it started dies with it), its
    process group and the first process's, then collect the first process."""
    kills = []
    if analyser is not None:
        pid, pidfd = analyser
        kills += [lambda: signal.pidfd_send_signal(pidfd, signal.SIGKILL),
                  lambda: os.killpg(pid, signal.SIGKILL)]
    if proc is not None:
        kills += [lambda: os.killpg(proc.pid, signal.SIGKILL), proc.kill]
    for kill in kills:
        try:
            kill()
        except OSError:
            pass
    if analyser is not None:
        os.close(analyser[1])
    if proc is not None:
        proc.wait()
