"""No false accept on real code: every `equivalent` variant, swapped into its library, passes the
library's own tests.

For each `files` corpus of a run's config that names its tests, the rows the verifier published
as `equivalent` (with a `context`: functions and methods of that library) are taken one by one:
the variant's def is put in place of the original's in a copy of the project (and any def the
variant rewrote beside it: a helper of a self-contained seed), and the tests that called the
function while the suite ran under the tracer (`carve`) run on that copy with pytest. A swapped
copy passes when every one of those tests that passes on the unmodified copy still passes.

    python benchmarks/real_library_swap.py --config run.yaml --out semforge-out [--json OUT]

Prints, per library: equivalent pairs, pairs swapped, pairs whose function no test touches,
failures (each with the test and the pair's id), and the distribution of tests per swapped
function.
"""

from __future__ import annotations

import argparse
import ast
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow.parquet as pq
import yaml

from semforge.pipeline.carve import carved_inputs
from semforge.pipeline.corpora import CorpusSpec, corpus_label
from semforge.pipeline.corpora.files import _python_files
from semforge.pipeline.seeds.extract import _lines
from semforge.pipeline.seeds.packages import module_identity
from semforge.pipeline.seeds.units import find_units, unit_source
from semforge.source_lines import replace_lines


def equivalent_rows(out: Path) -> list[dict]:
    rows = []
    for path in sorted(glob.glob(str(out / "data" / "equivalent" / "shard-*.parquet"))):
        for row in pq.read_table(path).to_pylist():
            if row.get("verdict") == "equivalent" and row.get("context"):
                rows.append(row)
    return rows


def _defs(code: str) -> dict[str, str]:
    """Top-level defs of ``code`` by name, with their decorators."""
    tree = ast.parse(code)
    lines = _lines(code)
    out = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            out[node.name] = "".join(lines[first - 1:node.end_lineno])
    return out


def swap_variant(module_text: str, row: dict) -> str:
    """The module with the row's variant in place: the entry def replaces the unit the row's
    context names (the one whose text is the original's), and a def the variant rewrote beside
    it (a self-contained seed's helper) replaces the module's own of that name; new defs go
    just before the entry (for a method, before its class)."""
    ctx, entry = row["context"], row["entry_point"]
    original, variant = _defs(row["original"]), _defs(row["variant"])
    tree = ast.parse(module_text)
    lines = _lines(module_text)
    units = [u for u in find_units(tree) if u.qualname == ctx["qualname"]]
    unit = next((u for u in units if unit_source(u, lines) == original[entry].rstrip() + "\n"),
                units[0] if len(units) == 1 else None)
    if unit is None:
        raise ValueError(f"{ctx['qualname']}: no def matches the original")
    edits = [(unit.first, unit.last, unit.node.col_offset, variant[entry])]
    top = {u.name: u for u in find_units(tree) if not u.classes and not u.conditional}
    new = []
    for name, text in variant.items():
        if name == entry or original.get(name) == text:
            continue
        if name in top:
            u = top[name]
            edits.append((u.first, u.last, 0, text))
        else:
            new.append(text)
    if new:
        anchor = unit.first if not unit.classes else min(
            [unit.classes[0].lineno] + [d.lineno for d in unit.classes[0].decorator_list])
        edits.append((anchor, anchor - 1, 0, "\n\n".join(new) + "\n\n"))
    for first, last, column, text in sorted(edits, key=lambda e: e[0], reverse=True):
        module_text = replace_lines(module_text, first, last, column, text)
    return module_text


def run_tests(root: Path, ids: list[str], paths: list[str], timeout: float = 600) -> dict[str, str]:
    """Outcome of each test id (PASSED, FAILED, ERROR, SKIPPED...) on the project at ``root``."""
    ini = root / ".swap-pytest.ini"
    ini.write_text("[pytest]\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(paths), PYTHONDONTWRITEBYTECODE="1",
               PYTEST_DISABLE_PLUGIN_AUTOLOAD="1")
    proc = subprocess.run([sys.executable, "-m", "pytest", *ids, "-q", "-rA", "-p",
                           "no:cacheprovider", "-c", str(ini), "--rootdir", str(root)],
                          cwd=root, env=env, capture_output=True, text=True, timeout=timeout)
    outcomes = {}
    for line in proc.stdout.splitlines():
        word, _, rest = line.partition(" ")
        if word in ("PASSED", "FAILED", "ERROR", "SKIPPED", "XFAIL", "XPASS"):
            outcomes[rest.split(" - ")[0]] = word
    return outcomes


def check_corpus(spec: CorpusSpec, rows: list[dict], limit: int | None) -> dict:
    label = corpus_label(spec)
    rows = [r for r in rows if r["source"] == label][:limit]
    corpus = Path(spec.path).resolve()
    tests = Path(spec.tests).resolve()
    roots = sorted({str(i.root) for p, _ in _python_files(corpus, tests)
                    if (i := module_identity(p)) is not None})
    project = Path(os.path.commonpath([str(corpus), str(tests), *roots]))
    report = carved_inputs(corpus if corpus.is_dir() else corpus.parent, tests,
                           [Path(r) for r in roots])
    result = {"corpus": label, "equivalent": len(rows), "swapped": 0, "untouched": 0,
              "failures": [], "tests_per_function": [], "seconds": 0.0}
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="semforge-swap-") as tmp:
        copy = Path(tmp) / project.name
        shutil.copytree(project, copy, ignore=shutil.ignore_patterns("__pycache__", ".git"))
        paths = [str(copy / Path(r).relative_to(project)) for r in roots]
        # Test ids are relative to the folder the suite ran from (as carve ran it).
        rootdir = copy / Path(os.path.commonpath([str(corpus), str(tests)])).relative_to(project)
        wanted = {}
        for row in rows:
            ctx = row["context"]
            ids = report.touched_ids.get(ctx["path"], {}).get(ctx["qualname"], [])
            wanted[row["id"]] = ids
            result["tests_per_function"].append(
                report.touched.get(ctx["path"], {}).get(ctx["qualname"], 0))
        every = sorted({i for ids in wanted.values() for i in ids})
        baseline = run_tests(rootdir, every, paths) if every else {}
        for row in rows:
            ids = [i for i in wanted[row["id"]] if baseline.get(i) == "PASSED"]
            if not ids:
                result["untouched"] += 1
                continue
            target = copy / corpus.relative_to(project)
            if corpus.is_dir():
                target = target / row["context"]["path"]
            before = target.read_text()
            try:
                target.write_text(swap_variant(before, row))
                got = run_tests(rootdir, ids, paths)
            finally:
                target.write_text(before)
            result["swapped"] += 1
            failed = [i for i in ids if got.get(i) != "PASSED"]
            if failed:
                result["failures"].append({"id": row["id"], "qualname": row["context"]["qualname"],
                                           "transforms": row["transforms"], "tests": failed[:5]})
    result["seconds"] = round(time.monotonic() - t0, 1)
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", required=True, help="the run's config (its files corpora with tests)")
    ap.add_argument("--out", required=True, help="the run's output folder")
    ap.add_argument("--limit", type=int, default=None, help="pairs per library")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    config = yaml.safe_load(Path(args.config).read_text())
    rows = equivalent_rows(Path(args.out))
    results = []
    for entry in config.get("corpus", []):
        spec = CorpusSpec.model_validate(entry)
        if spec.kind != "files" or not spec.tests:
            continue
        res = check_corpus(spec, rows, args.limit)
        results.append(res)
        touched = [n for n in res["tests_per_function"] if n]
        spread = (f"median {statistics.median(touched):g}, min {min(touched)}, max {max(touched)}"
                  if touched else "none")
        print(f"{res['corpus']}: {res['equivalent']} equivalent pairs, {res['swapped']} swapped "
              f"and tested, {res['untouched']} whose function no passing test calls; "
              f"failures {len(res['failures'])}; tests per swapped function: {spread} "
              f"({res['seconds']} s)")
        for f in res["failures"]:
            print(f"  FAIL {f['qualname']} {f['transforms']} {f['id']}: {f['tests']}")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
