"""Hostile programs for tests/test_hostile.py.

Each defines ``f(outside_dir, canary_path)`` (or fails at load) and does one bad thing. ``kinds``
lists acceptable outcome kinds of the first call; ``reason`` a substring the outcome's reason must
hold; ``check`` an extra assertion over all outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Case:
    name: str
    code: str
    kinds: tuple[str, ...] = ("raise",)
    exc_type: str | None = None
    reason: str | None = None
    calls: int = 1
    load_kind: str | None = None
    check: Callable[[list], None] | None = None
    needs: str | None = None  # a kernel rule the case relies on (skipped where absent)


def _second_call_works(outs):
    assert outs[1]["kind"] in ("return", "raise"), outs[1]


def _value_is(tree):
    def check(outs):
        assert outs[0]["value"] == tree, outs[0]

    return check


def _absent(path):
    import os

    assert not os.path.exists(path), path


def _not_builtin_int(outs):
    v = outs[0]["value"]
    assert v[0] == "obj" and v[1].endswith("Liar") and v[3] == ["int", "1"], v


def _endless(outs):
    v = outs[0]["value"]
    assert v[0] == "gen" and v[2] is False and len(v[1]) == 10001 and v[1][-1][0] == "truncated", v[0]


def _stdout_capped(outs):
    out = outs[0]["stdout"]
    assert out.startswith("x" * 65536) and "sha256" in out[65536:] and len(out) < 65536 + 200
    assert "stdout truncated" in outs[0]["reason"]


DENIED = "sandbox refused"

HOSTILE = [
    Case("infinite_loop", "def f(d, c):\n    while True:\n        pass\n", ("timeout",), reason="wall clock"),
    Case("sleep", "import time\ndef f(d, c):\n    time.sleep(1000)\n", ("timeout",), reason="wall clock"),
    Case("memory_bomb", "def f(d, c):\n    return bytearray(8 * 1024**3)\n", ("raise",), exc_type="MemoryError"),
    Case(
        "memory_creep",
        "def f(d, c):\n    xs = []\n    while True:\n        xs.append(bytearray(10**7))\n",
        ("raise", "crash"),
    ),
    Case("fork_bomb", "import os\ndef f(d, c):\n    while True:\n        os.fork()\n", exc_type="PermissionError", reason=DENIED),
    Case("deep_recursion", "def f(d, c):\n    return f(d, c)\n", exc_type="RecursionError"),
    Case(
        "c_stack_overflow",
        "import sys\ndef f(d, c):\n    sys.setrecursionlimit(10**8)\n    x = []\n"
        "    for _ in range(2 * 10**5):\n        x = [x]\n    return repr(x)[:10]\n",
        ("crash", "timeout"),  # SIGSEGV; on a slow machine the kernel may take longer than the limit
    ),
    Case("os_system", "import os\ndef f(d, c):\n    return os.system('rm -f ' + c)\n", exc_type="PermissionError", reason=DENIED),
    Case(
        "subprocess",
        "def f(d, c):\n    import subprocess\n    return subprocess.run(['rm', '-f', c]).returncode\n",
        reason=DENIED,
    ),
    Case("delete_outside", "import os\ndef f(d, c):\n    os.remove(c)\n", exc_type="PermissionError", reason=DENIED),
    Case(
        "write_outside",
        "def f(d, c):\n    with open(c, 'w') as fh:\n        fh.write('pwned')\n",
        exc_type="PermissionError",
        reason=DENIED,
    ),
    Case(
        "create_outside",
        "import os\ndef f(d, c):\n    open(os.path.join(d, 'new.txt'), 'x').close()\n",
        exc_type="PermissionError",
        reason=DENIED,
    ),
    Case(
        "dir_fd_write",  # relative path + dir_fd slips past path checks; the kernel (Landlock) stops it
        "import os\ndef f(d, c):\n    dfd = os.open(d, os.O_RDONLY)\n"
        "    fd = os.open('canary.txt', os.O_WRONLY | os.O_TRUNC, dir_fd=dfd)\n    return fd\n",
        exc_type="PermissionError",
        needs="landlock",
    ),
    Case(
        "hardlink_then_write",
        "import os\ndef f(d, c):\n    os.link(c, 'mine.txt')\n    open('mine.txt', 'w').write('pwned')\n",
        exc_type="PermissionError",
        reason=DENIED,
    ),
    Case(
        "chdir_root_then_write",
        "import os\ndef f(d, c):\n    os.chdir(d)\n    open('canary.txt', 'w').write('pwned')\n",
        exc_type="PermissionError",
        reason=DENIED,
    ),
    Case(
        "chdir_slash_then_write",
        "import os\ndef f(d, c):\n    os.chdir('/')\n    open('semforge-hostile-pwned.txt', 'w').write('pwned')\n",
        exc_type="PermissionError",
        reason=DENIED,
        check=lambda outs: _absent("/semforge-hostile-pwned.txt"),
    ),
    Case("etc_passwd", "def f(d, c):\n    open('/etc/passwd', 'a').write('x')\n", exc_type="PermissionError", reason=DENIED),
    Case(
        "socket",
        "import socket\ndef f(d, c):\n    s = socket.socket()\n    s.connect(('1.1.1.1', 80))\n",
        exc_type="PermissionError",
        reason=DENIED,
    ),
    Case("sys_exit", "import sys\ndef f(d, c):\n    sys.exit(3)\n", exc_type="SystemExit", calls=2, check=_second_call_works),
    Case("os_exit", "import os\ndef f(d, c):\n    os._exit(3)\n", ("crash",), reason="exited with code 3"),
    Case("self_sigkill", "import os\ndef f(d, c):\n    os.kill(os.getpid(), 9)\n", ("crash",), reason="SIGKILL"),
    Case(
        "signal_handlers",
        "import signal\ndef f(d, c):\n    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n    signal.alarm(1)\n",
        exc_type="PermissionError",
        reason="signal.signal",
    ),
    Case(
        "sigmask",
        "import signal\ndef f(d, c):\n    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGKILL, signal.SIGTERM})\n",
        exc_type="PermissionError",
        reason=DENIED,
    ),
    Case(
        "ctypes_segfault",
        "def f(d, c):\n    import ctypes\n    return ctypes.string_at(0, 10)\n",
        exc_type="ImportError",  # an ImportError, so optional-import fallbacks keep working
        reason="import ctypes",
    ),
    Case("huge_stdout", "def f(d, c):\n    print('x' * 10**7)\n    return 1\n", ("return",), check=_stdout_capped),
    Case(
        "endless_stdout",
        "def f(d, c):\n    while True:\n        print('spam' * 100)\n",
        ("timeout",),
    ),
    Case(
        "monkeypatch_builtins",
        "import builtins\ndef f(d, c):\n    builtins.len = lambda x: 0\n    builtins.isinstance = lambda a, b: False\n"
        "    builtins.type = lambda x: int\n    builtins.repr = lambda x: 'fake'\n    return [1, 'a']\n",
        ("return",),
        calls=2,
        check=_value_is(["list", [["int", "1"], ["str", "a"]]]),
    ),
    Case(
        "patch_json_and_encoder",
        "import json, sys\ndef f(d, c):\n    json.dumps = lambda *a, **k: '\"fake\"'\n"
        "    import json.encoder as je\n    je.encode_basestring_ascii = lambda s: '\"fake\"'\n"
        "    import semforge.sandbox.encoding as e\n    e.encode = lambda *a, **k: ['int', '42']\n"
        "    e.dumps = lambda t: b'[]'\n    return 7\n",
        ("return",),
        calls=2,
        check=_value_is(["int", "7"]),
    ),
    Case(
        "write_into_result_channel",
        "import os\nFAKE = b'\\x00\\x00\\x00\\x20' + b'0' * 32\ndef f(d, c):\n    for fd in range(3, 10):\n"
        "        try:\n            os.write(fd, FAKE)\n        except OSError:\n            pass\n",
        ("return",),  # the program swallows the refusals; the reason still records them
        reason="os.write",
    ),
    Case(
        "open_result_channel",
        "def f(d, c):\n    with open(3, 'wb', closefd=False) as fh:\n        fh.write(b'\\x00\\x00\\x00\\x20' + b'0' * 32)\n",
        exc_type="PermissionError",
        reason=DENIED,
    ),
    Case("gc_spying", "import gc\ndef f(d, c):\n    return len(gc.get_objects())\n", exc_type="PermissionError", reason="gc.get_objects"),
    Case(
        "frame_walking",
        "import sys\ndef f(d, c):\n    return list(sys._getframe(1).f_locals)\n",
        exc_type="PermissionError",
        reason="sys._getframe",
    ),
    Case(
        "traceback_frame_walking",
        "def f(d, c):\n    try:\n        1 / 0\n    except ZeroDivisionError as e:\n"
        "        return list(e.__traceback__.tb_frame.f_back.f_locals)\n",
        exc_type="PermissionError",
        reason="frame access",
    ),
    Case(
        "inspect_currentframe",
        "import inspect\ndef f(d, c):\n    return list(inspect.currentframe().f_back.f_locals)\n",
        exc_type="PermissionError",
        reason="sys._getframe",
    ),
    Case(
        "generator_frame",
        "def f(d, c):\n    g = (i for i in range(3))\n    return list(g.gi_frame.f_back.f_locals)\n",
        exc_type="PermissionError",
        reason="frame access",
    ),
    Case(
        "compile_as_installed_code",
        "import json\ndef f(d, c):\n    ns = {}\n    exec(compile('import sys\\ndef g(): return sys._getframe(2)', json.__file__, 'exec'), ns)\n"
        "    return list(ns['g']().f_locals)\n",
        exc_type="PermissionError",
        reason="compiling code named",
    ),
    Case(
        "compile_through_importlib",
        "import importlib.abc, json\ndef f(d, c):\n"
        "    code = importlib.abc.InspectLoader.source_to_code(b'import sys\\ng = sys._getframe', json.__file__)\n"
        "    ns = {}\n    exec(code, ns)\n    return list(ns['g'](1).f_locals)\n",
        exc_type="PermissionError",
        reason="compiling code named",
    ),
    Case(
        "forged_code_object",
        "import json\ndef f(d, c):\n    return (lambda: 0).__code__.replace(co_filename=json.__file__)\n",
        exc_type="PermissionError",
        reason="code.__new__",
    ),
    Case(
        "marshal_bytecode",
        "import marshal\ndef f(d, c):\n    return marshal.loads(marshal.dumps((lambda: 0).__code__))\n",
        exc_type="PermissionError",
        reason="marshal.loads",
    ),
    Case(
        "sqlite_outside",
        "import sqlite3, os\ndef f(d, c):\n    sqlite3.connect(os.path.join(d, 'x.db')).execute('create table t(x)')\n",
        exc_type="PermissionError",
        reason=DENIED,
    ),
    Case("kill_parent", "import os\ndef f(d, c):\n    os.kill(os.getppid(), 9)\n", exc_type="PermissionError", reason=DENIED),
    Case(
        "close_all_fds",
        "import os\ndef f(d, c):\n    for fd in range(256):\n        try:\n            os.close(fd)\n"
        "        except OSError:\n            pass\n    return 1\n",
        ("crash",),
        reason="closed its channel",
    ),
    Case(
        "background_thread",
        "import threading, time\nN = [0]\ndef spin():\n    while True:\n        N[0] += 1\n"
        "def f(d, c):\n    threading.Thread(target=spin, daemon=True).start()\n    return 'started'\n",
        ("return",),
        calls=2,
        check=_value_is(["str", "started"]),
    ),
    Case(
        "atexit_write",
        "import atexit\ndef f(d, c):\n    atexit.register(lambda: open(c, 'w').write('pwned'))\n    return 1\n",
        ("return",),
    ),
    Case(
        "huge_recursion_limit",
        "import sys\ndef f(d, c):\n    sys.setrecursionlimit(10**9)\n    return sys.getrecursionlimit()\n",
        ("return",),
        calls=2,
    ),
    Case(
        "tiny_recursion_limit",
        "import sys\ndef f(d, c):\n    sys.setrecursionlimit(30)\n    return [[[[1]]]]\n",
        ("return",),
        calls=2,
        check=lambda outs: _value_is(["list", [["list", [["list", [["list", [["int", "1"]]]]]]]]])(outs[1:]),
    ),
    Case(
        "del_tricks",
        "class Evil:\n    def __del__(self):\n        open(C[0], 'w').write('pwned')\nC = []\n"
        "def f(d, c):\n    C[:] = [c]\n    return Evil()\n",
        ("return",),
        calls=2,
    ),
    Case(
        "always_equal",
        "class Liar(int):\n    def __eq__(self, other):\n        return True\n    __hash__ = int.__hash__\n"
        "def f(d, c):\n    return Liar(1)\n",
        ("return",),
        check=_not_builtin_int,
    ),
    Case(
        "endless_generator",
        "def f(d, c):\n    def g():\n        while True:\n            yield 1\n    return g()\n",
        ("return",),
        check=_endless,
    ),
    Case(
        "hostile_repr_and_iter",
        "class Bad:\n    __slots__ = ()\n    def __repr__(self):\n        raise ValueError('no')\n"
        "    def __iter__(self):\n        raise ValueError('no')\n    def __getattribute__(self, n):\n        raise ValueError('no')\n"
        "def f(d, c):\n    return [Bad()]\n",
        ("return",),
    ),
    Case(
        "sys_modules_patching",
        "import sys\ndef f(d, c):\n    for m in ('os', 'pickle', 'json', 'time', 'copy', 'builtins'):\n        sys.modules[m] = None\n"
        "    return 5\n",
        ("return",),
        calls=2,
        check=lambda outs: _value_is(["int", "5"])(outs[1:]),
    ),
    Case(
        "time_patched",
        "import time\ndef f(d, c):\n    time.sleep = lambda s: None\n    time.perf_counter_ns = lambda: 0\n"
        "    time.sleep(100)\n    return 1\n",
        ("return",),
        check=lambda outs: outs[0]["time_ns"] > 0 or None,
    ),
    Case(
        "env_tampering",
        "import os\ndef f(d, c):\n    os.environ['PATH'] = ''\n    os.environ['PYTHONHASHSEED'] = '0'\n    return 1\n",
        ("return",),
    ),
    Case(
        "raise_rlimits",
        "import resource\ndef f(d, c):\n    resource.setrlimit(resource.RLIMIT_AS, (-1, -1))\n",
        exc_type="PermissionError",
        reason="resource.setrlimit",
    ),
    Case(
        "read_own_memory",
        "def f(d, c):\n    return open('/proc/self/mem', 'rb').read(10)\n",
        exc_type="PermissionError",
        reason=DENIED,
    ),
    Case(
        "hostile_exception_str",
        "class E(Exception):\n    def __str__(self):\n        raise RuntimeError('no')\ndef f(d, c):\n    raise E()\n",
        ("raise",),
        exc_type="__program__.E",
    ),
    Case("syntax_error", "def f(d, c)\n    return 1\n", load_kind="load_error"),
    Case("missing_entry_point", "def g(d, c):\n    return 1\n", load_kind="load_error"),
    Case("loops_at_load", "while True:\n    pass\n", load_kind="timeout"),
    Case("exits_at_load", "import os\nos._exit(9)\n", load_kind="crash"),
]
