"""Inputs carved from a project's own tests: what its functions and methods are really called with.

``carved_inputs(corpus_root, tests, paths)`` runs the project's pytest suite once, confined like
any untrusted program, under a call tracer (``_tracer.py``), and returns, per file and
qualified name, the calls it recorded: positional arguments, and for a method the arguments its
instance was constructed with. Values are parsed back from their ``repr`` with
``literal`` (never evaluated); a call whose arguments are not all builtin values (numbers,
strings, bytes, and lists, tuples, dicts, sets of them) is not kept, since it could not be
copied into the sandbox. The result is cached (``survey.cached_json``) under the digest of the
corpus and its tests, so a run's driver and workers run the suite once between them.

``CarveReport.touched`` says how many tests called each function (what
``benchmarks/real_library_swap.py`` reports for every swapped function).
"""

from __future__ import annotations

import json
import math
import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from semforge.sandbox import default_root
from semforge.sandbox.tool_run import run_tool

from ..corpora.common import _tree_sha256
from ..seeds.doctests import literal
from ..seeds.survey import cached_json

__all__ = ["CarveReport", "carved_inputs", "run_tests"]

_SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_tracer.py")
TEST_BUDGET_S = 900.0
MAX_REPORT = 8 << 20


@dataclass
class CarveReport:
    """What the confined test run reported. ``calls``: ``{relpath: {qualname: [call]}}`` where a
    call is ``{"first": value | None, "rest": [values], "init": [values] | None,
    "self_type": "module.Class" | None}``; ``touched``: ``{relpath: {qualname: tests}}``."""

    status: str = "failed"
    detail: str = ""
    tests: dict = field(default_factory=dict)
    seconds: float = 0.0
    confinement: str = ""
    violations: list = field(default_factory=list)
    calls: dict = field(default_factory=dict)
    touched: dict = field(default_factory=dict)
    touched_ids: dict = field(default_factory=dict)
    exit: int | None = None  # pytest's exit status
    tail: str = ""  # the end of pytest's own output


def carved_inputs(corpus_root: Path, tests: Path, paths: list[Path],
                  budget_s: float = TEST_BUDGET_S) -> CarveReport:
    """The suite's report (cached by the content of the corpus and of its tests)."""
    key = ["carve", str(corpus_root.resolve()), str(tests.resolve()), _tree_sha256(corpus_root),
           _tree_sha256(tests), [str(p) for p in paths], _tree_sha256(Path(_SCRIPT))]
    # The report's text is kept, not its values: they are parsed again on every read.
    raw = cached_json("carved", key, lambda: _run(corpus_root, tests, paths, budget_s))
    return _report(raw, budget_s)


def run_tests(corpus_root: Path, tests: Path, paths: list[Path],
              budget_s: float = TEST_BUDGET_S) -> CarveReport:
    """Run the suite at ``tests`` (pytest, from ``corpus_root``) with ``paths`` first on
    ``sys.path``, under the tracer, within ``budget_s`` of wall clock."""
    return _report(_run(corpus_root, tests, paths, budget_s), budget_s)


def _report(raw: dict, budget_s: float) -> CarveReport:
    report = parse_report(raw["data"].encode("ascii", "replace"))
    if raw["timed_out"] and report.status != "done":
        report.status, report.detail = "timeout", f"stopped at its {budget_s:g} s budget"
    if raw.get("missing"):
        report.status, report.detail = "unavailable", raw["missing"]
    report.seconds = raw["seconds"]
    return report


def _run(corpus_root: Path, tests: Path, paths: list[Path], budget_s: float) -> dict:
    """The tracer's raw report: ``{"data": text, "timed_out": bool, "seconds": float}``."""
    import importlib.util

    if importlib.util.find_spec("pytest") is None:
        return {"data": "", "timed_out": False, "seconds": 0.0,
                "missing": "pytest is not installed (pip install pytest): no inputs carved"}
    t0 = time.monotonic()
    deadline = t0 + budget_s
    base = tempfile.mkdtemp(prefix="semforge-carve-", dir=default_root() or None)
    try:
        request = {
            "corpus": str(corpus_root.resolve()), "tests": str(tests.resolve()),
            "rootdir": os.path.commonpath([str(corpus_root.resolve()), str(tests.resolve())]),
            "paths": [str(p) for p in paths], "workdir": os.path.join(base, "w"),
            "limits": {"memory_mb": 2048, "cpu_s": math.ceil(budget_s) + 1, "file_mb": 64,
                       "max_files": 256, "max_procs": 1024},
        }
        data, timed_out = run_tool(_SCRIPT, request, base, deadline, MAX_REPORT,
                                   env={"PYTHONHASHSEED": "0",
                                        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return {"data": data.decode("ascii", "replace"), "timed_out": timed_out,
            "seconds": round(time.monotonic() - t0, 3)}


def parse_report(data: bytes) -> CarveReport:
    """The tracer's JSON lines, parsed without running anything (``literal``)."""
    report = CarveReport()
    for raw in data.split(b"\n"):
        try:
            line = json.loads(raw.decode("ascii"))
        except Exception:  # noqa: BLE001 - untrusted text; a cut last line is expected
            continue
        if not isinstance(line, dict):
            continue
        if isinstance(line.get("unit"), list) and len(line["unit"]) == 2:
            call = _parse_call(line)
            if call is not None:
                rel, qual = map(str, line["unit"])
                report.calls.setdefault(rel, {}).setdefault(qual, []).append(call)
        elif isinstance(line.get("touched"), list) and len(line["touched"]) == 2:
            rel, qual = map(str, line["touched"])
            count = line.get("count")
            report.touched.setdefault(rel, {})[qual] = count if isinstance(count, int) else 0
            ids = line.get("tests")
            if isinstance(ids, list):
                report.touched_ids.setdefault(rel, {})[qual] = [str(i) for i in ids]
        elif isinstance(line.get("status"), str):
            report.status = line["status"]
            report.detail = str(line.get("detail", ""))[:300]
            report.tests = {str(k): v for k, v in (line.get("tests") or {}).items()
                            if isinstance(v, int)}
            report.confinement = str(line.get("confinement", ""))[:200]
            report.violations = [str(v)[:200] for v in (line.get("violations") or [])][:5]
            report.exit = line["exit"] if isinstance(line.get("exit"), int) else None
            report.tail = str(line.get("tail", ""))[-2000:]
    return report


def _parse_call(line: dict) -> dict | None:
    def values(texts):
        if texts is None:
            return None
        if not isinstance(texts, list):
            raise ValueError("not a list")
        return [literal(t) for t in texts]

    try:
        kw = line.get("kw")
        if kw is None:
            return None
        call = {"rest": values(line.get("rest")), "init": values(line.get("init")),
                "self_type": line.get("self_type") if isinstance(line.get("self_type"), str)
                else None,
                "kw": {str(k): literal(v) for k, v in kw.items()} if isinstance(kw, dict) else {}}
        first = line.get("first")
        call["first"] = [literal(first)] if isinstance(first, str) else None
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        return None
    return call if call["rest"] is not None else None
