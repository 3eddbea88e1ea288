"""Soundness on code none of us wrote: every registered rule rewrites more-itertools, whose own
test suite must still pass on the rewritten tree.

The sdist (it ships ``tests/``) is downloaded once into ``~/.cache/semforge-tests``; reruns are
offline. Each rule is applied alone with ``semforge rewrite`` (only the library package is
rewritten, never its tests), then all rules chained in one rewrite. Run with ``-s`` to see the
report of sites rewritten per rule.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

CACHE = Path.home() / ".cache" / "semforge-tests" / "sdists"
PACKAGE = "more-itertools"
IMPORT_NAME = "more_itertools"
SEMFORGE = [sys.executable, "-m", "semforge.cli"]


def sdist() -> Path:
    found = sorted(CACHE.glob("more_itertools-*.tar.gz"))
    if not found:
        CACHE.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run([sys.executable, "-m", "pip", "download", "--no-binary", ":all:",
                               "--no-deps", "--dest", str(CACHE), PACKAGE],
                              capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            pytest.skip(f"{PACKAGE} sdist not cached and PyPI unreachable: {proc.stderr[-300:]}")
        found = sorted(CACHE.glob("more_itertools-*.tar.gz"))
    return found[-1]


@pytest.fixture(scope="module")
def library(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("library")
    with tarfile.open(sdist()) as tar:
        tar.extractall(root, filter="data")
    (src,) = [p for p in root.iterdir() if p.is_dir()]
    assert (src / "tests").is_dir(), "the sdist no longer ships its tests"
    return src


def run_tests(tree: Path) -> subprocess.CompletedProcess:
    """The library's own suite, importing the package from ``tree`` (cwd is first on sys.path)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([sys.executable, "-m", "unittest", "discover", "-s", "tests", "-t", "."],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=900)


def rewrite(library: Path, out: Path, rule_ids: list[str]) -> dict:
    """``semforge rewrite`` the package into ``out``; copy the tests next to it unchanged."""
    out.mkdir(parents=True)
    shutil.copytree(library / "tests", out / "tests")
    report = out / "sites.json"
    args = [a for rule_id in rule_ids for a in ("--rule", rule_id)]
    proc = subprocess.run([*SEMFORGE, "rewrite", str(library / IMPORT_NAME), *args,
                           "-o", str(out / IMPORT_NAME), "--report", str(report)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"rewrite with {rule_ids} failed:\n{proc.stdout}\n{proc.stderr}"
    data = json.loads(report.read_text())
    assert not data["unparsed"] and not data["crashed"]
    return data


def registered_rules() -> dict[str, bool]:
    """Python rule id -> whether it takes the seed's domain as type evidence."""
    proc = subprocess.run([*SEMFORGE, "rules", "list", "--json"], capture_output=True, text=True,
                          check=True)
    return {info["id"]: info["uses_domain"] for info in json.loads(proc.stdout)
            if info["language"] == "python"}


def failures(proc: subprocess.CompletedProcess) -> str:
    """The first failing test's traceback and the summary line."""
    lines = (proc.stdout + proc.stderr).splitlines()
    first = next((i for i, ln in enumerate(lines) if ln.startswith(("ERROR:", "FAIL:"))), 0)
    return "\n".join(lines[first:first + 30] + lines[-3:])


@pytest.mark.timeout(3600)  # ~45 rewrites and test-suite runs; long on a loaded machine
def test_every_rule_keeps_the_library_tests_green(library: Path, tmp_path: Path):
    baseline = run_tests(library)
    assert baseline.returncode == 0, "the unmodified library fails its own tests:\n" + failures(baseline)

    uses_domain = registered_rules()
    rules = list(uses_domain)
    jobs: dict[str, tuple[list[str], Path]] = {r: ([r], tmp_path / r) for r in rules}
    jobs["ALL (chained)"] = (rules, tmp_path / "all-chained")

    def one(name: str):
        rule_ids, out = jobs[name]
        data = rewrite(library, out, rule_ids)
        sites = sum(data["totals"].values())
        result = run_tests(out) if sites else None
        return name, data, result

    print(f"\n{PACKAGE} ({library.name}): sites rewritten per rule, and the library's tests",
          flush=True)
    results, broken = [], []
    with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        for future in as_completed([pool.submit(one, name) for name in jobs]):
            name, data, result = future.result()
            results.append((name, data, result))
            sites = sum(data["totals"].values())
            files = len(data["files"])
            status = "not fired" if result is None else (
                "green" if result.returncode == 0 else "RED")
            print(f"  {name:32} {sites:5} sites in {files:2} files   tests {status}", flush=True)
            if result is not None and result.returncode != 0:
                broken.append(f"--- {name}\n{failures(result)}")
    fired = {name for name, data, _ in results if name in rules and sum(data["totals"].values())}
    # A rule that takes the domain fires only where types are known; `semforge rewrite` has no
    # seeds and this library's sources carry no annotations, so only the others are expected.
    plain = [r for r in rules if not uses_domain[r]]
    print(f"  {len(fired)}/{len(rules)} rules fired on {PACKAGE} "
          f"({len(fired & set(plain))}/{len(plain)} of those that need no type evidence)")
    assert not broken, "rules broke the library's tests:\n" + "\n".join(broken)
    assert len(fired & set(plain)) >= len(plain) // 2, "most rules should fire on real code"
