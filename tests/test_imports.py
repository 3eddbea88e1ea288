"""The import graph reads top-down: the CLI over the pipeline, over transforms and verifiers side
by side, over the sandbox. Checked on every module's import statements (with ``ast``, lazy
imports inside functions included), so a new module is covered the day it is added."""

from __future__ import annotations

import ast
import functools
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


@functools.cache
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
                 "semforge.verifiers.python.verify", "semforge.sandbox", "semforge.sandbox.client",
                 "semforge.sandbox.encoding._encoder", "semforge.cards.render"):
        assert name in found, name
    edges = graph()
    assert "semforge.verifiers" in edges["semforge.pipeline.steps.verify"]  # top-level import
    assert "semforge.cards.render" in edges["semforge.pipeline.finalize"]  # import inside a function
    assert "semforge.sandbox" in edges["semforge.verifiers.python.run.sandboxes"]


def test_relative_imports_resolve_to_absolute_names():
    src = "from ..verifiers import python\nfrom . import _child\nimport semforge.pipeline.config as c\n"
    assert imported_names("semforge.sandbox.client", src, False) == {
        "semforge.verifiers", "semforge.verifiers.python", "semforge.sandbox",
        "semforge.sandbox._child", "semforge.pipeline.config"}
    assert imported_names("semforge.sandbox", "from .client import Limits\n", True) == {
        "semforge.sandbox.client", "semforge.sandbox.client.Limits"}


def test_the_checker_catches_arrows_back_up():
    edges = {"semforge.sandbox.x": {"semforge.verifiers.python.compare"},
             "semforge.transforms.rules.r": {"semforge.verifiers"},
             "semforge.verifiers.python.inputs": {"semforge.pipeline.config"},
             "semforge.cards.render": {"semforge.cli_run"},
             "semforge.cli_run": {"semforge.pipeline.runner"}}  # the one allowed arrow
    assert len(violations(edges)) == 4


def test_no_arrow_points_back_up():
    assert violations(graph()) == []


def resolve(name: str, found: dict[str, Path]) -> str | None:
    """The longest module that ``name`` names (``a.b.f`` -> ``a.b``)."""
    parts = name.split(".")
    return next((".".join(parts[:i]) for i in range(len(parts), 0, -1)
                 if ".".join(parts[:i]) in found), None)


def module_graph(type_only: bool = False) -> dict[str, set[str]]:
    """Module -> the semforge modules it loads when run: each imported name resolved to the
    longest module it names (``from a.b import f`` -> ``a.b``), imports under ``if TYPE_CHECKING:``
    left out (kept with ``type_only``), and a package's imports of its own submodules (from its
    ``__init__``) left out."""
    found = modules()
    edges = {}
    for name, path in found.items():
        is_package = path.name == "__init__.py"
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source) if type_only else runtime_tree(source)
        targets = {resolve(n, found) for n in imported_names(name, tree, is_package)
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
    assert "semforge.hazards" in edges["semforge.verifiers.python.program.static_guard"]
    tree = runtime_tree("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import semforge.a\n"
                        "else:\n    import semforge.b\nif typing.TYPE_CHECKING:\n    import semforge.c\n")
    assert imported_names("semforge.x", tree, False) == {"typing", "typing.TYPE_CHECKING", "semforge.b"}


def test_no_import_cycle():
    assert import_cycles(module_graph()) == []


def test_no_import_cycle_counting_type_only_imports():
    """A cycle made only of ``if TYPE_CHECKING:`` imports still ties the modules together: one
    cannot be read, typed or moved without the other."""
    assert import_cycles(module_graph(type_only=True)) == []


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


VERIFIER = "semforge.verifiers.python"
# The Python verifier's folders and modules, bottom first: each imports nothing from those after
# it (type-only imports and imports inside functions included).
LAYERS = ("program", "inputs", "compare", "probes", "config", "verdicts", "run", "measure", "judge",
          "verify")


def layer(name: str) -> int | None:
    """Where a module of the Python verifier, or a name in one, sits in ``LAYERS`` (None outside
    it, and for the package itself)."""
    name = resolve(name, modules()) or name
    if not within(name, VERIFIER) or name == VERIFIER:
        return None
    return LAYERS.index(name[len(VERIFIER) + 1:].split(".")[0])


def layer_violations(edges: dict[str, set[str]]) -> list[str]:
    found, bad = modules(), []
    for src, targets in sorted(edges.items()):
        for dst in sorted(targets):
            here, there = layer(src), layer(dst)
            if here is not None and there is not None and there > here:
                bad.append(f"{src} -> {dst}: {LAYERS[here]} sits below {LAYERS[there]}")
            inputs = VERIFIER + ".inputs"
            if (within(dst, inputs) and not within(src, inputs) and within(src, VERIFIER)
                    and resolve(dst, found) != inputs):
                bad.append(f"{src} -> {dst}: the rest of the verifier goes through inputs/__init__")
    return bad


def test_every_module_of_the_python_verifier_has_a_layer():
    names = [n for n in modules() if within(n, VERIFIER) and n != VERIFIER]
    assert names and all(layer(n) is not None for n in names)  # (LAYERS.index raises otherwise)
    assert {n[len(VERIFIER) + 1:].split(".")[0] for n in names} == set(LAYERS)


def test_the_layer_checker_catches_arrows_back_up():
    edges = {VERIFIER + ".program.facts": {VERIFIER + ".inputs"},  # program sits below inputs
             VERIFIER + ".inputs.generate": {VERIFIER + ".judge.variant"},
             VERIFIER + ".run.original": {VERIFIER + ".inputs.scale"},  # past the one door
             VERIFIER + ".judge.variant": {VERIFIER + ".run.original", VERIFIER + ".inputs",
                                           VERIFIER + ".inputs.input_key"}}  # all allowed
    assert len(layer_violations(edges)) == 3


def test_the_python_verifier_s_imports_go_one_way():
    """program/ imports nothing of the rest, inputs/ only program/, and so on up ``LAYERS``;
    outside inputs/, input generation is reached through its one door (``inputs/__init__``)."""
    assert layer_violations(graph()) == []


def test_the_verifiers_share_only_the_verdict_and_the_speed_statistics():
    edges = graph()
    for shared in ("semforge.verifiers.verdict", "semforge.verifiers.speed"):
        assert edges[shared] == set(), shared
    for src, targets in edges.items():
        for a, b in (("cuda", "python"), ("python", "cuda")):
            if within(src, f"semforge.verifiers.{a}"):
                assert not any(within(t, f"semforge.verifiers.{b}") for t in targets), src


MAX_LINES = 450
# Kept whole on purpose: the child's code and its guard are read and audited as one (README).
LONG_BY_DESIGN = {"semforge.sandbox._child", "semforge.sandbox._guard"}
# Over the limit, being split (issue 28); remove each name as its split lands.
BEING_SPLIT: set[str] = set()


def test_no_module_is_over_450_lines():
    """Small modules named for what they do: past 450 lines a module holds more than one."""
    lengths = {name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in modules().items()}
    over = {name: n for name, n in lengths.items() if n > MAX_LINES}
    assert set(over) - LONG_BY_DESIGN - BEING_SPLIT == set(), over
    assert BEING_SPLIT <= set(over), "split already: drop it from BEING_SPLIT"
