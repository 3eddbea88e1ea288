"""Real code as seeds: a small package written here, with its own tests/ folder, read as a
``files`` corpus. Every function and method it has is a seed or a rejection with its reason;
the package's tests run confined under the tracer and give the seeds their inputs; modules
load in the real sandbox."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from semforge.pipeline.carve import run_tests
from semforge.pipeline.corpora import CorpusSpec, iter_corpus
from semforge.pipeline.plan import ScanStats, plan_shards
from semforge.record import Rejection, Seed

FILES = {
    "pyproject.toml": '[project]\nname = "minipkg"\nversion = "1.2.3"\n',
    "minipkg/__init__.py": "from .core import Counter, slug\n",
    "minipkg/util.py": '''
        SEP = "-"


        def clean(text):
            return text.strip().lower()
        ''',
    "minipkg/core.py": '''
        import re
        import time

        from .util import SEP, clean

        _WORDS = re.compile(r"[a-z0-9]+")


        def slug(text: str) -> str:
            """Words of ``text`` joined by SEP.

            >>> slug("A b")
            'a-b'
            """
            return SEP.join(_WORDS.findall(clean(text)))


        def double(x: int) -> int:
            return 2 * x


        def stamp() -> float:
            return time.time()


        def chunks(xs, n):
            for i in range(0, len(xs), n):
                print("chunk", i)
                yield xs[i:i + n]


        class Counter:
            def __init__(self, start: int = 0):
                self.total = start
                self.seen = []

            def add(self, x: int) -> int:
                self.seen.append(x)
                self.total += x
                return self.total

            @property
            def mean(self):
                return self.total / len(self.seen)

            def reset(self):
                raise NotImplementedError
        ''',
    # Its import opens a socket: refused in the sandbox, so the module does not load.
    "minipkg/broken.py": '''
        import socket

        OFFSET = len("a")
        socket.socket()


        def shift(x):
            return x + OFFSET


        def unshift(x):
            return x - OFFSET
        ''',
    # A def whose name is bound to something else once the module has run.
    "minipkg/fast.py": '''
        def magnitude(x):
            return x if x >= 0 else -x


        magnitude = abs
        ''',
    "tests/test_core.py": '''
        from minipkg.core import Counter, chunks, double, slug


        def test_slug():
            assert slug(" Hello World ") == "hello-world"


        def test_double():
            assert double(21) == 42


        def test_chunks():
            assert list(chunks([1, 2, 3], 2)) == [[1, 2], [3]]


        def test_counter():
            c = Counter(5)
            assert c.add(3) == 8
            assert c.mean == 8.0
        ''',
}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("proj")
    for rel, text in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    return root


@pytest.fixture(scope="module")
def items(project) -> dict:
    spec = CorpusSpec(kind="files", path=str(project / "minipkg"), tests=str(project / "tests"),
                      module_context=True)
    return {i.source_id: i for i in iter_corpus(spec)}


def test_every_function_and_method_is_a_seed_or_a_rejection(items):
    seeds = {k: v for k, v in items.items() if isinstance(v, Seed)}
    reasons = {k: v.reason for k, v in items.items() if isinstance(v, Rejection)}
    assert sorted(seeds) == [
        "core.py::Counter.__init__", "core.py::Counter.add", "core.py::Counter.mean",
        "core.py::chunks", "core.py::double", "core.py::slug", "util.py::clean"]
    assert reasons == {
        "__init__.py": "no function or method",
        "broken.py": "module does not load in the sandbox: PermissionError: sandbox: socket.__new__ "
                     "is not allowed (sandbox refused: socket.__new__) (2 functions and methods)",
        "core.py::Counter.reset": "stub: 'reset' has no body to compare (only pass, ... or raise "
                                  "NotImplementedError)",
        "core.py::stamp": "hazard: uses module 'time' (I/O, clock, randomness or interpreter state)",
        "fast.py::magnitude": "not what runs: 'magnitude' is bound to another object once the "
                              "module has loaded (builtins.builtin_function_or_method)",
    }
    kinds = {k: v.context.kind for k, v in seeds.items()}
    assert kinds == {
        "core.py::Counter.__init__": "constructor", "core.py::Counter.add": "method",
        "core.py::Counter.mean": "property", "core.py::chunks": "generator",
        "core.py::double": "function", "core.py::slug": "function", "util.py::clean": "function"}
    slug = seeds["core.py::slug"]
    assert slug.context.needs_module and slug.code.startswith("def slug(text: str) -> str:")
    assert slug.context.published() == {
        "package": "minipkg", "version": "1.2.3", "digest": slug.context.digest,
        "module": "minipkg.core", "path": "core.py", "qualname": "slug", "kind": "function"}
    assert not seeds["core.py::double"].context.needs_module  # self-contained: runs alone
    assert seeds["core.py::Counter.add"].code.startswith("def add(self, x: int) -> int:")


def test_inputs_come_from_the_projects_tests_and_doctests(items):
    inputs = {k: v.inputs for k, v in items.items() if isinstance(v, Seed)}
    assert inputs["core.py::slug"] == [[" Hello World "], ["A b"]]  # the test's call, the doctest's
    assert inputs["core.py::double"] == [[21]]
    assert inputs["core.py::chunks"] == [[[1, 2, 3], 2]]
    assert inputs["util.py::clean"] == [[" Hello World "]]  # called by slug during the test
    # Methods: the instance's constructor arguments (one tuple), then the method's.
    assert inputs["core.py::Counter.__init__"] == [[5]]
    assert inputs["core.py::Counter.add"] == [[(5,), 3]]
    assert inputs["core.py::Counter.mean"] == [[(5,)]]


def test_the_test_run_is_confined_and_counts_the_tests_that_call_each_function(project):
    report = run_tests(project / "minipkg", project / "tests", [project])
    assert report.status == "done" and report.tests == {"passed": 4}
    assert "landlock" in report.confinement and "netns" in report.confinement
    assert report.touched["core.py"]["slug"] == 1
    assert report.touched["util.py"]["clean"] == 1
    assert report.touched_ids["core.py"]["Counter.add"] == ["tests/test_core.py::test_counter"]


def test_stats_count_what_was_found(project):
    spec = CorpusSpec(kind="files", path=str(project / "minipkg"), tests=str(project / "tests"),
                      module_context=True)
    stats = ScanStats()
    from semforge.pipeline.corpora import corpus_label

    list(plan_shards([spec], [corpus_label(spec)], 10, str(project.parent / "scratch"), stats))
    assert dict(stats.by_kind) == {"function": 3, "constructor": 1, "method": 1,
                                   "property": 1, "generator": 1}
    # 7 seeds + 5 rejected defs (a module that does not load counts its 2) = 12 found
    assert stats.functions_rejected == 5
