"""The import graph reads top-down: the CLI over the pipeline, over transforms and verifiers side
by side, over the sandbox. Checked on every module's import statements (with ``ast``, lazy
imports inside functions included), so a new module is covered the day it is added."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from semforge.transforms.analysis.recursion import strongly_connected

REPO = Path(__file__).resolve().parents[1]


def package_roots() -> dict[str, Path]:
    """``{package: folder}`` from pyproject's ``[tool.setuptools] package-dir``."""
    setup = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    return {pkg: REPO / folder for pkg, folder in setup["package-dir"].items()}


def modules() -> dict[str, Path]:
    """Every installed module (``semforge.x.y``) and its file."""
    roots = package_roots()
    mapped = set(roots.values())
    out = {}
    for pkg, root in roots.items():
        for path in root.rglob("*.py"):
            rel = path.relative_to(root)
            # A folder mapped to a package of its own is walked under that package's name.
            if any(parent in mapped for parent in path.parents if parent != root and root in parent.parents):
                continue
            parts = [pkg, *rel.with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def imported_names(module: str, source: str | ast.Module, is_package: bool) -> set[str]:
    """Absolute names a module imports: ``from a import b`` gives ``a`` and ``a.b``."""
    names = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source) if isinstance(source, str) else source):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            names.add(prefix)
            names.update(f"{prefix}.{alias.name}" for alias in node.names)
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def runtime_tree(source: str) -> ast.Module:
    """``source``'s tree without the bodies of ``if TYPE_CHECKING:`` blocks (their ``else`` stays)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            node.body = [ast.Pass()]
    return tree


def graph() -> dict[str, set[str]]:
    return {
        name: {n for n in imported_names(name, path.read_text(encoding="utf-8"), path.name == "__init__.py")
               if n == "semforge" or n.startswith("semforge.")}
        for name, path in modules().items()
    }


def within(name: str, *packages: str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def is_cli(name: str) -> bool:
    return name == "semforge.cli" or name.startswith("semforge.cli_")


def violations(edges: dict[str, set[str]]) -> list[str]:
    bad = []
    for src, targets in sorted(edges.items()):
        for dst in sorted(targets):
            if within(src, "semforge.sandbox") and within(
                    dst, "semforge.verifiers", "semforge.transforms", "semforge.pipeline", "semforge.cards"):
                bad.append(f"{src} -> {dst}: the sandbox is the bottom layer")
            if within(src, "semforge.transforms") and within(dst, "semforge.verifiers"):
                bad.append(f"{src} -> {dst}: transforms and verifiers sit side by side")
            if within(src, "semforge.verifiers") and within(dst, "semforge.transforms"):
                bad.append(f"{src} -> {dst}: transforms and verifiers sit side by side")
            if within(dst, "semforge.pipeline") and not (within(src, "semforge.pipeline") or is_cli(src)):
                bad.append(f"{src} -> {dst}: only the CLI stands above the pipeline")
            if is_cli(dst) and not is_cli(src):
                bad.append(f"{src} -> {dst}: nothing imports the CLI")
    return bad


def test_the_walk_finds_every_layer():
    found = modules()
    for name in ("semforge.cli", "semforge.record", "semforge.pipeline.runner", "semforge.transforms.rules",
                 "semforge.verifiers.python_diff", "semforge.sandbox", "semforge.sandbox.client",
                 "semforge.sandbox.encoding._encoder", "semforge.cards.render"):
        assert name in found, name
    edges = graph()
    assert "semforge.verifiers" in edges["semforge.pipeline.steps.verify"]  # top-level import
    assert "semforge.cards.render" in edges["semforge.pipeline.finalize"]  # import inside a function
    assert "semforge.sandbox" in edges["semforge.verifiers.python_diff"]


def test_relative_imports_resolve_to_absolute_names():
    src = "from ..verifiers import python_diff\nfrom . import _child\nimport semforge.pipeline.config as c\n"
    assert imported_names("semforge.sandbox.client", src, False) == {
        "semforge.verifiers", "semforge.verifiers.python_diff", "semforge.sandbox",
        "semforge.sandbox._child", "semforge.pipeline.config"}
    assert imported_names("semforge.sandbox", "from .client import Limits\n", True) == {
        "semforge.sandbox.client", "semforge.sandbox.client.Limits"}


def test_the_checker_catches_arrows_back_up():
    edges = {"semforge.sandbox.x": {"semforge.verifiers.compare"},
             "semforge.transforms.rules.r": {"semforge.verifiers"},
             "semforge.verifiers.inputs": {"semforge.pipeline.config"},
             "semforge.cards.render": {"semforge.cli_run"},
             "semforge.cli_run": {"semforge.pipeline.runner"}}  # the one allowed arrow
    assert len(violations(edges)) == 4


def test_no_arrow_points_back_up():
    assert violations(graph()) == []


def module_graph() -> dict[str, set[str]]:
    """Module -> the semforge modules it loads when run: each imported name resolved to the
    longest module it names (``from a.b import f`` -> ``a.b``), imports under ``if TYPE_CHECKING:``
    left out, and a package's imports of its own submodules (from its ``__init__``) left out."""
    found = modules()

    def resolve(name: str) -> str | None:
        parts = name.split(".")
        return next((".".join(parts[:i]) for i in range(len(parts), 0, -1)
                     if ".".join(parts[:i]) in found), None)

    edges = {}
    for name, path in found.items():
        is_package = path.name == "__init__.py"
        targets = {resolve(n) for n in imported_names(name, runtime_tree(path.read_text(encoding="utf-8")), is_package)
                   if n == "semforge" or n.startswith("semforge.")}
        edges[name] = {t for t in targets
                       if t is not None and t != name and not (is_package and t.startswith(name + "."))}
    return edges


def import_cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, each sorted."""
    return sorted(c for c in strongly_connected(edges) if len(c) > 1)


def test_the_cycle_finder_finds_cycles_and_only_cycles():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}, "f": {"a"}, "g": set()}
    assert import_cycles(edges) == [["a", "b", "c"], ["d", "e"]]
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_the_module_graph_leaves_out_type_checking_and_a_package_s_own_submodules():
    edges = module_graph()
    # backends/base.py imports ..config only under TYPE_CHECKING.
    assert "semforge.transforms.llm.config" not in edges["semforge.transforms.llm.backends.base"]
    # The package's __init__ imports its own base and backends: not an arrow of the graph.
    assert not any(t.startswith("semforge.transforms.llm.backends.")
                   for t in edges["semforge.transforms.llm.backends"])
    # A lazy import inside a function counts; ``from .base import X`` is an arrow to base.
    assert "semforge.cards.render" in edges["semforge.pipeline.finalize"]
    assert "semforge.transforms.llm.backends.base" in edges["semforge.transforms.llm.backends.openai_http"]
    assert "semforge.hazards" in edges["semforge.verifiers.static_guard"]
    tree = runtime_tree("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import semforge.a\n"
                        "else:\n    import semforge.b\nif typing.TYPE_CHECKING:\n    import semforge.c\n")
    assert imported_names("semforge.x", tree, False) == {"typing", "typing.TYPE_CHECKING", "semforge.b"}


def test_no_import_cycle():
    assert import_cycles(module_graph()) == []


@pytest.mark.parametrize("leaf", ["semforge.record", "semforge.hazards"])
def test_the_ground_modules_import_no_other_semforge_module(leaf):
    """The record and the hazard lists stand under everything: they import nothing of semforge,
    not even under ``TYPE_CHECKING`` or inside a function."""
    assert graph()[leaf] == set()


@pytest.mark.parametrize("statement", [
    "import semforge.sandbox",
    "from semforge.sandbox import Limits, Sandbox, shared_sandbox, encode, default_root, tool",
])
def test_the_sandbox_loads_without_the_verifier(statement):
    """Children import the sandbox package: it must not bring the verifier, Hypothesis or any
    other layer of semforge with it."""
    code = (f"import sys, json\n{statement}\n"
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('semforge', 'hypothesis'))))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    loaded = json.loads(proc.stdout)
    assert loaded and all(m == "semforge" or m.startswith("semforge.sandbox") for m in loaded), loaded
