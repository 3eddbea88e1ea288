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


        def apply_all(fn, xs):
            return [fn(x) for x in xs]
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
            words = _WORDS.findall(clean(text))
            return SEP.join(words)


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
        from minipkg.util import apply_all


        def test_slug():
            assert slug(" Hello World ") == "hello-world"


        def test_double():
            assert double(21) == 42
            for i in range(100, 140):  # more calls than the tracer records of one function...
                assert double(i) == 2 * i
            assert double(1.5) == 3.0  # ...yet an argument type not seen before is recorded


        def test_chunks():
            assert list(chunks([1, 2, 3], 2)) == [[1, 2], [3]]


        def test_apply_all():
            assert apply_all(lambda x: x * 2, [1, 2]) == [2, 4]
            assert apply_all(len, ["ab"]) == [2]


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
        "core.py::chunks", "core.py::double", "core.py::slug", "util.py::apply_all",
        "util.py::clean"]
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
        "core.py::double": "function", "core.py::slug": "function", "util.py::clean": "function",
        "util.py::apply_all": "function"}
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
    # The first 32 distinct calls, then one whose argument types are new (a float): the tests'
    # common case must not hide a type they pass later, since the inputs define the domain.
    assert inputs["core.py::double"] == [[21], *([i] for i in range(100, 131)), [1.5]]
    assert inputs["core.py::chunks"] == [[[1, 2, 3], 2]]
    assert inputs["util.py::clean"] == [[" Hello World "]]  # called by slug during the test
    # A builtin passed by the test is itself; the test's lambda becomes a builtin that takes as
    # many arguments (repr for one), so the call keeps the shape of the rest.
    assert inputs["util.py::apply_all"] == [[repr, [1, 2]], [len, ["ab"]]]
    # Methods: the instance's constructor arguments (one tuple), then the method's.
    assert inputs["core.py::Counter.__init__"] == [[5]]
    assert inputs["core.py::Counter.add"] == [[(5,), 3]]
    assert inputs["core.py::Counter.mean"] == [[(5,)]]


def test_the_test_run_is_confined_and_counts_the_tests_that_call_each_function(project):
    report = run_tests(project / "minipkg", project / "tests", [project])
    assert report.status == "done" and report.tests == {"passed": 5}
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
    assert dict(stats.by_kind) == {"function": 4, "constructor": 1, "method": 1,
                                   "property": 1, "generator": 1}
    # 8 seeds + 5 rejected defs (a module that does not load counts its 2) = 13 found
    assert stats.functions_rejected == 5


# ------------------------------------------------------------------------ verification in module


def _verify(seed: Seed, variants: list[str]):
    from semforge.verifiers import VerifyConfig, verify_variants

    config = VerifyConfig(examples=30, measure_speed=False)
    return verify_variants(seed.code, seed.entry_point, variants, seed.inputs, config,
                           context=seed.context)


def test_a_function_runs_in_its_module(items):
    slug = items["core.py::slug"]
    same = slug.code.replace("words = _WORDS.findall(clean(text))\n    return SEP.join(words)",
                             "return SEP.join(_WORDS.findall(clean(text)))")
    other = slug.code.replace("SEP.join", "'_'.join")
    helper = slug.code.replace("clean(text)", "_lower(text)") + "\n\ndef _lower(t):\n    return t.strip().lower()\n"
    assert slug.code not in (same, other, helper)
    verdicts = _verify(slug, [same, other, helper])
    assert [v.verdict for v in verdicts] == ["equivalent", "different", "equivalent"], verdicts


def test_a_method_is_compared_on_the_instance_after_the_call(items):
    add = items["core.py::Counter.add"]
    same = add.code.replace("self.total += x", "self.total = self.total + x")
    # Same return value, but the instance is left in another state.
    forgets = add.code.replace("    self.seen.append(x)\n", "")
    # The same return value always; another state only after adding 0.
    skips_zero = add.code.replace("    self.seen.append(x)\n", "    if x:\n        self.seen.append(x)\n")
    assert add.code not in (same, forgets, skips_zero)
    verdicts = _verify(add, [same, forgets, skips_zero])
    assert [v.verdict for v in verdicts] == ["equivalent", "different", "different"], verdicts
    assert "argument 0 after the call" in verdicts[1].reason  # the instance's state


def test_a_generator_is_compared_step_by_step(items):
    chunks = items["core.py::chunks"]
    same = chunks.code.replace('        print("chunk", i)\n        yield xs[i:i + n]\n',
                               '        part = xs[i:i + n]\n        print("chunk", i)\n        yield part\n')
    # The same items and the same printed text in all, but printed after each item, not before.
    late = chunks.code.replace('        print("chunk", i)\n        yield xs[i:i + n]\n',
                               '        yield xs[i:i + n]\n        print("chunk", i)\n')
    assert chunks.code not in (same, late)
    verdicts = _verify(chunks, [same, late])
    assert [v.verdict for v in verdicts] == ["equivalent", "different"], verdicts


def test_a_module_loads_with_its_package_under_the_sandboxes_rules(tmp_path):
    from semforge.sandbox import Limits, shared_sandbox
    from semforge.sandbox.modules import module_program

    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from .mod import total\n")
    (pkg / "base.py").write_text(textwrap.dedent('''
        import collections, dataclasses, functools, re, typing

        @dataclasses.dataclass
        class Point:
            x: int
            tags: typing.List[str] = dataclasses.field(default_factory=list)

        WORD = re.compile(r"\\w+")
        count = functools.partial(collections.Counter)
        '''))
    source = "from .base import Point, WORD\n\n\ndef total(text):\n    return Point(len(WORD.findall(text)))\n"
    (pkg / "mod.py").write_text(source)
    sandbox = shared_sandbox(Limits(timeout_s=5.0))

    def load(text: str, body: str = "") -> dict:
        program = module_program(str(tmp_path), "pkg.mod", text, str(pkg / "mod.py"),
                                 body + "import pkg\nseen_by_package = pkg.total\n")
        with sandbox.open(program, "seen_by_package") as session:
            if session.load["kind"] != "return":
                return session.load
            return session.call(["a b c"])

    # The module from the text given (not its file), and its package sees that very module.
    out = load(source.replace("len(", "10 * len("))
    assert out["kind"] == "return" and out["value"][1] == "pkg.base.Point"
    assert out["value"][2] == ["dict", [[["str", "x"], ["int", "30"]], [["str", "tags"], ["list", []]]]]
    # What a module may not do while loading is refused as for any program.
    for line, refused in (("open('/tmp/semforge-escape', 'w')", "writing /tmp/semforge-escape"),
                          ("__import__('socket').socket()", "socket"),
                          ("__import__('subprocess').run(['true'])", "import _posixsubprocess")):
        out = load(line + "\n" + source)
        assert out["kind"] == "load_error", out
        assert refused in (out.get("reason") or ""), out


# ------------------------------------------------------------------ a run, and its rows again


def test_a_run_counts_every_def_and_its_rows_verify_again_from_their_context(project, tmp_path):
    """Nothing silent: stats.json and the card count every def found, as a seed (by kind) or a
    rejection (by the kind of its reason). A row's context is enough to verify it again."""
    import json

    import pyarrow.parquet as pq
    import yaml
    from click.testing import CliRunner
    from conftest import run_cli

    from semforge.cli import main

    config = tmp_path / "run.yaml"
    config.write_text(yaml.safe_dump({
        "corpus": [{"kind": "files", "path": str(project / "minipkg"),
                    "tests": str(project / "tests")}],
        "generate": {"variants_per_seed": 2},
        "verify": {"examples": 30, "measure_speed": False},
        "run": {"workers": 1, "seeds_per_shard": 8}}))
    out = tmp_path / "out"
    run_cli("run", "--config", str(config), "--out", str(out), "--no-progress")
    stats = json.loads((out / "stats.json").read_text())
    assert stats["functions_and_methods"] == {"found": 13, "seeds": 8, "rejected": 5}
    assert stats["seeds"]["by_kind"] == {"function": 4, "constructor": 1, "method": 1,
                                         "property": 1, "generator": 1}
    assert stats["rejected_by_kind"] == {"module does not load in the sandbox": 1, "stub": 1,
                                         "hazard: uses module '…'": 1, "not what runs": 1,
                                         "no function or method": 1}
    card = " ".join((out / "README.md").read_text().split())
    real = card.partition("**Real code:** ")[2].partition(" - **")[0]
    assert real.startswith("13 functions and methods found, 8 seeds ("), card
    seeds, _, rest = real.partition("8 seeds (")[2].partition("), ")
    assert sorted(seeds.split(", ")) == sorted(f"{k} {n}" for k, n in stats["seeds"]["by_kind"].items())
    assert rest.startswith("5 rejected, each with its reason (5 records by kind, a module that "
                           "does not load being one: "), real
    by_kind = rest.partition("being one: ")[2].partition(")")[0]
    assert sorted(by_kind.split("; ")) == sorted(f"{k} {n}" for k, n in stats["rejected_by_kind"].items())

    rows = [r for part in ("default", "rejected") for path in (out / "data" / part).glob("*.parquet")
            for r in pq.read_table(path).to_pylist()]
    assert rows and all(r["context"] and r["context"]["package"] == "minipkg" for r in rows)
    in_module = [r for r in rows if r["context"]["qualname"] in ("slug", "Counter.add")]
    assert in_module, [r["context"]["qualname"] for r in rows]
    lines = [{k: r[k] for k in ("id", "original", "variant", "entry_point", "context")}
             for r in in_module]
    wrong = dict(lines[0], id="wrong", variant=lines[0]["original"].replace("return ", "return None and ", 1))
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("".join(json.dumps(line) + "\n" for line in [*lines, wrong]))
    results = tmp_path / "results.jsonl"

    def verify(*args: str) -> list[dict]:
        result = CliRunner().invoke(main, ["verify", str(pairs), "-o", str(results),
                                           "--examples", "30", "--no-speed", *args])
        assert result.exit_code == 0, result.output
        return [json.loads(line) for line in results.read_text().splitlines()]

    again = verify("--context-root", str(project / "minipkg"))
    assert [a["verdict"] for a in again] == [r["verdict"] for r in in_module] + ["different"], again
    # Without the code the context points to, no verdict: the def alone is not what runs.
    alone = verify()
    assert {a["verdict"] for a in alone} == {"error"}
    assert "--context-root" in alone[0]["reason"]
