"""Hostile programs against the sandbox: each does one bad thing, in a real child process.

For every program: the outcome kind is the expected one and carries a reason (or the expected
exception), the canary files outside the sandbox are untouched, and the same sandbox keeps serving
a benign program afterwards. The programs live in ``tests/hostile/programs.py``.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "hostile"))
from programs import HOSTILE  # noqa: E402

from semforge.sandbox import Limits, Sandbox  # noqa: E402

LIMITS = Limits(timeout_s=1.5, memory_mb=256, cpu_s=10)
BENIGN = "def f(x):\n    return sorted(x)\n"


@pytest.fixture(scope="module")
def sandbox():
    sb = Sandbox(LIMITS)
    sb.start()
    yield sb
    sb.close()


@pytest.fixture
def canaries(tmp_path):
    """A directory with a canary file and its content; checked unchanged after each program."""
    d = tmp_path / "outside"
    d.mkdir()
    canary = d / "canary.txt"
    canary.write_text("untouched")
    return d, canary


def _check_canaries(d: Path, canary: Path) -> None:
    assert canary.exists(), "canary deleted"
    assert canary.read_text() == "untouched", "canary modified"
    assert sorted(p.name for p in d.iterdir()) == ["canary.txt"], "file created outside the sandbox"


@pytest.mark.parametrize("case", HOSTILE, ids=[c.name for c in HOSTILE])
def test_hostile_program(sandbox, canaries, case):
    d, canary = canaries
    zygote = sandbox.zygote_pid
    with sandbox.open(case.code, "f") as s:
        if case.needs and case.needs not in s.confinement:
            pytest.skip(f"this kernel does not give children {case.needs} ({s.confinement or 'nothing'})")
        if case.load_kind is not None:
            assert s.load["kind"] == case.load_kind, s.load
            assert s.load["reason"] or s.load["exc_type"]
            outcomes = []
        else:
            assert s.load["kind"] == "return", s.load
            outcomes = s.call_many([[str(d), str(canary)] for _ in range(case.calls)])
    for out in outcomes:
        assert set(out) >= {"kind", "value", "exc_type", "exc_msg", "stdout", "stderr", "args_after", "time_ns", "reason"}
    if outcomes:
        out = outcomes[0]
        assert out["kind"] in case.kinds, out
        if case.exc_type is not None:
            assert out["exc_type"] == case.exc_type, out
        if case.reason is not None:
            assert out["reason"] and case.reason in out["reason"], out
        if case.check is not None:
            case.check(outcomes)
    _check_canaries(d, canary)
    # The caller and the sandbox are unharmed: same zygote, next program works.
    assert os.getpid() > 0
    with sandbox.open(BENIGN, "f") as s:
        assert s.call([[3, 1, 2]])["value"] == ["list", [["int", "1"], ["int", "2"], ["int", "3"]]]
    assert sandbox.zygote_pid == zygote


def test_hostile_cannot_touch_a_concurrent_session(sandbox, tmp_path):
    """A hostile child writes, deletes and reads in a sibling session's directory and signals it."""
    victim_code = (
        "import os\n"
        "def f(op):\n"
        "    if op == 'write':\n"
        "        with open('mine.txt', 'w') as fh: fh.write('victim')\n"
        "        return os.getcwd()\n"
        "    with open('mine.txt') as fh: return fh.read()\n"
    )
    attacker_code = (
        "import os, glob\n"
        "def f(victim_dir, victim_pid):\n"
        "    done = []\n"
        "    for action in (\n"
        "        lambda: open(os.path.join(victim_dir, 'mine.txt'), 'w').write('pwned'),\n"
        "        lambda: os.remove(os.path.join(victim_dir, 'mine.txt')),\n"
        "        lambda: os.kill(victim_pid, 9),\n"
        "        lambda: open(os.path.join(victim_dir, 'mine.txt')).read(),\n"
        "        lambda: [open(p, 'w').write('pwned') for p in glob.glob(os.path.join(os.path.dirname(victim_dir), '*', '*'))],\n"
        "    ):\n"
        "        try:\n"
        "            action(); done.append('ok')\n"
        "        except Exception as e:\n"
        "            done.append(type(e).__name__)\n"
        "    return done\n"
    )
    with sandbox.open(victim_code, "f") as victim, sandbox.open(attacker_code, "f") as attacker:
        where = victim.call(["write"])
        assert where["kind"] == "return"
        victim_dir = where["value"][1]
        out = attacker.call([victim_dir, victim.pid])
        assert out["kind"] == "return", out
        assert out["value"][1][:4] == [["str", "PermissionError"]] * 4, out
        assert ["str", "ok"] not in out["value"][1], out
        assert "sandbox refused" in out["reason"]
        after = victim.call(["read"])
        assert after["kind"] == "return" and after["value"] == ["str", "victim"], after
        assert victim.alive


def test_program_state_does_not_leak_between_sessions(sandbox):
    """Patching builtins, sys.modules and globals in one session is invisible in the next."""
    patcher = (
        "import builtins, sys, os\n"
        "def f():\n"
        "    builtins.sorted = lambda x: ['patched']\n"
        "    sys.modules['json'] = None\n"
        "    os.environ['SEMFORGE_PATCHED'] = '1'\n"
        "    return sorted([2, 1])\n"
    )
    with sandbox.open(patcher, "f") as s:
        assert s.call([])["value"] == ["list", [["str", "patched"]]]
    probe = "import os, json\ndef f(x):\n    return [sorted(x), os.environ.get('SEMFORGE_PATCHED')]\n"
    with sandbox.open(probe, "f") as s:
        out = s.call([[2, 1]])
    assert out["value"] == ["list", [["list", [["int", "1"], ["int", "2"]]], ["none"]]], out


def test_kill_of_the_caller_is_refused(sandbox):
    """os.kill of the zygote, the caller or process group 0: refused, and everyone survives."""
    code = (
        "import os, signal\n"
        "def f(pids):\n"
        "    res = []\n"
        "    for p in pids:\n"
        "        try:\n"
        "            os.kill(p, signal.SIGKILL); res.append('sent')\n"
        "        except Exception as e:\n"
        "            res.append(type(e).__name__)\n"
        "    return res\n"
    )
    with sandbox.open(code, "f") as s:
        out = s.call([[os.getpid(), sandbox.zygote_pid, 0, -1]])
    assert out["kind"] == "return"
    assert "sent" not in str(out["value"])
    assert sandbox.zygote_pid is not None
    os.kill(sandbox.zygote_pid, 0)  # still there
    assert signal.SIGKILL  # the test process itself is obviously still running
