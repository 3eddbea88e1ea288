"""The import graph of transforms/: rules stand on the shared analysis, never on each other.

A helper one rule needs from another belongs in ``transforms/analysis/``; a rule importing a
rule makes the second rule's internals an API nobody reviews as one.
"""

import ast
from pathlib import Path

import pytest

TRANSFORMS = Path(__file__).resolve().parent.parent / "transforms"
RULES = sorted(p for p in (TRANSFORMS / "rules").glob("*.py") if p.name != "__init__.py")


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    """(level, dotted name) of every import in ``path``, ``from . import x`` as ``x``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.module:
                found.append((node.level, node.module))
            else:
                found += [(node.level, alias.name) for alias in node.names]
    return found


def _rule_imports(path: Path) -> list[str]:
    bad = []
    for level, name in _imported_modules(path):
        if level == 1 or name.startswith("semforge.transforms.rules") \
                or (level == 2 and name.split(".")[0] == "rules"):
            bad.append(f"{'.' * level}{name}")
    return bad


def test_rules_found():
    assert len(RULES) >= 40


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_rule_imports_no_other_rule(path):
    assert _rule_imports(path) == [], f"{path.name} imports another rule module"


@pytest.mark.parametrize("path", sorted((TRANSFORMS / "analysis").glob("*.py")),
                         ids=lambda p: p.stem)
def test_analysis_imports_no_rule(path):
    assert not [n for level, n in _imported_modules(path)
                if (level == 2 and n.split(".")[0] == "rules") or "transforms.rules" in n]


def test_checker_catches_a_rule_import(tmp_path):
    sample = tmp_path / "r.py"
    sample.write_text("from .swap_if_else import negate\nfrom ..analysis import used_names\n"
                      "from . import de_morgan\n")
    assert _rule_imports(sample) == [".swap_if_else", ".de_morgan"]
