"""Corpus loaders (pipeline/corpora.py): spec validation, builtin, EvalPlus, files and HF datasets."""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from semforge import __version__
from semforge.pipeline.corpora import (
    CorpusSpec,
    builtin_manifest,
    corpus_label,
    evalplus_license,
    inputs_from_test,
    iter_corpus,
    seed_from_evalplus,
)
from semforge.pipeline.seeds import extract_functions
from semforge.record import Rejection, Seed


DATA = Path(__file__).parent / "data"


def reason_of(item) -> str:
    assert isinstance(item, Rejection), f"expected a Rejection, got {item!r}"
    return item.reason


def split(items):
    items = list(items)
    return [i for i in items if isinstance(i, Seed)], [i for i in items if isinstance(i, Rejection)]


# ---------------------------------------------------------------------------- CorpusSpec


class _Config(BaseModel):
    corpus: list[CorpusSpec]


@pytest.mark.parametrize(
    "entry, loc, message",
    [
        ({"kind": "evalplus"}, ("corpus", 0, "path"), "path is required when kind is 'evalplus'"),
        ({"kind": "files"}, ("corpus", 0, "path"), "path is required when kind is 'files'"),
        ({"kind": "hf"}, ("corpus", 0, "name"), "name is required when kind is 'hf'"),
        ({"kind": "evalplus", "path": "x.csv"}, ("corpus", 0, "path"), "an EvalPlus corpus must be one of"),
        ({"kind": "builtin", "path": "x.py"}, ("corpus", 0, "path"), "path is not used when kind is 'builtin'"),
        ({"kind": "files", "path": "a", "name": "b"}, ("corpus", 0, "name"), "name is not used"),
        ({"kind": "hf", "name": "a", "max_inputs": -1}, ("corpus", 0, "max_inputs"), "greater than or equal"),
        ({"kind": "hf", "name": "a", "colum": "x"}, ("corpus", 0, "colum"), "Extra inputs are not permitted"),
        ({"kind": "csv"}, ("corpus", 0, "kind"), "Input should be"),
    ],
)
def test_spec_errors_name_the_key_and_the_fix(entry, loc, message):
    with pytest.raises(ValidationError) as info:
        _Config(corpus=[entry])
    errors = info.value.errors()
    assert [e["loc"] for e in errors] == [loc]
    assert message in errors[0]["msg"]


def test_spec_defaults_to_builtin():
    spec = CorpusSpec()
    assert (spec.kind, spec.max_inputs, spec.limit) == ("builtin", 64, None)


# ---------------------------------------------------------------------------- builtin

# Runs every example of every seed in a fresh namespace: the call must return within a second
# (SIGALRM; the functions take microseconds), return the same value twice and leave its
# arguments as they were. Prints one JSON object per problem.
HARNESS = r"""
import copy, json, signal, sys

def alarm(signum, frame):
    raise TimeoutError("call took over a second")

signal.signal(signal.SIGALRM, alarm)
for seed in json.load(sys.stdin):
    ns = {}
    exec(compile(seed["code"], seed["id"], "exec"), ns)
    fn = ns[seed["entry_point"]]
    for args in seed["inputs"]:
        try:
            signal.setitimer(signal.ITIMER_REAL, 1.0)
            call_args = copy.deepcopy(args)
            first = fn(*call_args)
            second = fn(*copy.deepcopy(args))
            signal.setitimer(signal.ITIMER_REAL, 0)
            if repr(first) != repr(second):
                print(json.dumps([seed["id"], args, "not deterministic"]))
            if call_args != args:
                print(json.dumps([seed["id"], args, "mutates its arguments"]))
        except BaseException as err:
            signal.setitimer(signal.ITIMER_REAL, 0)
            print(json.dumps([seed["id"], args, f"{type(err).__name__}: {err}"]))
print("done")
"""


def test_builtin_corpus_is_valid_and_labelled():
    spec = CorpusSpec()
    seeds, rejections = split(iter_corpus(spec))
    assert rejections == []
    assert len(seeds) >= 40
    assert corpus_label(spec) == f"semforge/builtin@{__version__}"
    assert {s.source for s in seeds} == {corpus_label(spec)}
    assert {s.license for s in seeds} == {"Apache-2.0"}
    assert len({s.source_id for s in seeds}) == len(seeds)
    assert all(3 <= len(s.inputs) <= 6 for s in seeds), [s.source_id for s in seeds if not 3 <= len(s.inputs) <= 6]
    typed = sum("->" in s.code for s in seeds)
    assert 0 < typed < len(seeds)  # both typed and untyped functions
    assert [s.source_id for s in seeds] == list(builtin_manifest())  # manifest order


def test_builtin_seeds_are_self_contained_by_the_extraction_rules():
    """Builtin seeds obey what plain-code extraction demands (no constants, I/O or randomness)."""
    for seed in iter_corpus(CorpusSpec()):
        items = {i.source_id: i for i in extract_functions(seed.code, "x", "f.py")}
        entry = items[f"f.py::{seed.entry_point}"]
        assert isinstance(entry, Seed), entry


@pytest.mark.slow
def test_builtin_examples_run_fast_deterministically_without_mutation():
    seeds = [{"id": s.source_id, "code": s.code, "entry_point": s.entry_point, "inputs": s.inputs}
             for s in iter_corpus(CorpusSpec())]
    proc = subprocess.run([sys.executable, "-c", HARNESS], input=json.dumps(seeds),
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["done"], proc.stdout


def test_builtin_respects_limit_and_max_inputs():
    seeds = list(iter_corpus(CorpusSpec(limit=5, max_inputs=2, license="MIT")))
    assert len(seeds) == 5
    assert all(len(s.inputs) == 2 and s.license == "MIT" for s in seeds)


# ---------------------------------------------------------------------------- evalplus


def test_bad_evalplus_file_gives_one_rejection_per_bad_record():
    spec = CorpusSpec(kind="evalplus", path=str(DATA / "bad_evalplus.jsonl"), max_inputs=5)
    seeds, rejections = split(iter_corpus(spec))
    assert {r.source_id: r.reason for r in rejections} == {
        "Fix/1": "record has no entry_point",
        "Fix/2": "syntax error at line 2: invalid syntax",
        "Fix/3": "entry point 'halve' is not defined at top level",
        "line 5": "not JSON: Expecting value at column 32",
    }
    assert [s.source_id for s in seeds] == ["Fix/0", "Fix/5"]
    add, area = seeds
    assert add.inputs[:2] == [[1, 2], [0, 0]] and len(add.inputs) == 5
    assert add.code == 'def add(a: int, b: int) -> int:\n    """Sum."""\n    return a + b\n'
    assert (area.atol, area.inputs) == (1e-6, [[1.0], [2.5], [0.5]])
    assert all(s.license is None for s in seeds)  # the file name does not say HumanEval+ / MBPP+
    label = corpus_label(spec)
    assert label.startswith("evalplus:bad_evalplus.jsonl@") and len(label.split("@")[1]) == 12
    assert {i.source for i in seeds + rejections} == {label}


def test_evalplus_parquet_and_gzip_read_like_jsonl(tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    lines = (DATA / "bad_evalplus.jsonl").read_bytes()
    gz = tmp_path / "bad_evalplus.jsonl.gz"
    gz.write_bytes(gzip.compress(lines))
    good = [json.loads(line) for line in lines.splitlines() if line.startswith(b'{"task_id"')
            and b"not json" not in line]
    for row in good:  # Hub copies store inputs as JSON text
        row["base_input"], row["plus_input"] = json.dumps(row["base_input"]), json.dumps(row["plus_input"])
        row.setdefault("entry_point", None)
    parquet = tmp_path / "evalplus.parquet"
    pq.write_table(pa.Table.from_pylist(good), parquet)

    def summary(path):
        return [(i.source_id, getattr(i, "reason", None) or i.inputs)
                for i in iter_corpus(CorpusSpec(kind="evalplus", path=str(path), max_inputs=5))]

    assert summary(gz) == summary(DATA / "bad_evalplus.jsonl")
    assert summary(parquet) == [item for item in summary(gz) if item[0] != "line 5"]


def test_pathological_records_are_rejections(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    path = tmp_path / "deep.jsonl"
    path.write_text(deep + "\n" + json.dumps({"task_id": "T/1", "prompt": "def f(x):\n",
                    "canonical_solution": "    return x\n", "entry_point": "f",
                    "base_input": deep, "plus_input": None}) + "\n")
    items = list(iter_corpus(CorpusSpec(kind="evalplus", path=str(path))))
    assert [(i.source_id, i.reason) for i in items] == [
        ("line 1", "not JSON: nested too deeply"), ("T/1", "bad inputs: nested too deeply")]


def test_corrupt_file_is_one_rejection_and_missing_path_raises(tmp_path):
    bad = tmp_path / "HumanEvalPlus.jsonl.gz"
    bad.write_bytes(b"\x1f\x8b\x08\x00 certainly not gzip")
    [item] = iter_corpus(CorpusSpec(kind="evalplus", path=str(bad)))
    assert isinstance(item, Rejection) and item.reason.startswith("unreadable file: ")
    with pytest.raises(FileNotFoundError, match="does not exist"):
        list(iter_corpus(CorpusSpec(kind="evalplus", path=str(tmp_path / "nope.jsonl"))))


@pytest.mark.parametrize(
    "name, expected",
    [("HumanEvalPlus.jsonl.gz", "Apache-2.0"), ("MbppPlus-v0.2.0.jsonl", "Apache-2.0"),
     ("evalplus/humanevalplus", "Apache-2.0"), ("HumanEval+.jsonl", "Apache-2.0"),
     ("HumanEval.jsonl.gz", None), ("tasks.jsonl", None)],
)
def test_evalplus_license_from_name(name, expected):
    assert evalplus_license(name) == expected


def test_evalplus_record_maps_to_seed():
    record = {"task_id": "HumanEval/0", "prompt": "def f(x):\n", "canonical_solution": "    return x\n",
              "entry_point": "f", "base_input": [[1]], "plus_input": "[[2], [3]]", "atol": 1e-6}
    out = seed_from_evalplus(record, source="s", source_id="line 1", license="Apache-2.0", max_inputs=2)
    assert isinstance(out, Seed)
    assert (out.source_id, out.code, out.inputs, out.atol, out.license) == (
        "HumanEval/0", "def f(x):\n    return x\n", [[1], [2]], 1e-6, "Apache-2.0")


def test_evalplus_record_problems_are_rejections():
    base = {"prompt": "def f(x):\n", "canonical_solution": "    return x\n", "entry_point": "f"}
    kw = dict(source="s", source_id="line 7", license=None, max_inputs=4)
    assert reason_of(seed_from_evalplus([1, 2], **kw)).startswith("record is not a JSON object")
    missing = seed_from_evalplus({**base, "entry_point": None}, **kw)
    assert (missing.source_id, missing.reason) == ("line 7", "record has no entry_point")
    assert reason_of(seed_from_evalplus({**base, "canonical_solution": None}, **kw)) == \
        "record has no canonical_solution"
    assert reason_of(seed_from_evalplus({**base, "base_input": "[[1]"}, **kw)).startswith("bad inputs")
    assert reason_of(seed_from_evalplus({**base, "plus_input": 5}, **kw)) == \
        "bad inputs: plus_input must be a list, got int"


HUB_TEST = """
import numpy as np

def assertion(out, exp, atol):
    assert out == exp

def check(candidate):
    inputs = [[1, (2, 3)], [4, [5]], [float("inf"), []]]
    results = [1, 2, 3]
    for i, (inp, exp) in enumerate(zip(inputs, results)):
        assertion(candidate(*inp), exp, 1e-6)

check(pick)
"""


def test_inputs_from_hub_test_script():
    inputs, atol, entry = inputs_from_test(HUB_TEST)
    # float("inf") is a call, not a literal: that input is skipped, the others kept
    assert (inputs, atol, entry) == ([[1, [2, 3]], [4, [5]]], 1e-6, "pick")
    inputs, atol, entry = inputs_from_test(HUB_TEST.replace('float("inf")', "7"))
    assert inputs == [[1, [2, 3]], [4, [5]], [7, []]]


def test_inputs_from_classic_asserts():
    test = ("def check(candidate):\n    assert candidate([1.0, 2.0], 0.3) == True\n"
            "    assert candidate(x, 1) == 2\n    assert abs(candidate('a', k=1)) < 1\n")
    assert inputs_from_test(test) == ([[[1.0, 2.0], 0.3]], None, None)
    assert inputs_from_test("assert candidate({1: 2}) == 1\nassert candidate({'a': {3}})\n")[0] == []
    assert inputs_from_test("def check(:") == ([], None, None)
    nested = "assert abs(candidate(1) - 2) < 1\nassert candidate(3) == 4\n"
    assert inputs_from_test(nested)[0] == [[1], [3]]  # source order, not tree depth


def test_hub_layout_records_take_inputs_and_entry_point_from_test():
    hub_humaneval = {"task_id": "HumanEval/9", "prompt": "def pick(a, b):\n",
                     "canonical_solution": "    return a\n", "entry_point": "pick",
                     "test": HUB_TEST.replace('float("inf")', "7")}
    out = seed_from_evalplus(hub_humaneval, source="s", source_id="row 1", license=None, max_inputs=8)
    assert (out.inputs, out.atol) == ([[1, [2, 3]], [4, [5]], [7, []]], 1e-6)
    hub_mbpp = {"task_id": 2, "prompt": "Write a function that picks.", "code": "def pick(a, b):\n    return a\n",
                "test": HUB_TEST.replace('float("inf")', "7")}
    out = seed_from_evalplus(hub_mbpp, source="s", source_id="row 1", license=None, max_inputs=2)
    assert (out.source_id, out.entry_point, out.code, out.inputs) == (
        "2", "pick", "def pick(a, b):\n    return a\n", [[1, [2, 3]], [4, [5]]])


def test_classic_humaneval_asserts_give_inputs_when_input_columns_are_missing(humaneval_path):
    """Without base_input / plus_input, the classic HumanEval tests still give example inputs."""
    with_inputs = 0
    for line in gzip.open(humaneval_path, "rt"):
        record = json.loads(line)
        del record["base_input"], record["plus_input"]
        seed = seed_from_evalplus(record, source="s", source_id="x", license=None, max_inputs=64)
        assert isinstance(seed, Seed), seed
        with_inputs += bool(seed.inputs)
    assert with_inputs >= 150


def test_real_humaneval_plus_loads_completely_with_capped_inputs(humaneval_path):
    spec = CorpusSpec(kind="evalplus", path=str(humaneval_path), max_inputs=32)
    seeds, rejections = split(iter_corpus(spec))
    assert rejections == []
    assert len(seeds) == 164
    assert seeds[0].source_id == "HumanEval/0" and seeds[-1].source_id == "HumanEval/163"
    assert all(0 < len(s.inputs) <= 32 and s.license == "Apache-2.0" for s in seeds)
    records = {r["task_id"]: r for r in map(json.loads, gzip.open(humaneval_path, "rt"))}
    for s in seeds:  # base inputs come first, in order (exact duplicates dropped)
        base = list({json.dumps(b): b for b in records[s.source_id]["base_input"]}.values())
        assert s.inputs[: len(base)] == base[:32]
        assert s.atol == float(records[s.source_id]["atol"])
    assert list(iter_corpus(spec)) == seeds + rejections  # deterministic
    assert [s.source_id for s in iter_corpus(spec.model_copy(update={"limit": 3}))] == \
        ["HumanEval/0", "HumanEval/1", "HumanEval/2"]


# ---------------------------------------------------------------------------- files


def test_bad_folder_corpus():
    ids = ["empty.py", "good.py::_square", "good.py::sum_squares", "good.py::hypotenuse",
           "good.py::scaled", "good.py::unit", "good.py::roll", "latin1.py",
           "pkg/helpers.py::clip", "syntax_error.py"]
    bad_files = {"empty.py": "empty file", "latin1.py": "not UTF-8: byte 0xe9 at offset 25",
                 "syntax_error.py": "syntax error at line 4: expected ':'"}
    # Self-contained functions only (module_context off): what needs its module is rejected.
    spec = CorpusSpec(kind="files", path=str(DATA / "bad_corpus"), module_context=False)
    items = list(iter_corpus(spec))
    assert [i.source_id for i in items] == ids
    assert {i.source_id: i.reason for i in items if isinstance(i, Rejection)} == {**bad_files,
        "good.py::unit": "not self-contained: uses top-level name 'UNITS', which is not a function, an import "
                         "or a constant",
        "good.py::roll": "not self-contained: imports module 'random' (I/O, clock, randomness or interpreter state)",
    }
    # In their module: 'unit' reads UNITS from its loaded module.
    spec = CorpusSpec(kind="files", path=str(DATA / "bad_corpus"), module_context=True)
    items = list(iter_corpus(spec))
    assert [i.source_id for i in items] == ids
    assert {i.source_id: i.reason for i in items if isinstance(i, Rejection)} == {**bad_files,
        "good.py::roll": "hazard: imports module 'random' (I/O, clock, randomness or interpreter state)",
    }
    seeds = {i.source_id: i for i in items if isinstance(i, Seed)}
    unit = seeds["good.py::unit"]
    assert unit.code == 'def unit(i: int) -> str:\n    return UNITS[i]\n'
    assert unit.context.module == "good" and unit.context.needs_module
    assert seeds["good.py::scaled"].context.needs_module is False  # self-contained: runs alone
    assert seeds["good.py::hypotenuse"].code == (
        "import math\n\n\ndef _square(x: int) -> int:\n    return x * x\n\n\n"
        "def hypotenuse(a: float, b: float) -> float:\n    return math.sqrt(_square(a) + _square(b))\n"
    )
    assert seeds["good.py::scaled"].code == "SCALE = 10\n\n\ndef scaled(x: int) -> int:\n    return x * SCALE\n"
    # The folder lies in this repository, whose pyproject.toml says Apache-2.0.
    assert all(s.inputs == [] and s.license == "Apache-2.0" for s in seeds.values())
    label = corpus_label(spec)
    assert label.startswith("files:bad_corpus@") and len(label.split("@")[1]) == 12
    assert {i.source for i in items} == {label}


def test_files_label_follows_content(tmp_path):
    (tmp_path / "a.py").write_text("def f(x):\n    return x\n")
    spec = CorpusSpec(kind="files", path=str(tmp_path))
    before = corpus_label(spec)
    assert corpus_label(spec) == before
    (tmp_path / "a.py").write_text("def f(x):\n    return x + 1\n")
    assert corpus_label(spec) != before


def test_identical_functions_are_rejected_as_duplicates(tmp_path):
    code = "def helper(x):\n    return x + 1\n"
    (tmp_path / "a.py").write_text(code)
    (tmp_path / "vendored").mkdir()
    (tmp_path / "vendored" / "a.py").write_text(code)
    (tmp_path / "z.py").write_text(code.replace("+ 1", "+ 2"))
    items = list(iter_corpus(CorpusSpec(kind="files", path=str(tmp_path))))
    assert [(i.source_id, getattr(i, "reason", None)) for i in items] == [
        ("a.py::helper", None),
        ("vendored/a.py::helper", "duplicate of a.py::helper"),
        ("z.py::helper", None),
    ]


def test_single_file_corpus_and_license(tmp_path):
    path = DATA / "bad_corpus" / "pkg" / "helpers.py"
    [seed] = iter_corpus(CorpusSpec(kind="files", path=str(path), license="MIT"))
    assert (seed.source_id, seed.license, seed.entry_point) == ("helpers.py::clip", "MIT", "clip")


# ---------------------------------------------------------------------------- hf (local folders)


@pytest.fixture
def hf_cache(tmp_path, monkeypatch):
    import datasets

    monkeypatch.setattr(datasets.config, "HF_DATASETS_CACHE", tmp_path / "hf-cache")
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    return tmp_path


def _write_parquet(folder: Path, rows: list[dict]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    (folder / "data").mkdir(parents=True)
    pq.write_table(pa.Table.from_pylist(rows), folder / "data" / "train-00000-of-00001.parquet")


def test_hf_local_folder_in_evalplus_format(hf_cache):
    folder = hf_cache / "humanevalplus-mini"
    _write_parquet(folder, [
        {"task_id": "T/0", "prompt": "def f(x):\n", "canonical_solution": "    return x\n",
         "entry_point": "f", "base_input": "[[1]]", "plus_input": "[[2], [3]]", "atol": 0.0},
        {"task_id": "T/1", "prompt": "def g(x):\n", "canonical_solution": "    return x +\n",
         "entry_point": "g", "base_input": "[]", "plus_input": "[]", "atol": 0.0},
    ])
    spec = CorpusSpec(kind="hf", name=str(folder), max_inputs=2)
    seeds, rejections = split(iter_corpus(spec))
    label = corpus_label(spec)
    assert label.startswith(f"hf:{folder}@")
    assert [(s.source_id, s.inputs, s.source, s.license) for s in seeds] == [("T/0", [[1], [2]], label, "Apache-2.0")]
    assert [(r.source_id, r.reason) for r in rejections] == [("T/1", "syntax error at line 2: invalid syntax")]
    assert corpus_label(spec) == label  # content digest: stable across calls


def test_hf_local_folder_in_mbppplus_hub_layout(hf_cache):
    """evalplus/mbppplus on the Hub: `code`, prose `prompt`, int task ids, inputs only in `test`."""
    folder = hf_cache / "mbppplus"
    test = HUB_TEST.replace('float("inf")', "7")
    _write_parquet(folder, [
        {"task_id": 2, "code": "def pick(a, b):\n    return a\n", "prompt": "Pick the first.",
         "source_file": "x", "test_imports": [], "test_list": ["assert pick(1, 2) == 1"], "test": test},
    ])
    [seed] = iter_corpus(CorpusSpec(kind="hf", name=str(folder), max_inputs=8))
    assert (seed.source_id, seed.entry_point, seed.inputs, seed.atol, seed.license) == (
        "2", "pick", [[1, [2, 3]], [4, [5]], [7, []]], 1e-6, "Apache-2.0")


def test_hf_is_streamed_by_the_datasets_own_files(hf_cache):
    """Hub datasets and local folders are streamed one of their files at a time; every unit read
    on its own (as a worker does) gives exactly the items of the whole read."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from semforge.pipeline.corpora import corpus_label, read_unit, units

    folder = hf_cache / "snippets"
    (folder / "data").mkdir(parents=True)
    for part in range(3):
        rows = [{"content": f"def f{part}_{i}(x):\n    return x + {i}\n"} for i in range(300)]
        pq.write_table(pa.Table.from_pylist(rows), folder / "data" / f"train-{part:05d}-of-00003.parquet")
    spec = CorpusSpec(kind="hf", name=str(folder), data_format="code", code_column="content")
    whole = [(i.source_id, i.code) for i in iter_corpus(spec)]
    assert len(whole) == 900 and whole[0][0] == "train[0]::f0_0" and whole[-1][0] == "train[899]::f2_299"
    label = corpus_label(spec)
    planned = [unit for unit, items in units(spec, label) if list(items) is not None]
    assert {u[0] for u in planned} == {0, 1, 2} and all(u[1] == 3 for u in planned)
    again = [(i.source_id, i.code) for unit in planned for i in read_unit(spec, unit, label)]
    assert again == whole
    limited = [i.source_id for i in iter_corpus(spec.model_copy(update={"limit": 3}))]
    assert limited == ["train[0]::f0_0", "train[1]::f0_1", "train[2]::f0_2"]


def test_hf_hub_id_is_pinned_to_its_commit_and_columns_found_when_streaming(hf_cache, monkeypatch):
    """The Hub itself is out of reach here: its two touch points (commit lookup, loading) are
    replaced by a fixed commit and a real generator-backed IterableDataset with no declared
    columns, the case where columns are read from the first row."""
    import datasets

    import semforge.pipeline.corpora as corpora

    def rows():
        yield {"content": "def f(x):\n    return x\n"}
        yield {"content": "def g(x):\n    return -x\n"}

    loads = []
    monkeypatch.setattr(corpora.hf, "_hub_commit", lambda spec: "0123456789abcdef" * 2)

    def fake_load(spec, revision=None, streaming=False):
        loads.append((revision, streaming))
        return datasets.IterableDataset.from_generator(rows)

    monkeypatch.setattr(corpora.hf, "_load_hf", fake_load)
    spec = CorpusSpec(kind="hf", name="org/snippets", data_format="code", code_column="content", limit=5)
    assert corpus_label(spec) == "hf:org/snippets@0123456789ab"
    items = list(iter_corpus(spec))
    assert [(i.source_id, i.source) for i in items] == [
        ("train[0]::f", "hf:org/snippets@0123456789ab"), ("train[1]::g", "hf:org/snippets@0123456789ab")]
    assert loads == [("0123456789abcdef" * 2, True)]  # loaded at the labelled commit, streamed


def test_hf_single_local_data_file(hf_cache):
    path = hf_cache / "snippets.jsonl"
    path.write_text(json.dumps({"code": "def inc(x: int) -> int:\n    return x + 1\n"}) + "\n")
    spec = CorpusSpec(kind="hf", name=str(path), data_format="code")
    [seed] = iter_corpus(spec)
    assert (seed.source_id, seed.entry_point) == ("train[0]::inc", "inc")
    assert corpus_label(spec).startswith(f"hf:{path}@")
    bad = hf_cache / "snippets.txt"
    bad.write_text("x")
    with pytest.raises(ValueError, match="a single data file must be one of"):
        list(iter_corpus(CorpusSpec(kind="hf", name=str(bad), data_format="code")))


def test_hf_local_folder_in_code_format_and_missing_column(hf_cache):
    folder = hf_cache / "snippets"
    _write_parquet(folder, [
        {"content": "def double(x: int) -> int:\n    return 2 * x\n", "path": "src/a.py"},
        {"content": "def broken(:\n", "path": "src/b.py"},
        {"content": None, "path": None},
    ])
    spec = CorpusSpec(kind="hf", name=str(folder), data_format="code", code_column="content")
    items = list(iter_corpus(spec))
    assert [(i.source_id, getattr(i, "reason", None)) for i in items] == [
        ("train[0]::double", None),
        ("train[1]", "syntax error at line 1: invalid syntax"),
        ("train[2]", "column 'content' is empty or not text"),
    ]
    with pytest.raises(ValueError, match=r"no column 'code' \(code_column\); its columns are: content, path"):
        list(iter_corpus(spec.model_copy(update={"code_column": "code"})))
    with_ids = spec.model_copy(update={"id_column": "path"})
    assert [i.source_id for i in iter_corpus(with_ids)] == ["src/a.py::double", "src/b.py", "train[2]"]
    with pytest.raises(ValueError, match=r"no column 'repo' \(id_column\)"):
        list(iter_corpus(spec.model_copy(update={"id_column": "repo"})))
    with pytest.raises(ValueError, match="has no split 'test'"):
        list(iter_corpus(spec.model_copy(update={"split": "test"})))
    with pytest.raises(ValueError, match="not in EvalPlus format.*'canonical_solution' or 'code'.*columns are: content, path"):
        list(iter_corpus(CorpusSpec(kind="hf", name=str(folder))))


DIGEST_CORPORA = r"""
import dataclasses, hashlib, json, sys
from semforge.pipeline.corpora import CorpusSpec, iter_corpus
h = hashlib.sha256()
for spec in [CorpusSpec(), CorpusSpec(kind="files", path=sys.argv[1]),
             CorpusSpec(kind="evalplus", path=sys.argv[2])]:
    for item in iter_corpus(spec):
        h.update(json.dumps(dataclasses.asdict(item), sort_keys=True).encode())
print(h.hexdigest())
"""


@pytest.mark.slow
def test_corpora_are_identical_under_different_hash_seeds():
    """Seeds, their order and rejection reasons never depend on set/dict iteration order."""
    import os

    digests = set()
    for hash_seed in ("1", "2"):
        proc = subprocess.run(
            [sys.executable, "-c", DIGEST_CORPORA, str(DATA / "bad_corpus"), str(DATA / "bad_evalplus.jsonl")],
            capture_output=True, text=True, timeout=120, env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert proc.returncode == 0, proc.stderr
        digests.add(proc.stdout.strip())
    assert len(digests) == 1
