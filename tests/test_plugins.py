"""Plug-in rules, for real: an entry point found by importlib.metadata, a pip-installed package,
and a user's module named by ``generate.rule_modules`` / ``--rule-module``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SEMFORGE = [sys.executable, "-m", "semforge.cli"]

PLUGIN_RULE = '''
"""A plug-in rule: `pass` -> `...` (both are statements that do nothing)."""
import libcst as cst
import libcst.matchers as m

from semforge.transforms import Rule, RuleTransformer, register


@register
class PassToEllipsis(Rule):
    """Replace a `pass` statement by the expression statement `...`. Sound: neither does anything."""

    id = "{rule_id}"
    description = "Replace pass with an Ellipsis statement."
    category = "plugin"
    intent = "neutral"

    class Transformer(RuleTransformer):
        def leave_Pass(self, original_node, updated_node):
            self.sites += 1
            return cst.Expr(cst.Ellipsis())
'''


def write_package(root: Path, package: str, rule_id: str) -> None:
    (root / package).mkdir(parents=True)
    (root / package / "__init__.py").write_text("")
    (root / package / "rules.py").write_text(PLUGIN_RULE.format(rule_id=rule_id))


def run_cli(args: list[str], pythonpath: list[Path], cwd: Path) -> subprocess.CompletedProcess:
    # `python -m` puts the working directory on sys.path: run from an empty folder so that only
    # PYTHONPATH decides what is importable.
    cwd = cwd / "cwd"
    cwd.mkdir(exist_ok=True)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(str(p) for p in pythonpath))
    return subprocess.run([*SEMFORGE, *args], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=300)


def listed_ids(proc: subprocess.CompletedProcess) -> set[str]:
    assert proc.returncode == 0, proc.stderr
    return {info["id"] for info in json.loads(proc.stdout)}


def test_entry_point_from_dist_info_on_sys_path(tmp_path: Path) -> None:
    # What an installed distribution looks like to importlib.metadata: a *.dist-info folder with
    # METADATA and entry_points.txt next to the package, on sys.path.
    write_package(tmp_path, "sf_plug", "plugin-pass-to-ellipsis")
    dist = tmp_path / "sf_plug-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: sf-plug\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(
        "[semforge.rules]\npass-to-ellipsis = sf_plug.rules:PassToEllipsis\n")

    assert "plugin-pass-to-ellipsis" in listed_ids(run_cli(["rules", "list", "--json"], [tmp_path], tmp_path))
    # without the folder on the path, the rule is not there
    assert "plugin-pass-to-ellipsis" not in listed_ids(run_cli(["rules", "list", "--json"], [], tmp_path))

    table = run_cli(["rules", "list"], [tmp_path], tmp_path).stdout
    line = next(ln for ln in table.splitlines() if ln.startswith("plugin-pass-to-ellipsis"))
    assert "plugin" in line and "neutral" in line and "Ellipsis" in line

    src = tmp_path / "src"
    src.mkdir()
    (src / "m.py").write_text("def f():\n    pass\n")
    out = tmp_path / "out"
    proc = run_cli(["rewrite", str(src), "--rule", "plugin-pass-to-ellipsis", "-o", str(out)],
                   [tmp_path], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (out / "m.py").read_text() == "def f():\n    ...\n"


def test_broken_entry_point_names_the_plugin(tmp_path: Path) -> None:
    dist = tmp_path / "sf_broken-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: sf-broken\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[semforge.rules]\nbroken = sf_missing.rules:Nope\n")
    proc = run_cli(["rules", "list"], [tmp_path], tmp_path)
    assert proc.returncode != 0
    assert "broken" in proc.stderr and "sf_missing.rules:Nope" in proc.stderr


def test_rule_module_by_flag_and_by_config(tmp_path: Path) -> None:
    write_package(tmp_path, "myrules", "mine-pass-to-ellipsis")
    ids = listed_ids(run_cli(["rules", "list", "--json", "-m", "myrules.rules"], [tmp_path], tmp_path))
    assert "mine-pass-to-ellipsis" in ids and "rename-locals" in ids

    config = tmp_path / "run.yaml"
    config.write_text("generate:\n  rule_modules: [myrules.rules]\n")
    ids = listed_ids(run_cli(["rules", "list", "--json", "--config", str(config)], [tmp_path], tmp_path))
    assert "mine-pass-to-ellipsis" in ids

    proc = run_cli(["rules", "list", "-m", "no_such_module"], [tmp_path], tmp_path)
    assert proc.returncode != 0 and "no_such_module" in proc.stderr and "PYTHONPATH" in proc.stderr


@pytest.mark.slow
def test_pip_installed_package(tmp_path: Path) -> None:
    """Build and install a real plug-in distribution (pyproject with an entry point) with pip."""
    project = tmp_path / "project"
    write_package(project, "sf_pipplug", "pip-pass-to-ellipsis")
    (project / "pyproject.toml").write_text(textwrap.dedent('''
        [build-system]
        requires = ["setuptools"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "sf-pipplug"
        version = "0.1"

        [project.entry-points."semforge.rules"]
        pass-to-ellipsis = "sf_pipplug.rules:PassToEllipsis"

        [tool.setuptools]
        packages = ["sf_pipplug"]
    '''))
    # The build backend comes from PyPI once, then from the cache (reruns work offline).
    cache = Path.home() / ".cache" / "semforge-tests" / "build-backend"
    if not list(cache.glob("setuptools-*.whl")) or not list(cache.glob("wheel-*.whl")):
        fetch = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--dest",
                                str(cache), "setuptools", "wheel"],
                               capture_output=True, text=True, timeout=300)
        if fetch.returncode != 0:
            pytest.skip(f"no build backend cached and PyPI unreachable: {fetch.stderr[-300:]}")
    target = tmp_path / "site"
    pip = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--find-links", str(cache), "--target", str(target), str(project)],
        capture_output=True, text=True, timeout=300)
    assert pip.returncode == 0, pip.stderr
    assert list(target.glob("sf_pipplug-0.1.dist-info/entry_points.txt"))
    assert "pip-pass-to-ellipsis" in listed_ids(run_cli(["rules", "list", "--json"], [target], tmp_path))
