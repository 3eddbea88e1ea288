"""`semforge rules list`, `semforge rules check` and `semforge rewrite` through the real CLI."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from semforge.cli import main

from conftest import shared_data

UNSOUND_RULE = '''
import libcst as cst
from semforge.transforms import Rule, RuleTransformer, register


@register
class PlusToMinus(Rule):
    """Deliberately wrong: `a + b` -> `a - b`."""

    id = "test-plus-to-minus"
    description = "Wrong on purpose."

    class Transformer(RuleTransformer):
        def leave_BinaryOperation(self, original_node, updated_node):
            if isinstance(updated_node.operator, cst.Add):
                self.sites += 1
                return updated_node.with_changes(operator=cst.Subtract())
            return updated_node


@register
class Crashes(Rule):
    id = "test-crashes"
    description = "Raises on files that define `boom`."

    class Transformer(RuleTransformer):
        def visit_FunctionDef(self, node):
            if node.name.value == "boom":
                raise RuntimeError("boom")
'''


@pytest.fixture
def rule_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "sf_test_rules.py").write_text(UNSOUND_RULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    return "sf_test_rules"


def invoke(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_list_table_and_json():
    table = invoke("rules", "list")
    assert table.exit_code == 0
    header = table.output.splitlines()[0]
    for column in ("ID", "LANGUAGE", "CATEGORY", "INTENT", "DESCRIPTION"):
        assert column in header
    assert any(ln.startswith("rename-locals ") for ln in table.output.splitlines())
    infos = json.loads(invoke("rules", "list", "--json").output)
    by_id = {i["id"]: i for i in infos}
    assert by_id["rename-locals"]["intent"] == "neutral"
    assert set(by_id["rename-locals"]) >= {"id", "language", "category", "intent", "description"}
    assert by_id["torch-gelu-formula"]["language"] == "pytorch"
    torch_only = json.loads(invoke("rules", "list", "--json", "--language", "pytorch").output)
    assert torch_only and {i["language"] for i in torch_only} == {"pytorch"}
    assert len(torch_only) < len(infos)


def make_tree(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "mod.py").write_text("def f(xs):\n    total = 0\n    for x in xs:\n"
                                         "        total += x\n    return total\n")
    (root / "pkg" / "py2.py").write_text("print 'hello'\n")
    (root / "pkg" / "data.txt").write_text("not code\n")
    (root / "README").write_text("readme\n")


def test_rewrite_tree(tmp_path: Path):
    make_tree(tmp_path / "src")
    out = tmp_path / "out"
    report = tmp_path / "report.json"
    result = invoke("rewrite", str(tmp_path / "src"), "--rule", "rename-locals", "-o", str(out),
                    "--report", str(report))
    assert result.exit_code == 0, result.output
    assert "pkg/mod.py: 2 sites (rename-locals 2)" in result.output
    assert "pkg/py2.py: not parsed, copied unchanged" in result.output
    assert (out / "pkg" / "py2.py").read_text() == "print 'hello'\n"
    assert (out / "pkg" / "data.txt").read_text() == "not code\n"
    assert (out / "README").exists()
    new = (out / "pkg" / "mod.py").read_text()
    assert "total" not in new and "def f(xs):" in new
    namespace: dict = {}
    exec(new, namespace)
    assert namespace["f"]([1, 2, 3]) == 6
    data = json.loads(report.read_text())
    assert data["totals"] == {"rename-locals": 2} and data["unparsed"] == ["pkg/py2.py"]

    again = CliRunner().invoke(main, ["rewrite", str(tmp_path / "src"), "--rule", "rename-locals",
                                      "-o", str(out)])
    assert again.exit_code != 0 and "not empty" in again.output


def test_rewrite_single_file_chain_and_protect(tmp_path: Path):
    src = tmp_path / "m.py"
    src.write_text("def f(x):\n    if not x:\n        a = 1\n    else:\n        a = 2\n    return a\n")
    out = tmp_path / "out"
    result = invoke("rewrite", str(src), "--rule", "swap-if-else", "--rule", "rename-locals",
                    "--protect", "a", "-o", str(out))
    assert result.exit_code == 0, result.output
    code = (out / "m.py").read_text()
    assert "if x:" in code and "a = 1" in code  # swapped, and the protected local kept its name


def test_rewrite_reports_crashing_rule(tmp_path: Path, rule_module: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text("def boom():\n    pass\n")
    (tmp_path / "src" / "b.py").write_text("def fine():\n    return 1 + 2\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["rewrite", str(tmp_path / "src"), "-m", rule_module,
                                       "--rule", "test-crashes", "-o", str(out)])
    assert result.exit_code == 1
    assert "a.py: RULE CRASHED" in result.output and "RuntimeError: boom" in result.output
    assert (out / "a.py").read_text() == "def boom():\n    pass\n"


def test_unknown_rule_says_what_to_do(tmp_path: Path):
    result = CliRunner().invoke(main, ["rewrite", str(tmp_path), "--rule", "rename-local",
                                       "-o", str(tmp_path / "o")])
    assert result.exit_code != 0
    assert "unknown rule 'rename-local'" in result.output and "rename-locals" in result.output


def write_corpus(path: Path) -> None:
    records = [
        {"task_id": "T/0", "entry_point": "add", "prompt": "def add(a, b):\n",
         "canonical_solution": "    t = a + b\n    return t\n",
         "base_input": [[1, 2], [0, 0], [-5, 3]], "plus_input": [], "atol": 0},
        {"task_id": "T/1", "entry_point": "ident", "prompt": "def ident(x):\n",
         "canonical_solution": "    return x\n", "base_input": [[1]], "plus_input": [], "atol": 0},
    ]
    with gzip.open(path, "wt") as fh:
        for r in records:
            fh.write(json.dumps(r) + "\n")


def _seeds_run_reads(path: Path) -> list:
    """The seeds ``semforge run`` reads from PATH: its config's corpus entry, read by iter_corpus."""
    from semforge.pipeline.config import parse_config
    from semforge.pipeline.corpora import CorpusSpec, iter_corpus
    from semforge.record import Seed

    (spec,) = parse_config({"corpus": [{"kind": "evalplus", "path": str(path)}]}).corpus
    assert spec == CorpusSpec(kind="evalplus", path=str(path))
    return [s for s in iter_corpus(spec) if isinstance(s, Seed)]


def test_check_reads_the_seeds_run_reads(tmp_path: Path):
    """One reader, one setting: a record with more inputs than any cap keeps the same ones."""
    from semforge.cli_rules import corpus_seeds
    from semforge.pipeline.corpora import CorpusSpec

    corpus = tmp_path / "many.jsonl"
    records = [
        {"task_id": "M/0", "entry_point": "inc", "prompt": "def inc(x):\n",
         "canonical_solution": "    return x + 1\n", "base_input": [[i] for i in range(10)],
         "plus_input": [[i] for i in range(100, 400)], "atol": 0},
        {"task_id": "M/1", "entry_point": "neg", "prompt": "def neg(x):\n",
         "canonical_solution": "    return -x\n", "base_input": [[i] for i in range(80)],
         "plus_input": [], "atol": 0},
        {"task_id": "M/2", "entry_point": "broken", "prompt": "def broken(x)\n",
         "canonical_solution": "    return x\n", "base_input": [[1]], "plus_input": [], "atol": 0},
    ]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in records))
    checked = list(corpus_seeds(corpus))
    assert checked == _seeds_run_reads(corpus)
    assert [s.source_id for s in checked] == ["M/0", "M/1"]  # M/2 does not parse: rejected by both
    # Both capped alike, at the corpus default (not a cap of the check's own).
    default = CorpusSpec.model_fields["max_inputs"].default
    assert default < 80 and [len(s.inputs) for s in checked] == [default, default]
    assert checked[0].inputs[:10] == [[i] for i in range(10)]  # base inputs first


def test_check_reads_humaneval_plus_as_run_does():
    from semforge.cli_rules import corpus_seeds

    path = shared_data("HumanEvalPlus.jsonl.gz")
    checked = list(corpus_seeds(path))
    assert len(checked) >= 160
    assert checked == _seeds_run_reads(path)


@pytest.mark.slow
def test_check_sound_rule_passes(tmp_path: Path):
    corpus = tmp_path / "c.jsonl.gz"
    write_corpus(corpus)
    result = invoke("rules", "check", "rename-locals", "--corpus", str(corpus), "--examples", "20")
    assert result.exit_code == 0, result.output
    assert "2 seeds, fired on 1" in result.output and "equivalent 1" in result.output


@pytest.mark.slow
def test_check_unsound_rule_fails_with_counterexample(tmp_path: Path, rule_module: str):
    corpus = tmp_path / "c.jsonl.gz"
    write_corpus(corpus)
    result = CliRunner().invoke(main, ["rules", "check", "test-plus-to-minus", "-m", rule_module,
                                       "--corpus", str(corpus), "--examples", "20"])
    assert result.exit_code == 1, result.output
    assert "UNSOUND T/0" in result.output and "counterexample:" in result.output


@pytest.mark.slow
def test_check_folder_of_py_files(tmp_path: Path):
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "m.py").write_text(
        "def scale(xs: list[int], k: int) -> list[int]:\n    out = []\n    for x in xs:\n"
        "        out.append(x * k)\n    return out\n")
    result = invoke("rules", "check", "rename-locals", "--corpus", str(tmp_path / "lib"),
                    "--examples", "20")
    assert result.exit_code == 0, result.output
    assert "1 seeds, fired on 1" in result.output


TRICKY_MODULE = '''
"""Syntax a rule meets in real code."""
from __future__ import annotations
import functools
from dataclasses import dataclass

X: int = 1
A = B = []


@dataclass(frozen=True)
class Point:
    x: int
    y: int = 0

    @property
    def norm(self) -> float:
        s = t = self.x ** 2 + self.y ** 2
        return s ** 0.5 if s else float(t)

    def __eq__(self, other: object) -> bool:
        return super().__eq__(other)


def deco(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        nonlocal fn
        return fn(*args, **kwargs)
    return inner


@deco
def matcher(cmd: list[str] | None, *, verbose: bool = False) -> str:
    global X
    match cmd:
        case [name, *rest] if rest:
            X += 1
            return f"{name!r:>10} {len(rest)=}"
        case {"k": value, **others}:
            return str(value)
        case Point(x=0, y=yy):
            return str(yy)
        case _:
            pass
    if (n := len(cmd or [])) > 2:
        return "many" if not verbose else "MANY"
    elif n == 1:
        return "one"
    else:
        return "few"


async def fetch(urls):
    total = 0
    async with lock():
        async for u in urls:
            total += await get(u)
    return [x async for x in urls], total


def gen(xs):
    a, b = 0, 1
    try:
        for i in range(len(xs)):
            if xs[i] is None:
                continue
            yield from xs[i]
            a, b = b, a + b
    finally:
        del a
    lam = lambda q, *r, **s: (q, r, s)
    while True:
        break
    else:
        pass
    return {k: v for k, v in zip(xs, xs)}, {i for i in xs}, lam


def uses_locals(v):
    w = v * 2
    return eval("w") + len(locals())


class Meta(type):
    def __new__(mcs, name, bases, ns, **kw):
        return super().__new__(mcs, name, bases, ns)


type_alias = dict[str, "Point"]
'''


def test_every_rule_survives_tricky_syntax(tmp_path: Path):
    from semforge.transforms import all_rules

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "tricky.py").write_text(TRICKY_MODULE)
    ids = [i for i, cls in all_rules().items()
           if cls.__module__.startswith("semforge.transforms.rules.")]
    for rule_id in ids:
        out = tmp_path / f"out-{rule_id}"
        result = CliRunner().invoke(main, ["rewrite", str(tmp_path / "src"), "--rule", rule_id,
                                           "-o", str(out)])
        assert result.exit_code == 0 and "crashed" in result.output, (rule_id, result.output)
        assert "0 crashed" in result.output, (rule_id, result.output)
        compile((out / "tricky.py").read_text(), "tricky.py", "exec")
