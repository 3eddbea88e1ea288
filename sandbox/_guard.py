"""What a sandboxed child forbids its program, and how: kernel rules first, an audit hook second.

Two layers, because neither is enough alone:

* Kernel (:func:`kernel_confine`): Landlock confines file-system writes to the child's own
  directory (whatever Python trick opened the file) and stops signals to processes outside
  the child; rlimits bound memory, CPU time, file size and open files. The zygote already
  lives in an empty network namespace, so no child can reach a network.
* Interpreter (:func:`make_audit_hook`, :func:`disarm_modules`): a ``sys.addaudithook`` hook, which
  cannot be removed, refuses process creation, sockets, ctypes, frame and gc introspection that
  would reach the child's own machinery, writes outside the directory (a reason instead of a
  bare EPERM), and imports of modules that bypass all this. Raw fd-writing functions and signal
  setters are removed from ``os``/``signal`` so a program cannot write into the result channel
  or schedule interrupts inside it.

Every refusal raises ``PermissionError("sandbox: ...")`` in the program and is recorded, so an
outcome says what was refused even if the program swallowed the exception.
"""

from __future__ import annotations

import ctypes
import os

# Landlock (Linux >= 5.13); numbers from include/uapi/linux/landlock.h and the x86-64/arm64 tables.
_SYS_LANDLOCK_CREATE_RULESET = 444
_SYS_LANDLOCK_ADD_RULE = 445
_SYS_LANDLOCK_RESTRICT_SELF = 446
_PR_SET_NO_NEW_PRIVS = 38
_PR_SET_PDEATHSIG = 1
_PR_SET_DUMPABLE = 4
_FS_WRITE_RIGHTS = {  # right -> first ABI that knows it
    1 << 0: 1,  # EXECUTE (handled and never granted: no execve at all)
    1 << 1: 1,  # WRITE_FILE
    1 << 4: 1,  # REMOVE_DIR
    1 << 5: 1,  # REMOVE_FILE
    1 << 6: 1,  # MAKE_CHAR
    1 << 7: 1,  # MAKE_DIR
    1 << 8: 1,  # MAKE_REG
    1 << 9: 1,  # MAKE_SOCK
    1 << 10: 1,  # MAKE_FIFO
    1 << 11: 1,  # MAKE_BLOCK
    1 << 12: 1,  # MAKE_SYM
    1 << 13: 2,  # REFER (hard links / renames across directories)
    1 << 14: 3,  # TRUNCATE
}
_SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0
_SCOPE_SIGNAL = 1 << 1
# The ctypes array types kernel_confine fills, made once here (in the zygote): made in each
# child, every type creation touches dozens of the pages the child shares with the zygote.
_RULESET_ATTR_V6 = ctypes.c_uint64 * 3
_RULESET_ATTR = ctypes.c_uint64 * 1
_PATH_BENEATH_ATTR = ctypes.c_uint8 * 12

# Modules whose mere import hands out a way around the hook.
DENIED_IMPORTS = frozenset(
    {"ctypes", "_ctypes", "_posixsubprocess", "faulthandler", "_xxsubinterpreters", "_testcapi",
     "_testinternalcapi", "_testbuffer", "_xxtestfuzz", "tracemalloc", "_tracemalloc"}
)
# Raw fd and process primitives taken out of os/posix: the result channel is an fd of the child.
REMOVED_OS_NAMES = (
    "write", "writev", "pwrite", "pwritev", "sendfile", "splice", "copy_file_range", "dup", "dup2",
    "openpty", "forkpty", "fork", "register_at_fork", "posix_spawn", "posix_spawnp", "system",
    "execv", "execve", "execl", "execle", "execlp", "execlpe", "execvp", "execvpe", "spawnv",
    "spawnve", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnvp", "spawnvpe", "popen",
    "setuid", "setgid", "seteuid", "setegid", "setreuid", "setregid", "setresuid", "setresgid",
    "setgroups", "chroot", "setsid", "setpgid", "setpgrp", "tcsetpgrp", "memfd_create",
    "eventfd", "pidfd_open", "unshare", "setns",
)
SIGNAL_SETTERS = (
    "signal", "alarm", "setitimer", "pthread_sigmask", "siginterrupt", "set_wakeup_fd",
    "pthread_kill", "sigwait", "sigwaitinfo", "sigtimedwait", "pidfd_send_signal", "raise_signal",
)

_ALWAYS_DENIED = frozenset(
    {
        "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "os.forkpty",
        "subprocess.Popen", "pty.spawn", "os.startfile", "os.link", "os.symlink",
        "sys.settrace", "sys.setprofile", "sys._current_frames", "sys._current_exceptions",
        "sys.addaudithook", "gc.get_objects", "gc.get_referrers", "gc.get_referents",
        "resource.setrlimit", "resource.prlimit",
        "signal.pthread_kill", "cpython._PySys_ClearAuditHooks", "sys.remote_exec",
        "_posixsubprocess.fork_exec", "os.mkfifo", "os.mknod", "mmap.__new__",
    }
)
_PATH_EVENTS = {  # event -> indexes of (path, dir_fd) pairs in its arguments
    "os.remove": ((0, 1),),
    "os.rmdir": ((0, 1),),
    "os.rename": ((0, 2), (1, 3)),
    "os.mkdir": ((0, 2),),
    "os.chmod": ((0, 2),),
    "os.chown": ((0, 3),),
    "os.truncate": ((0, None),),
    "os.utime": ((0, 3),),
    "os.setxattr": ((0, None),),
    "os.removexattr": ((0, None),),
    "os.chflags": ((0, None),),
    "os.lchflags": ((0, None),),
    "shutil.rmtree": ((0, 1),),
    "sqlite3.connect": ((0, None),),
}
_FRAME_ATTRS = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_back", "gi_yieldfrom"})


def make_audit_hook(workdir: str, violations: list, trust: tuple[tuple[str, ...], frozenset]):
    """Return ``(hook, allow_once)``: the audit hook for a child working in ``workdir``, and a
    function that lets one named event of the child's own thread through.

    ``violations`` collects one line per refusal. ``trust`` comes from :func:`trusted_code`:
    the directories of installed code (which the child cannot write, so code compiled from files
    there is what it says it is) and the code objects among it that hand frames to their caller.
    Installed code may fetch frames, unmarshal and re-flag code (``namedtuple``, ``warnings``,
    ``typing``, the import system, ``types.coroutine`` need it); the program itself may not, as a
    frame in its hands leads through ``f_back`` to the child's own machinery.
    """
    import sys

    _realpath = os.path.realpath
    _join = os.path.join
    _readlink = os.readlink
    _getcwd = os.getcwd
    _fsdecode = os.fsdecode
    _fspath = os.fspath
    _getpid = os.getpid
    _getframe = sys._getframe
    _open = open
    _type = type
    _str = str
    _int = int
    _append = list.append
    _PermissionError = PermissionError
    _ImportError = ImportError
    _startswith = str.startswith
    me = _getpid()
    root = _realpath(workdir)
    prefix = root.rstrip("/") + "/"
    siblings = os.path.dirname(root.rstrip("/")) + "/"  # other sessions' directories
    o_write = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
    busy = [False]
    allowance = [None]  # an event the child itself is about to raise (see allow_once)
    import threading

    _get_ident = threading.get_ident
    main_thread = _get_ident()
    roots, returners = trust
    _tuple_startswith = str.startswith

    def deny(what):
        _append(violations, what)
        raise _PermissionError("sandbox: " + what + " is not allowed")

    def deny_import(name):
        # An ImportError, so code that falls back when an optional module is missing still works.
        _append(violations, "import " + name)
        raise _ImportError("sandbox: import " + name + " is not allowed", name=name)

    def resolve(path, dir_fd):
        if _type(path) is _int:
            return _readlink("/proc/self/fd/" + _str(path))
        p = _fsdecode(_fspath(path))
        if not p.startswith("/"):
            base = _getcwd() if dir_fd is None else _readlink("/proc/self/fd/" + _str(dir_fd))
            p = _join(base, p)
        return _realpath(p)

    def inside(path, dir_fd=None):
        try:
            rp = resolve(path, dir_fd)
        except BaseException:  # noqa: BLE001 - unresolvable means refused
            return False
        return rp == root or _startswith(rp, prefix)

    def trusted(code):
        name = code.co_filename
        return _type(name) is _str and (_tuple_startswith(name, roots) or _tuple_startswith(name, "<frozen "))

    def caller_allowed(makes_code=False):
        # Frame 2 is the Python code that triggered the event (0: here, 1: the hook). Code made
        # from bytes (marshal, compile, code.replace) needs its caller's caller installed too, so
        # a program cannot simply hand its own bytes to an installed helper.
        busy[0] = True
        try:
            code = _getframe(2).f_code
            if not trusted(code):
                return False
            if makes_code:
                return trusted(_getframe(3).f_code)
            if code in returners:  # inspect.currentframe & co: only for installed callers
                back = _getframe(3).f_code
                return trusted(back) and back not in returners
            return True
        except BaseException:  # noqa: BLE001
            return False
        finally:
            busy[0] = False

    def same_as_file(source, name):
        """Installed code is compiled from its own file: the source must be that file's text."""
        busy[0] = True
        try:
            with _open(name, "rb") as fh:
                data = fh.read()
            if _type(source) is bytes:
                return source == data
            if _type(source) is _str:
                return source.encode("utf-8") == data
            return False  # an AST: made by someone, not read from the file
        except BaseException:  # noqa: BLE001
            return False
        finally:
            busy[0] = False

    def caller_name():
        busy[0] = True
        try:
            code = _getframe(2).f_code
            return code.co_filename.rpartition("/")[2] + ":" + code.co_name
        except BaseException:  # noqa: BLE001
            return "?"
        finally:
            busy[0] = False

    def hook(event, args):
        if busy[0]:
            return
        if allowance[0] is not None and event == allowance[0] and _get_ident() == main_thread:
            allowance[0] = None  # one event, once, from the child's own thread
            return
        if event in _ALWAYS_DENIED:
            deny(event)
        if event == "open":
            path, mode, flags = args
            writing = (_type(mode) is _str and ("w" in mode or "a" in mode or "x" in mode or "+" in mode)) or (
                _type(flags) is _int and flags != -1 and flags & o_write
            )
            if _type(path) is _int:
                if not inside(path):
                    deny("open of fd " + _str(path))
                return
            if writing:
                if not inside(path):
                    deny("writing " + _str(path)[:200])
            else:
                try:
                    rp = resolve(path, None)
                except BaseException:  # noqa: BLE001
                    return
                if _startswith(rp, "/proc/") or _startswith(rp, "/dev/mem") or _startswith(rp, "/dev/kmem"):
                    deny("reading " + rp[:200])
                if _startswith(rp, siblings) and not (rp == root or _startswith(rp, prefix)):
                    deny("reading another session's files")
            return
        spec = _PATH_EVENTS.get(event)
        if spec is not None:
            for pi, di in spec:
                dir_fd = args[di] if di is not None and di < len(args) else None
                if not inside(args[pi], dir_fd):
                    deny(event + " of " + _str(args[pi])[:200])
            return
        if event == "object.__getattr__":
            if len(args) > 1 and args[1] in _FRAME_ATTRS and not caller_allowed():
                deny("frame access (" + _str(args[1]) + ")")
            return
        if event == "object.__setattr__":
            if len(args) > 1 and args[1] == "__code__" and not caller_allowed():
                deny("replacing __code__")
            return
        if event == "compile":
            # A program may compile what it likes, but not under the name of installed code.
            name = args[1] if len(args) > 1 else None
            if _type(name) is bytes:
                name = _fsdecode(name)
            if _type(name) is _str and (_tuple_startswith(name, roots) or _tuple_startswith(name, "<frozen ")):
                if not caller_allowed(True) or not same_as_file(args[0], name):
                    deny("compiling code named " + name[:200])
            return
        if event == "code.__new__":  # hand-made bytecode can corrupt the interpreter's memory
            if not caller_allowed(True):  # types.coroutine (asyncio) re-flags code this way
                deny(event)
            return
        if event == "sys._getframe":
            if not caller_allowed():
                deny("sys._getframe from " + caller_name())
            return
        if event == "marshal.loads" or event == "marshal.load":
            # Code from bytes is the way to hand-crafted bytecode; the import system needs it for .pyc.
            if not caller_allowed(True):
                deny(event)
            return
        if event == "import":
            name = args[0]
            if _type(name) is _str and name.partition(".")[0] in DENIED_IMPORTS:
                deny_import(name)
            return
        if event in ("os.kill", "os.killpg"):
            if event == "os.killpg" or args[0] != me:
                deny(event + " of another process")
            return
        if _startswith(event, "ctypes.") or _startswith(event, "socket.") or _startswith(event, "semforge.denied"):
            deny(_str(args[0]) if event == "semforge.denied" and args else event)
        # Everything else (exec, compile, id, os.listdir, ...) is allowed.

    def allow_once(event):
        """Let the next ``event`` from this thread through (the child renewing its CPU budget)."""
        allowance[0] = event

    return hook, allow_once


def trusted_code() -> tuple[tuple[str, ...], frozenset]:
    """(directories of installed code, code objects that return frames to their caller).

    Computed once in the zygote. The directories are those of the interpreter and its
    site-packages; Landlock keeps the child from writing there.
    """
    import inspect
    import logging
    import site
    import sys
    import sysconfig
    import traceback
    import types

    dirs = {sys.prefix, sys.base_prefix, sys.exec_prefix, *sysconfig.get_paths().values()}
    try:
        dirs.update(site.getsitepackages())
    except AttributeError:
        pass
    roots = {os.path.realpath(d).rstrip("/") + "/" for d in dirs if d} | {d.rstrip("/") + "/" for d in dirs if d}
    roots.discard("/")  # an interpreter installed at / would otherwise make every file trusted
    roots = tuple(sorted(roots))
    returners = set()
    for f in (inspect.currentframe, inspect.stack, inspect.trace, inspect.getouterframes,
              inspect.getinnerframes, logging.currentframe, traceback.walk_stack, traceback.walk_tb):
        if isinstance(f, types.FunctionType):
            returners.add(f.__code__)
    return roots, frozenset(returners)


def make_stubs() -> dict:
    """Replacements for :data:`REMOVED_OS_NAMES` and :data:`SIGNAL_SETTERS`: ``{(module, name): stub}``.

    Built once in the zygote. Each stub raises through the audit hook (so the refusal is recorded);
    they live in a namespace holding only ``sys.audit``, so reaching their globals gains nothing.
    """
    import posix
    import signal
    import sys

    import _signal

    ns = {"_audit": sys.audit}
    stubs = {}
    for mods, names, prefix in (((os, posix), REMOVED_OS_NAMES, "os"), ((_signal, signal), SIGNAL_SETTERS, "signal")):
        for name in names:
            if any(name in m.__dict__ for m in mods):
                fname = f"{prefix}_{name}"
                exec(f"def {fname}(*args, **kwargs):\n    _audit('semforge.denied', '{prefix}.{name}')\n", ns)
                for m in mods:
                    stubs[(m.__name__, name)] = ns[fname]
    return stubs


def disarm_modules(stubs: dict) -> None:
    """Put the stubs of :func:`make_stubs` in place and forget the modules of DENIED_IMPORTS.

    The child keeps its own references (captured before this runs).
    """
    import sys

    for (modname, name), stub in stubs.items():
        mod = sys.modules.get(modname)
        if mod is not None and name in mod.__dict__:
            mod.__dict__[name] = stub
    for name in DENIED_IMPORTS:
        sys.modules.pop(name, None)


def prepare_libc():
    """Load the libc entry points the child needs, in the zygote (before any hook exists)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.syscall, libc.prctl
    except OSError:
        return None, None


def kernel_confine(workdir: str, syscall, prctl) -> str:
    """Apply Landlock write confinement and the parent-death signal; return what was applied."""
    applied = []
    if prctl is not None:
        if prctl(_PR_SET_PDEATHSIG, 9, 0, 0, 0) == 0:
            applied.append("pdeathsig")
        prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
        # No core dumps, even where core_pattern pipes to a handler (RLIMIT_CORE does not stop that).
        if prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0) == 0:
            applied.append("nodump")
    if syscall is None:
        return ",".join(applied)
    abi = syscall(_SYS_LANDLOCK_CREATE_RULESET, None, 0, 1)
    if abi < 1:
        return ",".join(applied)
    handled = 0
    for right, since in _FS_WRITE_RIGHTS.items():
        if abi >= since:
            handled |= right
    scoped = (_SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL) if abi >= 6 else 0
    if abi >= 6:
        attr = _RULESET_ATTR_V6(handled, 0, scoped)
    else:
        attr = _RULESET_ATTR(handled)
    rfd = syscall(_SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.sizeof(attr), 0)
    if rfd < 0:
        return ",".join(applied)
    try:
        dfd = os.open(workdir, os.O_PATH | os.O_DIRECTORY)
        try:
            rule = _PATH_BENEATH_ATTR()
            allowed = handled & ~1  # everything but EXECUTE, beneath the work directory
            ctypes.memmove(rule, ctypes.byref(ctypes.c_uint64(allowed)), 8)
            ctypes.memmove(ctypes.addressof(rule) + 8, ctypes.byref(ctypes.c_int32(dfd)), 4)
            if syscall(_SYS_LANDLOCK_ADD_RULE, rfd, 1, ctypes.byref(rule), 0) != 0:
                return ",".join(applied)
        finally:
            os.close(dfd)
        if syscall(_SYS_LANDLOCK_RESTRICT_SELF, rfd, 0) == 0:
            applied.append(f"landlock-abi{abi}")
    finally:
        os.close(rfd)
    return ",".join(applied)
