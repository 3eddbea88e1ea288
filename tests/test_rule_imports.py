"""The import graph of transforms/: rules stand on the shared analysis, never on each other.

A helper one rule needs from another belongs in ``transforms/analysis/``; a rule importing a
rule makes the second rule's internals an API nobody reviews as one. The PyTorch rules
(``transforms/pytorch/rules/``) share one private helper module of their own, ``_torch.py``
(which torch and ``nn`` names a module binds, building replacement code); no other rule module.
"""

import ast
from pathlib import Path

import pytest

TRANSFORMS = Path(__file__).resolve().parent.parent / "transforms"

# package -> (folder, the helper modules its rules may share)
RULE_PACKAGES = {
    "semforge.transforms.rules": (TRANSFORMS / "rules", frozenset()),
    "semforge.transforms.pytorch.rules": (TRANSFORMS / "pytorch" / "rules", frozenset({"_torch"})),
}


def _rule_files(package: str) -> list[Path]:
    folder, shared = RULE_PACKAGES[package]
    return sorted(p for p in folder.glob("*.py") if p.name != "__init__.py" and p.stem not in shared)


RULES = _rule_files("semforge.transforms.rules")
PYTORCH_RULES = _rule_files("semforge.transforms.pytorch.rules")
ALL_RULES = [("semforge.transforms.rules", p) for p in RULES] + \
    [("semforge.transforms.pytorch.rules", p) for p in PYTORCH_RULES]
HELPERS = [("semforge.transforms.pytorch.rules", RULE_PACKAGES["semforge.transforms.pytorch.rules"][0] / f"{name}.py")
           for name in sorted(RULE_PACKAGES["semforge.transforms.pytorch.rules"][1])]


def _imported_modules(path: Path, package: str) -> list[str]:
    """The absolute name of every module ``path`` (a module of ``package``) imports:
    ``from .x import f`` gives ``package.x``, ``from . import x`` gives ``package.x``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - (node.level - 1)])
                prefix = f"{base}.{node.module}" if node.module else base
            else:
                prefix = node.module or ""
            if node.module:
                found.append(prefix)
            else:
                found += [f"{prefix}.{alias.name}" for alias in node.names]
    return found


def _rule_imports(path: Path, package: str) -> list[str]:
    """Rule modules (of any rule package, or a rule package as a whole) that ``path`` imports,
    other than the helpers its own package shares."""
    shared = {f"{package}.{name}" for name in RULE_PACKAGES[package][1]}
    return [name for name in _imported_modules(path, package)
            if any(name == p or name.startswith(p + ".") for p in RULE_PACKAGES) and name not in shared]


def test_rules_found():
    assert len(RULES) >= 40
    assert len(PYTORCH_RULES) >= 10
    assert all(p.exists() for _, p in HELPERS)


@pytest.mark.parametrize("package,path", ALL_RULES, ids=lambda v: v.stem if isinstance(v, Path) else v.split(".")[-2])
def test_rule_imports_no_other_rule(package, path):
    assert _rule_imports(path, package) == [], f"{path.name} imports another rule module"


@pytest.mark.parametrize("package,path", HELPERS, ids=lambda v: v.stem if isinstance(v, Path) else "pytorch")
def test_shared_rule_helpers_import_no_rule(package, path):
    assert _rule_imports(path, package) == [], f"{path.name} imports a rule module"


@pytest.mark.parametrize("path", sorted((TRANSFORMS / "analysis").glob("*.py")),
                         ids=lambda p: p.stem)
def test_analysis_imports_no_rule(path):
    module = "semforge.transforms.analysis" if path.name == "__init__.py" else f"semforge.transforms.analysis.{path.stem}"
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    assert not [n for n in _imported_modules(path, package)
                if any(n == p or n.startswith(p + ".") for p in RULE_PACKAGES)]


def test_checker_catches_a_rule_import(tmp_path):
    sample = tmp_path / "r.py"
    sample.write_text("from .swap_if_else import negate\nfrom ..analysis import used_names\n"
                      "from . import de_morgan\nfrom ..pytorch.rules._torch import code\n")
    assert _rule_imports(sample, "semforge.transforms.rules") == [
        "semforge.transforms.rules.swap_if_else", "semforge.transforms.rules.de_morgan",
        "semforge.transforms.pytorch.rules._torch"]


def test_checker_allows_the_pytorch_helper_and_nothing_else(tmp_path):
    sample = tmp_path / "r.py"
    sample.write_text("from .. import register_pytorch\nfrom ...base import Rule\n"
                      "from ._torch import TorchTransformer, code\nfrom . import _torch\n"
                      "from .gelu_formula import GeluFormula\nfrom ..rules import relu_as_clamp\n"
                      "import semforge.transforms.pytorch.rules.silu_unfuse\n"
                      "from ...rules.de_morgan import negate\n")
    assert _rule_imports(sample, "semforge.transforms.pytorch.rules") == [
        "semforge.transforms.pytorch.rules.gelu_formula", "semforge.transforms.pytorch.rules",
        "semforge.transforms.pytorch.rules.silu_unfuse", "semforge.transforms.rules.de_morgan"]
