"""Real code compared as its callers see it: generators by their items, how they end and when
their side effects happen; methods by the instance after the call (attributes and slots, deep)
and the arguments after the call; methods of classes that hold live resources rejected with the
reason. A small package written here, read as a ``files`` corpus, verified in the real sandbox."""

from __future__ import annotations

import textwrap

import pytest

from semforge.pipeline.corpora import CorpusSpec, iter_corpus
from semforge.record import Rejection, Seed
from semforge.verifiers.python.program.in_module import GENERATOR_STEPS

GEN = '''
def drain(xs: list[int]):
    """Pops the items of ``xs`` one at a time: the caller sees the list shrink as it goes."""
    while xs:
        yield xs.pop()


def shout(words: list[str]):
    for w in words:
        print("at", w)
        yield w.upper()


def count_from(n: int):
    while True:
        yield n
        n += 1
'''

OBJ = '''
class Point:
    __slots__ = ("x", "y", "trail")

    def __init__(self, x: int, y: int):
        self.x = x
        self.y = y
        self.trail = [(x, y)]

    def move(self, dx: int) -> int:
        self.x += dx
        self.trail.append((self.x, self.y))
        return self.x


class Basket:
    def __init__(self, size: int):
        self.size = size

    def take(self, xs: list[int]) -> int:
        return xs.pop() + self.size
'''

RESOURCES = '''
import socket
import threading


class Client:
    def __init__(self, host: str):
        self.sock = socket.create_connection((host, 80))

    def ping(self, x: int) -> int:
        return x + 1


class Worker:
    def __init__(self, n: int):
        self.n = n
        self.thread = threading.Thread(target=print)
        self.thread.start()

    def double(self) -> int:
        return 2 * self.n


class Log:
    def __init__(self, name: str):
        self.fh = open(name, "a")

    def size(self) -> int:
        return 0


class Reader:
    def __init__(self, name: str):
        self.name = name

    def first(self) -> str:
        with open(self.name) as fh:
            return fh.readline()
'''


@pytest.fixture(scope="module")
def items(tmp_path_factory) -> dict:
    root = tmp_path_factory.mktemp("proj")
    pkg = root / "cmppkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    for name, text in (("gen.py", GEN), ("obj.py", OBJ), ("res.py", RESOURCES)):
        (pkg / name).write_text(textwrap.dedent(text).lstrip("\n"))
    spec = CorpusSpec(kind="files", path=str(pkg), module_context=True)
    return {i.source_id: i for i in iter_corpus(spec)}


def _verify(seed: Seed, variants: list[str]):
    from semforge.verifiers import VerifyConfig, verify_variants

    assert seed.code not in variants
    config = VerifyConfig(examples=20, measure_speed=False, probes=0)
    return [v.verdict for v in verify_variants(seed.code, seed.entry_point, variants, seed.inputs,
                                               config, context=seed.context)]


def test_a_generator_that_mutates_its_argument_as_it_goes_is_not_its_eager_version(items):
    drain = items["gen.py::drain"]
    assert isinstance(drain, Seed) and drain.context.kind == "generator"
    lazy_too = drain.code.replace("    while xs:\n        yield xs.pop()\n",
                                  "    while len(xs) > 0:\n        item = xs.pop()\n        yield item\n")
    # The same items, the same list at the end: but emptied before the first item is seen.
    eager = drain.code.replace("    while xs:\n        yield xs.pop()\n",
                               "    out = []\n    while xs:\n        out.append(xs.pop())\n"
                               "    yield from out\n")
    assert _verify(drain, [lazy_too, eager]) == ["equivalent", "different"]


def test_a_generator_that_prints_between_items_is_not_its_eager_version(items):
    shout = items["gen.py::shout"]
    # A plain function returning an iterator over a list made first: every line printed
    # before the first item.
    eager = shout.code.replace(
        '    for w in words:\n        print("at", w)\n        yield w.upper()\n',
        '    out = []\n    for w in words:\n        print("at", w)\n        out.append(w.upper())\n'
        '    return iter(out)\n')
    assert _verify(shout, [eager]) == ["different"]


def test_a_generator_is_compared_by_its_prefix_and_whether_it_ended(items):
    count = items["gen.py::count_from"]
    same = count.code.replace("    while True:\n        yield n\n        n += 1\n",
                              "    import itertools\n\n    yield from itertools.count(n)\n")
    # The same items as far as they are compared, then it ends where the original goes on.
    stops = count.code.replace("    while True:\n", f"    for _ in range({GENERATOR_STEPS}):\n")
    assert _verify(count, [same, stops]) == ["equivalent", "different"]


def test_a_method_is_compared_on_its_slots_deep_after_the_call(items):
    move = items["obj.py::Point.move"]
    assert move.context.kind == "method"
    same = move.code.replace("self.x += dx", "self.x = self.x + dx")
    # The same return value; the trail (a list in a slot) not extended.
    no_trail = move.code.replace("    self.trail.append((self.x, self.y))\n", "")
    # The same return value; the slot itself left as it was.
    unmoved = move.code.replace(
        "    self.x += dx\n    self.trail.append((self.x, self.y))\n    return self.x\n",
        "    self.trail.append((self.x + dx, self.y))\n    return self.x + dx\n")
    assert _verify(move, [same, no_trail, unmoved]) == ["equivalent", "different", "different"]


def test_a_method_is_compared_on_its_arguments_after_the_call(items):
    take = items["obj.py::Basket.take"]
    same = take.code.replace("return xs.pop() + self.size", "last = xs.pop()\n    return last + self.size")
    # The same return value; the caller's list left whole.
    peeks = take.code.replace("xs.pop()", "xs[-1]")
    assert _verify(take, [same, peeks]) == ["equivalent", "different"]


def test_methods_of_a_class_holding_a_live_resource_are_rejected_with_the_reason(items):
    reasons = {k: v.reason for k, v in items.items() if isinstance(v, Rejection)}
    for method, what in (("Client.ping", "module 'socket'"), ("Worker.double", "module 'threading'"),
                         ("Log.size", "impure builtin 'open'")):
        owner = method.partition(".")[0]
        assert reasons[f"res.py::{method}"].startswith(f"hazard: the constructor of '{owner}' "), reasons
        assert what in reasons[f"res.py::{method}"], reasons
        assert what in reasons[f"res.py::{owner}.__init__"], reasons
    assert "impure builtin 'open'" in reasons["res.py::Reader.first"]
    # The class whose constructor only stores a name is built; only its reading method goes.
    assert isinstance(items["res.py::Reader.__init__"], Seed)
