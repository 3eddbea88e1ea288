"""The limits every child of a sandbox runs under (and, through ``hash_seed``, its zygote)."""

from __future__ import annotations

from dataclasses import dataclass


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
    # The zygote runs under Valgrind's callgrind, for Session.count_calls (see counting.py):
    # about 50x slower, and without Landlock (Valgrind 3.19 does not pass its system calls).
    count_instructions: bool = False
