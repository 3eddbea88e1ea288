"""Where confined processes keep their private directories, and the sweep of dead ones' leftovers."""

from __future__ import annotations

import os
import re
import shutil


def default_root() -> str | None:
    """Where children's directories go: /dev/shm when writable (a tmpfs: creating and removing a
    directory there costs microseconds, on a disk file system milliseconds), else None (the
    caller then uses the temp dir)."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK) else None


def remove_stale_dirs(root: str, prefix: str) -> None:
    """Delete directories ``{prefix}{pid}-*`` in ``root`` whose pid is dead: left by processes
    that were killed (SIGKILL leaves no time to clean up). Live or foreign pids are kept."""
    try:
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        m = re.fullmatch(re.escape(prefix) + r"(\d+)-\w+", name)
        if m is None:
            continue
        try:
            os.kill(int(m.group(1)), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)
        except OSError:
            pass  # alive (or not ours to judge)
