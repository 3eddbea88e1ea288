"""The sandbox with real processes: encoding, outcomes, limits, lifecycle and recovery."""

from __future__ import annotations

import collections
import dataclasses
import dis
import fractions
import json
import math
import os
import signal
import socket
import time
import types

import pytest

from semforge.sandbox.encoding import dumps, encode, make_encoder, make_serializer
from semforge.sandbox import (OUTCOME_KEYS, Limits, Sandbox, Session, close_shared_sandboxes,
                              shared_sandbox)

I = lambda n: ["int", str(n)]  # noqa: E731


@pytest.fixture(scope="module")
def sandbox():
    sb = Sandbox(Limits(timeout_s=1.0, memory_mb=256))
    sb.start()
    yield sb
    sb.close()


# -- encoding -------------------------------------------------------------------------------------


@dataclasses.dataclass
class Point:
    x: int
    y: float


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self):
        self.a = 1


@pytest.mark.parametrize(
    "value, tree",
    [
        (None, ["none"]),
        (True, ["bool", True]),
        (-(10**30), ["int", "-" + "1" + "0" * 30]),
        (0.1, ["float", (0.1).hex()]),
        (-0.0, ["float", "-0x0.0p+0"]),
        (math.inf, ["float", "inf"]),
        (math.nan, ["float", "nan"]),
        (1 + 2j, ["complex", (1.0).hex(), (2.0).hex()]),
        ("é\x00", ["str", "é\x00"]),
        (b"\x00\xff", ["bytes", "00ff"]),
        ([1, (2,)], ["list", [I(1), ["tuple", [I(2)]]]]),
        ({"b": 1, "a": 2}, ["dict", [[["str", "b"], I(1)], [["str", "a"], I(2)]]]),
        (frozenset([3]), ["frozenset", [I(3)]]),
        (range(1, 9, 2), ["range", 1, 9, 2]),
        (Point(1, 2.0), ["obj", "test_sandbox.Point", ["dict", [[["str", "x"], I(1)], [["str", "y"], ["float", (2.0).hex()]]]]]),
        (Slotted(), ["obj", "test_sandbox.Slotted", ["dict", [[["str", "a"], I(1)]]]]),
        (fractions.Fraction(1, 3), ["obj", "fractions.Fraction", ["dict", [[["str", "_numerator"], I(1)], [["str", "_denominator"], I(3)]]]]),
        (int, ["type", "int"]),
        (Point, ["type", "test_sandbox.Point"]),
        (len, ["func", "len"]),
        (collections.OrderedDict(a=1), ["obj", "collections.OrderedDict", ["dict", []], ["dict", [[["str", "a"], I(1)]]]]),
        (iter([1, 2]), ["gen", [I(1), I(2)], True]),
    ],
)
def test_encode_exact(value, tree):
    assert encode(value) == tree
    assert dumps(tree).decode("ascii")  # serialisable


def test_encode_distinguishes_what_equality_would_not():
    assert encode(1) != encode(1.0) != encode(True)
    assert encode((1,)) != encode([1])
    assert encode(0.1 + 0.2) != encode(0.3)
    # Past str()'s default 4300-digit limit, still exact (expected values built without str()).
    assert encode(10**5000) == ["int", "1" + "0" * 5000]
    assert encode(-(10**5000 + 7)) == ["int", "-1" + "0" * 4999 + "7"]

    class Liar(int):
        def __eq__(self, other):
            return True

        __hash__ = int.__hash__

    tree = encode(Liar(5))
    assert tree[0] == "obj" and tree[3] == I(5)
    assert tree != I(5)


def test_encode_bounds_cycles_depth_and_size():
    a = [1]
    a.append(a)
    assert encode(a) == ["list", [I(1), ["cycle"]]]
    deep = []
    for _ in range(100):
        deep = [deep]
    assert "truncated" in str(encode(deep, max_depth=10))
    long = list(range(50))
    assert encode(long, max_items=10)[1][-1][0] == "truncated"
    assert len(encode(long, max_items=10)[1]) == 11

    def forever():
        while True:
            yield 0

    gen = encode(forever(), max_items=7)
    assert gen[0] == "gen" and len(gen[1]) == 8 and gen[2] is False
    assert gen != encode(forever(), max_items=7)  # endless: ends with a cut, never equal
    assert encode(iter(range(50)), max_items=7) == encode(iter(range(50)), max_items=7)
    shared = [0]
    for _ in range(40):  # a DAG that doubles at every level: the node budget stops it
        shared = [shared, shared]
    assert "truncated" in str(encode(shared, max_items=100, max_depth=100))


def test_encode_survives_hostile_methods():
    class Bad:
        def __repr__(self):
            raise RuntimeError

        def __getattribute__(self, name):
            raise RuntimeError

    class BadIter(list):
        def __iter__(self):
            raise RuntimeError

    # State read with object.__getattribute__ (Bad's never runs): an empty __dict__.
    bad = "test_sandbox.test_encode_survives_hostile_methods.<locals>.Bad"
    assert encode(Bad()) == ["obj", bad, ["dict", []]]
    assert encode(BadIter([1]))[3] == ["list", [I(1)]]  # read through list's own iterator


def _closure_functions(fn) -> list:
    """``fn`` and every function reachable from it through closure cells: all parts of the encoder."""
    found, stack = [], [fn]
    while stack:
        f = stack.pop()
        if any(f is g for g in found):
            continue
        found.append(f)
        for cell in f.__closure__ or ():
            try:
                value = cell.cell_contents
            except ValueError:  # an empty cell
                continue
            if isinstance(value, types.FunctionType):
                stack.append(value)
    return found


def test_encoder_and_serializer_use_no_globals():
    """Every name the closures use is bound when they are built, so later patching cannot reach
    them: checked in every part of the encoder (each module's closures), not only its entry."""
    parts = _closure_functions(make_encoder()) + _closure_functions(make_serializer())
    names = {f.__name__ for f in parts}
    assert {"encode", "enc", "seq", "container", "dict_node", "gen_node", "payload", "state_of",
            "cut", "rest_digest", "deep", "canon", "int_to_dec", "safe_repr", "qualname", "func_name",
            "dumps"} <= names
    for fn in parts:
        stack = [fn.__code__]
        while stack:
            code = stack.pop()
            globals_used = {i.argval for i in dis.get_instructions(code) if i.opname == "LOAD_GLOBAL"}
            assert not globals_used, (code.co_name, globals_used)
            stack.extend(c for c in code.co_consts if hasattr(c, "co_code"))


# -- outcomes -------------------------------------------------------------------------------------

PROGRAM = '''
import sys
counter = 0

def f(xs, mode="ok"):
    global counter
    counter += 1
    if mode == "print":
        print("out", counter)
        print("err", file=sys.stderr)
    if mode == "raise":
        raise ValueError("bad " + str(len(xs)))
    if mode == "exit":
        sys.exit(4)
    if mode == "loop":
        while True:
            pass
    if mode == "segv":
        import os
        os.kill(os.getpid(), 11)
    xs.append(counter)
    return sorted(xs)
'''


def test_return_mutation_and_output(sandbox):
    with sandbox.open(PROGRAM, "f") as s:
        assert s.load["kind"] == "return" and set(s.load) == set(OUTCOME_KEYS)
        assert "pdeathsig" in s.confinement  # Linux always has the parent-death signal
        out = s.call([[3, 1], "print"])
    assert out["kind"] == "return"
    assert out["value"] == ["list", [I(1), I(1), I(3)]]
    assert out["args_after"] == [["list", [I(3), I(1), I(1)]], ["str", "print"]]
    assert out["stdout"] == "out 1\n" and out["stderr"] == "err\n"
    assert isinstance(out["time_ns"], int) and out["time_ns"] > 0


def test_exceptions_are_outcomes(sandbox):
    with sandbox.open(PROGRAM, "f") as s:
        raised, exited, fine = s.call_many([[[1, 2], "raise"], [[], "exit"], [[], "ok"]])
    assert (raised["kind"], raised["exc_type"], raised["exc_msg"]) == ("raise", "ValueError", "bad 2")
    assert (exited["kind"], exited["exc_type"], exited["exc_msg"]) == ("raise", "SystemExit", "4")
    assert fine["value"] == ["list", [I(3)]]  # module state persists within a session


def test_calls_do_not_share_argument_objects(sandbox):
    shared = [0]
    with sandbox.open(PROGRAM, "f") as s:
        a, b = s.call_many([[shared], [shared]])
    assert a["value"] == ["list", [I(0), I(1)]] and b["value"] == ["list", [I(0), I(2)]]
    assert shared == [0]


def test_one_nan_object_arrives_as_one_object(sandbox):
    # pickle memoizes lists, not floats: without care ``[nan, nan]`` from one NaN arrives as two.
    nan = float("nan")
    code = "def f(xs, x):\n    return [xs[0] is xs[1], x is xs[0], xs.count(x)]\n"
    with sandbox.open(code, "f") as s:
        shared, distinct = s.call_many([[[nan, nan, 1.5], nan], [[nan, float("nan")], 1.5]])
    B = lambda b: ["bool", b]  # noqa: E731
    assert shared["value"] == ["list", [B(True), B(True), I(2)]], shared
    assert distinct["value"] == ["list", [B(False), B(False), I(0)]], distinct


def test_ints_past_4300_digits_are_encoded_without_lifting_the_limit_for_anyone_else():
    import sys

    big = 10**5000 + 7
    before = sys.get_int_max_str_digits()
    assert encode(big) == ["int", "1" + "0" * 4999 + "7"]
    assert sys.get_int_max_str_digits() == before  # the caller's limit is left as it was
    # A program's str() past 4300 digits raises, in the call after one whose big result the
    # child encoded, and even when the process that made the sandbox had lifted the limit.
    code = ("def f(n, back):\n    if back:\n        return n\n    try:\n        return len(str(n))\n"
            "    except ValueError:\n        return -1\n")
    sys.set_int_max_str_digits(0)
    try:
        with Sandbox(Limits(timeout_s=5.0)) as fresh, fresh.open(code, "f") as s:
            outs = s.call_many([[7, False], [big, True], [big, False]])
    finally:
        sys.set_int_max_str_digits(before)
    assert [o["value"] for o in outs] == [I(1), encode(big), I(-1)], outs


def test_timeout_ends_the_session_and_the_rest_of_the_batch(sandbox):
    with sandbox.open(PROGRAM, "f") as s:
        t0 = time.monotonic()
        outs = s.call_many([[[], "ok"], [[], "loop"], [[], "ok"]])
        assert time.monotonic() - t0 < 5
        assert [o["kind"] for o in outs] == ["return", "timeout", "timeout"]
        assert "wall clock" in outs[1]["reason"] and "not run" in outs[2]["reason"]
        assert not s.alive
        again = s.call([[], "ok"])
        assert again["kind"] == "timeout" and "not run" in again["reason"]
    with pytest.raises(ProcessLookupError):
        os.kill(s.pid, 0)


def test_crash_reports_the_signal(sandbox):
    with sandbox.open(PROGRAM, "f") as s:
        out = s.call([[], "segv"])
        assert out["kind"] == "crash" and "SIGSEGV" in out["reason"]
        assert not s.alive and s.failure is out


def test_load_errors(sandbox):
    with sandbox.open("def f(:\n", "f") as s:
        assert s.load["kind"] == "load_error" and s.load["exc_type"] == "SyntaxError"
        assert not s.alive
        assert s.call([1])["kind"] == "crash"
    with sandbox.open("x = 1\n", "f") as s:
        assert s.load["kind"] == "load_error" and s.load["exc_type"] == "NameError"
    with sandbox.open("f = 3\n", "f") as s:
        assert s.load["kind"] == "load_error" and s.load["exc_type"] == "TypeError"
    with sandbox.open("print('hello')\nraise KeyError(1)\n", "f") as s:
        assert s.load["stdout"] == "hello\n" and s.load["exc_type"] == "KeyError"


def test_time_calls(sandbox):
    code = "def f(xs):\n    xs.sort()\n    return xs\n"
    with sandbox.open(code, "f") as s:
        times = s.time_calls([[list(range(1000, 0, -1))]] * 5, rounds=4)
        assert len(times) == 4 and all(isinstance(t, int) and t > 0 for t in times)
        assert s.call([[2, 1]])["value"] == ["list", [I(1), I(2)]]  # still serving
    with sandbox.open(PROGRAM, "f") as s:
        assert s.time_calls([[[], "loop"]], rounds=3) == []
        assert s.failure["kind"] == "timeout" and not s.alive


def test_very_short_rounds_are_not_mistaken_for_forged_times(sandbox):
    # A round of a few microseconds can start in the child before the caller runs again; its time
    # must still count as plausible (this once dropped most speed labels of small programs).
    # Many tiny calls per round, as the verifier sends them (a large request, a short round).
    inputs = [[i] for i in range(200)]
    for _ in range(20):
        with sandbox.open("def f(x):\n    return x\n", "f") as s:
            assert len(s.time_calls(inputs, rounds=3)) == 3, s.failure


def test_sessions_are_isolated(sandbox):
    with sandbox.open(PROGRAM, "f") as a, sandbox.open(PROGRAM, "f") as b:
        assert a.pid != b.pid
        a.call_many([[[]]] * 3)
        assert b.call([[]])["value"] == ["list", [I(1)]]  # b's counter is its own
        assert a.call([[]])["value"] == ["list", [I(4)]]


def test_hash_seed_is_honoured():
    code = "def f(xs):\n    return list(set(xs))\n"
    words = [[["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]]]
    results = []
    for seed in (1, 1, 2):
        with Sandbox(Limits(hash_seed=seed)) as sb, sb.open(code, "f") as s:
            results.append(s.call(words[0])["value"])
    assert results[0] == results[1]
    assert results[0] != results[2]  # (these words: a different set order under seed 2)
    assert shared_sandbox(Limits(hash_seed=5)) is shared_sandbox(Limits(hash_seed=5))
    assert shared_sandbox(Limits(hash_seed=5)) is not shared_sandbox(Limits(hash_seed=6))


def test_closing_the_shared_sandboxes_makes_the_next_call_start_a_new_zygote():
    """What a benchmark does between two passes that must not share a zygote."""
    code = "def f():\n    return 1\n"
    old = shared_sandbox(Limits(hash_seed=7))
    with old.open(code, "f") as s:
        assert s.call([])["kind"] == "return"
    old_pid = old.zygote_pid
    close_shared_sandboxes()
    assert not old.zygote_alive()
    new = shared_sandbox(Limits(hash_seed=7))
    assert new is not old
    with new.open(code, "f") as s:
        assert s.call([])["kind"] == "return"
    assert new.zygote_pid != old_pid


def _fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def _zygote_children(sb: Sandbox) -> list[int]:
    with open(f"/proc/{sb.zygote_pid}/task/{sb.zygote_pid}/children") as f:
        return [int(p) for p in f.read().split()]


def test_many_sessions_leak_nothing(sandbox):
    with sandbox.open("def f():\n    return 1\n", "f") as s:
        s.call([])
    sandbox.start()  # a ping: answered once the zygote has handled everything before it
    fds, spares = _fds(), len(_zygote_children(sandbox))  # the zygote keeps one child ready
    for i in range(60):
        s = sandbox.open("def f(x):\n    return x + 1\n", "f")
        assert s.call([i])["value"] == I(i + 1)
        if i % 3:
            s.close()  # the others are closed by being dropped
        del s
    assert _fds() == fds
    sandbox.start()
    assert len(_zygote_children(sandbox)) == spares == 1


def test_zygote_death_is_recovered():
    sb = Sandbox(Limits(timeout_s=1.0))
    try:
        s = sb.open(PROGRAM, "f")
        old_zygote, child = sb.zygote_pid, s.pid
        os.kill(old_zygote, signal.SIGKILL)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:  # the child follows its zygote (parent-death signal)
            try:
                os.kill(child, 0)
            except ProcessLookupError:
                break
            time.sleep(0.01)
        else:
            pytest.fail("child outlived its zygote")
        out = s.call([[]])
        assert out["kind"] == "crash" and not s.alive
        with sb.open(PROGRAM, "f") as s2:
            assert s2.call([[]])["value"] == ["list", [I(1)]]
        assert sb.zygote_pid != old_zygote
    finally:
        sb.close()


def test_closing_the_sandbox_stops_zygote_and_children():
    sb = Sandbox()
    s = sb.open(PROGRAM, "f")
    zygote, child = sb.zygote_pid, s.pid
    sb.close()
    for pid in (zygote, child):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.01)
        else:
            pytest.fail(f"process {pid} survived Sandbox.close()")


# -- untrusted replies ----------------------------------------------------------------------------


class _FakeChild:
    """The far end of a real socket, writing whatever a compromised child might."""

    def __init__(self, sandbox: Sandbox):
        self.ours, self.theirs = socket.socketpair()
        self.session = Session(sandbox, self.ours, sid=-1, generation=-1)
        self.session._token = b"T" * 16

    def reply(self, body: bytes, token: bytes = b"T" * 16, length: int | None = None) -> dict:
        data = token + body
        n = len(data) if length is None else length
        self.theirs.sendall(n.to_bytes(4, "big") + data)
        return self.session.call([1])


GOOD = b'[1, 0, "return", ["int", "1"], null, null, "", "", null, 5, null]'


@pytest.mark.parametrize(
    "body, token, length, why",
    [
        (GOOD, b"X" * 16, None, "token"),
        (b"not json", b"T" * 16, None, "JSON"),
        (b"[" * 100000 + b"]" * 100000, b"T" * 16, None, "JSON"),
        (GOOD.replace(b"[1, 0", b"[9, 0"), b"T" * 16, None, "sequence"),
        (GOOD.replace(b'["int", "1"]', b'{"a": 1}'), b"T" * 16, None, "encoded trees"),
        (GOOD.replace(b'["int", "1"]', b'["float", 1.5]'), b"T" * 16, None, "encoded trees"),
        (GOOD.replace(b'"return"', b'"timeout"'), b"T" * 16, None, "not an outcome"),
        (GOOD.replace(b"5, null]", b'"5", null]'), b"T" * 16, None, "time_ns"),
        (GOOD + b" []", b"T" * 16, None, "one JSON array"),
        (b"", b"T" * 16, 2**31, "cap"),
    ],
)
def test_malformed_replies_are_crashes(sandbox, body, token, length, why):
    fake = _FakeChild(sandbox)
    out = fake.reply(body, token, length)
    assert out["kind"] == "crash" and why in out["reason"], out
    assert not fake.session.alive


def test_well_formed_reply_is_accepted(sandbox):
    """The fake child itself works: the malformed cases above fail for their own reason."""
    out = _FakeChild(sandbox).reply(GOOD)
    assert out["kind"] == "return" and out["value"] == ["int", "1"] and out["time_ns"] == 5


def test_silent_child_is_a_timeout(sandbox):
    fake = _FakeChild(Sandbox(Limits(timeout_s=0.2)))
    out = fake.session.call([1])
    assert out["kind"] == "timeout"


def test_children_share_a_reproducible_random_state(sandbox):
    """Original and variant see the same unseeded random stream, so such programs can agree."""
    code = "import random\ndef f():\n    return [random.random() for _ in range(3)]\n"
    values = []
    for _ in range(2):
        with sandbox.open(code, "f") as s:
            values.append(s.call([])["value"])
    assert values[0] == values[1]


def test_one_sandbox_serves_many_threads(sandbox):
    """Dask runs tasks in threads: sessions opened and used from several threads at once."""
    from concurrent.futures import ThreadPoolExecutor

    code = "def f(x):\n    return x * x\n"

    def work(k):
        results = []
        for _ in range(5):
            with sandbox.open(code, "f") as s:
                results += [o["value"] for o in s.call_many([[k], [k + 1]])]
        return results

    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(work, range(8)))
    for k, results in enumerate(got):
        assert results == [I(k * k), I((k + 1) ** 2)] * 5


def test_encode_exceptions_and_fast_path_agree():
    assert encode(ValueError("x", 1)) == ["obj", "ValueError", ["dict", []], ["tuple", [["str", "x"], I(1)]]]
    mixed = [1, "a", 2.5, True, None, [3], 10**2000]
    slow = ["list", [I(1), ["str", "a"], ["float", (2.5).hex()], ["bool", True], ["none"], ["list", [I(3)]], ["int", str(10**2000)]]]
    assert encode(mixed) == slow


def test_nothing_outlives_a_killed_caller(tmp_path):
    """SIGKILL the calling process: its zygote sees its control socket close, and takes its
    children (and their parent-death signal fires) with it."""
    import subprocess
    import sys

    script = (
        "import os, sys\n"
        "from semforge.sandbox import Sandbox\n"
        "sb = Sandbox()\n"
        "s = sb.open('import time\\ndef f():\\n    time.sleep(100)\\n', 'f')\n"
        "print(sb.zygote_pid, s.pid, flush=True)\n"
        "s._send(('call', 1, [__import__('pickle').dumps([])]))\n"  # the child is now busy sleeping
        "sys.stdin.read()\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    zygote, child = map(int, proc.stdout.readline().split())
    proc.kill()
    proc.wait()
    for pid in (zygote, child):
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)
        else:
            pytest.fail(f"process {pid} outlived its caller")


BURN = "import time\ndef f(seconds):\n    end = time.process_time() + seconds\n    while time.process_time() < end:\n        pass\n    return seconds\n"


@pytest.mark.slow
def test_cpu_limit_bounds_each_call_not_the_session():
    """cpu_s (whole seconds, as RLIMIT_CPU counts them) is renewed before every call."""
    with Sandbox(Limits(timeout_s=20.0, cpu_s=1)) as sb:
        with sb.open(BURN, "f") as s:
            outs = s.call_many([[0.4]] * 3)  # 1.2 s in all, under 1 s each
            assert [o["kind"] for o in outs] == ["return"] * 3, outs
            over = s.call([2.2])  # a call gets between cpu_s and cpu_s + 1 seconds
        assert over["kind"] == "crash" and "SIGXCPU" in over["reason"], over


def test_cut_values_never_compare_equal_but_long_containers_do():
    long_a, long_b = list(range(30)), list(range(29)) + [0]
    assert encode(long_a, max_items=10) == encode(list(range(30)), max_items=10)  # digest of the rest
    assert encode(long_a, max_items=10) != encode(long_b, max_items=10)
    assert encode(dict.fromkeys(range(30)), max_items=10) != encode(dict.fromkeys(range(31)), max_items=10)
    big = list(range(100))
    assert encode(big, max_items=1) != encode(big, max_items=1)  # past 100x max_items: cut


def nested(levels: int, inner, wrap=lambda x: [x]):
    for _ in range(levels):
        inner = wrap(inner)
    return inner


def _node_at(tree, depth: int):
    """The node ``depth`` levels down the first item of every level (lists, dicts, objects)."""
    for _ in range(depth):
        tag = tree[0]
        tree = tree[1][0] if tag in ("list", "tuple") else tree[1][0][1] if tag == "dict" else tree[2][1][0][1]
    return tree


class Linked:
    def __init__(self, nxt):
        self.nxt = nxt


DEEP_WRAPS = {"list": lambda x: [x], "tuple": lambda x: (x,), "dict": lambda x: {"k": x},
              "object": Linked}


@pytest.mark.parametrize("wrap", DEEP_WRAPS, ids=list(DEEP_WRAPS))
@pytest.mark.parametrize("levels", [80, 5000])
def test_deep_values_are_one_exact_digest(wrap, levels):
    """Past max_depth a value is one digest of all of it (walked without recursion), not a cut:
    equal deep values give equal trees, a change at the innermost level (value, type, one more
    level) gives another digest, and the digest counts as exact (weigh finds no cut)."""
    from semforge.verifiers.python.compare.weigh import weigh

    w = DEEP_WRAPS[wrap]
    tree = encode(nested(levels, 1, w))
    assert tree == encode(nested(levels, 1, w))
    for other in (nested(levels, 2, w), nested(levels, 1.0, w), nested(levels, True, w),
                  nested(levels + 1, 1, w), nested(levels - 1, 1, w)):
        assert encode(other) != tree
    digest = _node_at(tree, 51)
    assert digest[0] == "truncated" and digest[1].startswith("sha256:") and ":deep:" in digest[1]
    assert weigh({"value": tree})[0] is False
    dumps(tree)  # stays within the serializer's own nesting limit


def test_deep_cycles_sets_and_hostile_values_are_digested_deterministically():
    loop = []
    loop.append(loop)
    two_a, two_b = [], []
    two_a.append(two_b)
    two_b.append(two_a)
    me = Linked(None)
    me.nxt = me  # objects are not on the path above max_depth: unrolled to it, then a cycle
    assert encode(nested(60, loop)) == encode(nested(60, loop))
    assert encode(nested(60, loop)) != encode(nested(60, two_a))
    assert encode(me) == encode(me) and "sha256:" in str(encode(me))
    # Sets: the digest sorts their items, so iteration order (insertion history) does not count.
    s1, s2 = {1, 9}, set()
    s2.add(9)
    s2.add(1)
    assert list(s1) != list(s2)
    assert encode(nested(60, [s1, frozenset([(1,), (9,)])])) == encode(nested(60, [s2, frozenset([(9,), (1,)])]))
    assert encode(nested(60, {1, 9})) != encode(nested(60, {1, 8}))

    class Slot:
        __slots__ = ("x",)

    class Hostile(Slot):
        def __iter__(self):
            raise StopIteration

        def __next__(self):
            raise StopIteration

        def __eq__(self, other):
            raise StopIteration

        def __hash__(self):
            raise StopIteration

        def __repr__(self):
            raise StopIteration

        @property
        def x(self):
            raise StopIteration

    class BadList(list):
        def __iter__(self):
            raise StopIteration

    def hostile():  # an iterator is consumed by encoding it: a fresh one every time
        return nested(60, [Hostile(), BadList([1]), ValueError(nested(300, 0)), iter([nested(70, 2)])])

    assert encode(hostile()) == encode(hostile()) and "sha256:" in str(encode(hostile()))
    # A Python function or an endless generator deep inside: no digest could be exact, so a cut.
    for cut_inside in (nested(80, lambda: 0), nested(80, itertools_count())):
        tree = encode(cut_inside)
        assert tree != encode(cut_inside) and "sha256:" not in str(tree)


def itertools_count():
    n = 0
    while True:
        yield n
        n += 1


def test_deep_values_past_the_node_budget_are_cut():
    """A huge deep value still ends in a cut (a fresh nonce), not in unbounded work."""
    wide = nested(80, list(range(5000)))
    tree = encode(wide, max_items=10)  # node budget 1000
    assert tree != encode(wide, max_items=10) and "sha256:" not in str(tree)
    shared = [0]
    for _ in range(60):  # a DAG that doubles at every level, all of it past max_depth
        shared = [shared, shared]
    assert "sha256:" not in str(encode(nested(45, shared), max_items=100))
    small = nested(80, list(range(50)))  # within the budget: a digest, long tail included
    assert encode(small, max_items=10) == encode(small, max_items=10)


def test_deep_digests_do_not_depend_on_the_hash_seed():
    """The verifier runs the original under two PYTHONHASHSEEDs: a deep set of strings (whose
    iteration order follows the seed) must digest the same under both."""
    import subprocess
    import sys

    script = ("import json\nfrom semforge.sandbox.encoding import encode\n"
              "x = {'alpha', 'beta', 'gamma', ('delta',), frozenset('xyz')}\n"
              "for _ in range(70):\n    x = [x]\n"
              "print(json.dumps([encode(x), list({'alpha', 'beta', 'gamma', 'eps'})]))\n")
    outs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")]
    trees = [json.loads(o)[0] for o in outs]
    assert len({json.dumps(json.loads(o)[1]) for o in outs}) > 1  # the seeds do change set order
    assert trees[0] == trees[1] == trees[2] and "sha256:" in str(trees[0])


def test_cut_outputs_and_functions_compare_soundly(sandbox):
    """Output past max_output, long messages and returned functions never make two runs equal by
    accident: cut text carries a digest of all of it, a Python function a fresh nonce."""
    code = "def f(n, tail):\n    print('x' * n + tail)\n    return lambda: n\n"
    with sandbox.open(code, "f") as s:
        a, b, c = s.call_many([[70000, "a"], [70000, "b"], [70000, "a"]])
    assert a["stdout"] != b["stdout"] and a["stdout"] == c["stdout"]
    assert a["value"][0] == "func" and a["value"] != c["value"]
    assert encode(len) == ["func", "len"]


def test_output_kept_by_the_program_is_still_captured(sandbox):
    """A program that binds sys.stdout at import (OUT = sys.stdout) prints into every call's capture."""
    code = "import sys\nOUT = sys.stdout\ndef f(x):\n    print(x, file=OUT)\n    return x\n"
    with sandbox.open(code, "f") as s:
        a, b = s.call_many([[1], [2]])
    assert (a["stdout"], b["stdout"]) == ("1\n", "2\n")


def test_killed_zygote_leaves_no_directory_behind(tmp_path):
    """A zygote killed outright cannot clean up; the next zygote on the same root does it."""
    first = Sandbox(workdir_root=str(tmp_path))
    first.start()
    os.kill(first.zygote_pid, signal.SIGKILL)
    first._proc.wait()
    assert len(list(tmp_path.iterdir())) == 1
    with Sandbox(workdir_root=str(tmp_path)) as second:
        second.start()
        assert [p.name.split("-")[2] for p in tmp_path.iterdir()] == [str(second.zygote_pid)]
    first.close()
    assert list(tmp_path.iterdir()) == []
