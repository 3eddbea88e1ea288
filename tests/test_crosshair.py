"""CrossHair as a second opinion: real CrossHair, in its confined process, and the real sandbox."""

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from semforge.pipeline.config import ConfigError, parse_config
from semforge.verifiers import VerifyConfig, verify_pair
from semforge.verifiers.python.judge.crosshair import literal, propose_inputs, remove_stale, unsupported_reason
from semforge.sandbox import Limits, default_root, shared_sandbox

from conftest import run_cli

pytest.importorskip("crosshair", reason="crosshair-tool is installed by `make setup` (extra [crosshair])")

FAST = VerifyConfig(examples=60, measure_speed=False)
WITH_CROSSHAIR = VerifyConfig(examples=60, measure_speed=False, crosshair=True, crosshair_budget_s=8)
IDENTITY = "def f(x: int) -> int:\n    return x\n"
# Differs on one input among 2**64: random and mutation-based testing do not hit it.
NEEDLE = "def f(x: int) -> int:\n    return x if x != 73_918_211 else -x\n"


def test_needle_is_missed_by_testing_and_found_by_crosshair_then_reproduced():
    off = verify_pair(NEEDLE, IDENTITY, "f", [[1], [5]], FAST)
    assert off.verdict == "equivalent" and off.method == "hypothesis-diff"

    on = verify_pair(NEEDLE, IDENTITY, "f", [[1], [5]], WITH_CROSSHAIR)
    assert on.verdict == "different", on.reason
    assert on.method == "hypothesis-diff+crosshair"
    assert "CrossHair found" in on.reason and "reproduced concretely" in on.reason
    cex = json.loads(on.counterexample)
    assert cex["args"] == "[73918211]"
    # Both outcomes come from the concrete sandboxed run, not from CrossHair's report.
    assert cex["original"]["value"] == ["int", "-73918211"]
    assert cex["variant"]["value"] == ["int", "73918211"]


def test_equivalent_annotated_pair_stays_equivalent():
    original = "def f(xs: list[int], k: int) -> int:\n    return sum(x * k for x in xs)\n"
    variant = ("def f(xs: list[int], k: int) -> int:\n    total = 0\n    for x in xs:\n"
               "        total += x * k\n    return total\n")
    # Lists do not exhaust: CrossHair spends its whole budget, so keep it short.
    short_budget = VerifyConfig(examples=60, measure_speed=False, crosshair=True, crosshair_budget_s=3)
    v = verify_pair(original, variant, "f", [[[1, 2], 3]], short_budget)
    assert v.verdict == "equivalent", v.reason
    assert v.method == "hypothesis-diff+crosshair"
    assert "CrossHair" in v.reason


def test_claim_that_does_not_reproduce_is_ignored_and_noted():
    # Behaves differently only while traced, i.e. only under CrossHair: its claim is false.
    variant = "import sys\ndef f(x: int) -> int:\n    return -x if sys.gettrace() is not None else x\n"
    proposal = propose_inputs(IDENTITY, variant, "f", 8)
    assert proposal.status == "done" and proposal.inputs, proposal.note
    v = verify_pair(IDENTITY, variant, "f", [[1], [5]], WITH_CROSSHAIR)
    assert v.verdict == "undecided", v.reason  # (it imports sys), never different
    assert "none reproduced concretely" in v.reason


def test_unannotated_function_skips_crosshair_with_a_reason():
    original = "def f(x):\n    return x + 1\n"
    v = verify_pair(original, "def f(x):\n    return 1 + x\n", "f", [[1], [5]], WITH_CROSSHAIR)
    assert v.verdict == "equivalent"
    assert v.method == "hypothesis-diff"
    assert "CrossHair skipped: parameter 'x' has no annotation" in v.reason


@pytest.mark.parametrize("code, why", [
    ("def f(x, y: int): return x", "parameter 'x' has no annotation"),
    ("class C: pass\ndef f(x: C): return x", "parameter 'x' has no annotation CrossHair can use"),
    ("from typing import Any\ndef f(x: Any): return x", "cannot make values of"),
    ("def f(*xs: int): return xs", "*args"),
    ("def g(x: int): return x", "no module-level def f"),
])
def test_unsupported_signatures(code, why):
    assert why in unsupported_reason(code, "f")


def test_a_variant_without_annotations_is_still_analysed_on_the_original_signature():
    v = verify_pair(NEEDLE, "def f(x):\n    return x\n", "f", [[1], [5]], WITH_CROSSHAIR)
    assert v.verdict == "different" and "CrossHair found" in v.reason


def test_hostile_variant_under_crosshair_changes_nothing_outside(tmp_path):
    outside = tmp_path / "escaped"
    received = []
    old = signal.signal(signal.SIGUSR1, lambda *_: received.append(1))
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    hostile = (
        "import os, signal, socket\n"
        "def f(x: int) -> int:\n"
        f"    for act in (lambda: open({str(outside)!r}, 'w').write('x'),\n"
        "                lambda: os.kill(os.getppid(), signal.SIGUSR1),\n"
        f"                lambda: socket.create_connection(('127.0.0.1', {server.getsockname()[1]}), 1),\n"
        f"                lambda: os.system('touch {outside}2'),\n"
        "                lambda: os.fork()):\n"
        "        try:\n"
        "            act()\n"
        "        except BaseException:\n"
        "            pass\n"
        "    return x\n")
    try:
        proposal = propose_inputs(IDENTITY, hostile, "f", 8)
        assert proposal.status == "done", proposal.note
        assert "sandbox refused" in proposal.note
        assert not outside.exists() and not (tmp_path / "escaped2").exists()
        assert received == []
        with pytest.raises(socket.timeout):
            server.accept()
    finally:
        server.close()
        signal.signal(signal.SIGUSR1, old)


def test_audit_hook_refuses_the_program_and_not_crosshair():
    # The guard's hook sits behind a filter; it must still tell the program's frames from
    # CrossHair's: the program's frame grab is refused and named, CrossHair's work goes on.
    variant = ("import sys, gc\ndef f(x: int) -> int:\n"
               "    for act in (lambda: sys._getframe(0), lambda: gc.get_objects(),\n"
               "                lambda: __import__('ctypes')):\n"
               "        try:\n            act()\n        except BaseException:\n            pass\n"
               "    return x if x != 73_918_211 else -x\n")
    proposal = propose_inputs(IDENTITY, variant, "f", 8)
    assert proposal.inputs == [[73918211]], proposal.note
    assert "sys._getframe from semforge_variant.py" in proposal.note
    assert "import ctypes" in proposal.note


def test_crosshair_process_is_confined_like_a_sandbox_session():
    sandbox = shared_sandbox(Limits())
    with sandbox.open(IDENTITY, "f") as session:
        kernel_rules = {r for r in session.confinement.split(",") if r}
    if sandbox.netns:
        kernel_rules.add("netns")
    proposal = propose_inputs(IDENTITY, "def f(x: int) -> int:\n    return x * 1\n", "f", 8)
    assert kernel_rules <= set(proposal.confinement.split(",")), proposal.confinement


def test_endless_variant_is_stopped_at_the_budget_and_the_run_goes_on():
    loop = "def f(x: int) -> int:\n    while True:\n        x += 1\n"
    proposal = propose_inputs(IDENTITY, loop, "f", 2)
    assert proposal.status == "timeout" and "budget" in proposal.note
    # Nothing left behind: the next analysis runs normally.
    assert propose_inputs(NEEDLE, IDENTITY, "f", 8).inputs == [[73918211]]


def test_a_difference_found_before_the_budget_runs_out_is_kept():
    # The needle is found at once; the loop then keeps CrossHair busy until it is killed.
    variant = ("def f(x: int) -> int:\n    if x == 73_918_211:\n        return -x\n"
               "    while x > 5:\n        x = x + 0\n    return x\n")
    proposal = propose_inputs(IDENTITY, variant, "f", 6)
    assert [73918211] in proposal.inputs, proposal.note


sys.path.insert(0, str(Path(__file__).parent / "hostile"))
from programs import DENIED, HOSTILE  # noqa: E402

# The sandbox's escape attempts (writes, deletes, links, processes, sockets, signals, atexit and
# __del__ writes), each run by CrossHair while it explores a harmless-looking variant.
ESCAPES = [c for c in HOSTILE if c.reason == DENIED or c.needs or c.name in ("atexit_write", "del_tricks")]


@pytest.mark.parametrize("case", ESCAPES, ids=[c.name for c in ESCAPES])
def test_sandbox_escape_attempts_under_crosshair(case, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    canary = outside / "canary.txt"
    canary.write_text("untouched")
    variant = (case.code.replace("def f(d, c):", "def _hostile(d, c):")
               + "\ndef f(x: int) -> int:\n    try:\n"
               + f"        _hostile({str(outside)!r}, {str(canary)!r})\n"
               + "    except BaseException:\n        pass\n    return x\n")
    proposal = propose_inputs(IDENTITY, variant, "f", 8)  # (they finish in well under a second)
    # Explored (to the end or to the budget): the attempt ran. "failed" (a load error, CrossHair
    # crashing) would leave the canary untouched without the escape ever being tried.
    assert proposal.status in ("done", "timeout"), proposal.note
    if case.reason == DENIED:  # the audit hook saw it (the kernel stops the rest)
        assert DENIED in proposal.note, proposal.note
    assert canary.read_text() == "untouched"
    assert sorted(p.name for p in outside.iterdir()) == ["canary.txt"]
    assert not os.path.exists("/semforge-hostile-pwned.txt")


def _alive_children(pid: int) -> list[int]:
    """Live (not zombie) child processes of ``pid``, from /proc."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(entry))
    return out


def test_killing_the_verifier_kills_crosshair_and_all_it_started():
    blocked = "import select\ndef f(x: int) -> int:\n    select.select([], [], [], 1000)\n    return x\n"
    script = ("from semforge.verifiers.python.judge.crosshair import propose_inputs\n"
              f"propose_inputs({IDENTITY!r}, {blocked!r}, 'f', 120)\n")
    verifier = subprocess.Popen([sys.executable, "-c", script])
    try:
        launched = []
        for _ in range(300):  # until CrossHair's two processes are up
            launched = [c for p in _alive_children(verifier.pid) for c in [p, *_alive_children(p)]]
            if len(launched) >= 2:
                break
            time.sleep(0.1)
        assert len(launched) >= 2, "CrossHair processes never started"
    finally:
        verifier.kill()
        verifier.wait()
    for _ in range(100):  # the kernel needs a moment to deliver the parent-death signals
        if not any(_is_alive(p) for p in launched):
            break
        time.sleep(0.1)
    assert not [p for p in launched if _is_alive(p)]
    # Its scratch directory outlived it (no finally ran); the next verifier sweeps it away.
    root = default_root() or tempfile.gettempdir()
    remove_stale(root)
    assert not [n for n in os.listdir(root) if n.startswith(f"semforge-crosshair-{verifier.pid}-")]


def test_scratch_directories_of_dead_verifiers_are_removed(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    stale = tmp_path / f"semforge-crosshair-{int(dead.stdout)}-abc_1"
    live = tmp_path / f"semforge-crosshair-{os.getpid()}-abc_2"
    other = tmp_path / "semforge-crosshair-notapid"
    for d in (stale, live, other):
        (d / "w").mkdir(parents=True)
    remove_stale(str(tmp_path))
    assert not stale.exists() and live.exists() and other.exists()


def _is_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


_TIED = """
import os, sys, time
from semforge.sandbox import tool
prepared = tool.prepare()
pid = FORK(prepared)
if pid == 0:
    os.close(1), os.close(2)  # the test reads the parent's output to its end
    time.sleep(3)  # the parent is long dead by now: this child must be too
    open(sys.argv[1], "w").write("outlived its parent")
    os._exit(0)
print(pid, flush=True)
time.sleep(float(sys.argv[2]))
os.kill(os.getpid(), 9)
"""


@pytest.mark.parametrize("parent_lives_s", [0.0, 0.3])
def test_a_tied_child_dies_with_its_parent_even_if_the_parent_dies_first(tmp_path, parent_lives_s):
    # 0.0: the parent is killed before the child has armed its signal (or just after): the
    # pipe tells the child. 0.3: the signal itself kills it.
    for fork, survives in (("tool.fork_tied", False), ("(lambda prepared: os.fork())", True)):
        marker = tmp_path / f"{survives}-{parent_lives_s}"
        parent = subprocess.run([sys.executable, "-c", _TIED.replace("FORK", fork), str(marker),
                                 str(parent_lives_s)], capture_output=True, text=True, timeout=60)
        assert parent.stdout.strip(), parent.stderr[-3000:]
        child = int(parent.stdout)
        for _ in range(100):
            if not _is_alive(child):
                break
            time.sleep(0.05)
        if survives:  # the check can fail: a plain fork outlives its parent
            for _ in range(200):
                if marker.exists():
                    break
                time.sleep(0.05)
            assert marker.exists(), "a plain fork's child died with its parent: nothing tested"
        else:
            assert not _is_alive(child), f"{fork}: the child outlived its parent"
            time.sleep(3.5)
            assert not marker.exists()


def test_report_values_are_parsed_without_evaluating_anything():
    assert literal("[1, -2.5, 'a', (True, None)]") == [1, -2.5, "a", (True, None)]
    assert literal("{1: {2, 3}, 'k': frozenset()}") == {1: {2, 3}, "k": frozenset()}
    assert literal("-inf") == float("-inf") and literal("nan") != literal("nan")
    for text in ("__import__('os').system('true')", "x", "[1] * 10", "f(1)", "..."):
        with pytest.raises((ValueError, SyntaxError)):
            literal(text)


def test_config_keys_validate_with_their_names():
    config = parse_config({"verify": {"crosshair": True, "crosshair_budget_s": 3}})
    assert config.verify.crosshair is True and config.verify.crosshair_budget_s == 3
    assert parse_config({}).verify.crosshair is False
    with pytest.raises(ConfigError, match=r"verify\.crosshair_budget_s"):
        parse_config({"verify": {"crosshair_budget_s": 0}})
    with pytest.raises(ConfigError, match=r"verify\.crosshair:"):
        parse_config({"verify": {"crosshair": "sometimes"}})
    with pytest.raises(ConfigError, match="did you mean 'crosshair'"):
        parse_config({"verify": {"crosshare": True}})


def test_cli_flag(tmp_path):
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"id": "needle", "language": "python", "original": NEEDLE,
                                 "variant": IDENTITY, "entry_point": "f",
                                 "seed_inputs": [[1]]}) + "\n")
    out = tmp_path / "out.jsonl"
    run_cli("verify", str(pairs), "-o", str(out), "--examples", "40", "--no-speed", "--crosshair",
            "--crosshair-budget", "8")
    line = json.loads(out.read_text())
    assert line["verdict"] == "different" and line["method"] == "hypothesis-diff+crosshair"
