"""Is a variant code a person could have written? A linter's word on what a rewrite added.

A variant is *noisy* when it has a finding that its original does not: an unused variable, a
``pass`` that does nothing, a yoda condition, ``not a > b``... Such pairs teach a model to
write noise, so generation drops them (and counts them per rule: the rule is what to fix).

Two sources of findings, both run over a whole batch of programs at once:

* ruff, on every program of the batch in one process (``ruff check`` over a temporary folder:
  about 20 ms for a seed and its candidates), with the rules in ``RUFF_NOISE``;
* a few checks ruff does not make, on the ``ast`` (``ast_findings``): a constant condition
  (``if True:``, ``if False:``; ``while True:`` is an idiom and allowed), unreachable
  statements after ``return``/``raise``/``break``/``continue``, ``not`` of one ordering
  comparison (``not a > b``; ``not (0 <= i < n)`` is fine), and a helper function with a placeholder name (``_expr``).

A finding is ``(code, detail)``. Ambiguous names (E741) compare by name: an ``l`` the original
author chose is not new noise when a helper takes it as a parameter.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import tempfile
from collections import Counter
from pathlib import Path
from typing import Sequence

# ruff rules whose findings a rewrite must never add (stable and preview rules of ruff 0.17).
RUFF_NOISE = {
    "F841": "unused variable",
    "RUF059": "unused unpacked variable",
    "F811": "redefined while unused",
    "PIE790": "unnecessary pass",
    "RUF050": "empty if statement",
    "B018": "useless expression",
    "SIM300": "yoda condition",
    "SIM201": "not a == b",
    "SIM202": "not a != b",
    "SIM208": "double negation",
    "SIM222": "expression or True",
    "SIM223": "expression and False",
    "E713": "not x in y",
    "E714": "not x is y",
    "E741": "ambiguous variable name",
    "RET503": "missing explicit return",
    "PLW0120": "else on a loop without break",
    "PLW0127": "self-assignment",
    "PLW0128": "name assigned twice in one statement",
    "B007": "unused loop variable",
}
# checks of our own (ast_findings)
AST_NOISE = {
    "constant-condition": "if True: / if False: / a constant test",
    "unreachable": "a statement after return, raise, break or continue",
    "negated-comparison": "not a > b (not of an ordering comparison)",
    "placeholder-helper": "a helper function named like _expr",
}
NOISE = {**RUFF_NOISE, **AST_NOISE}
_BY_NAME = {"E741"}  # compared as a set: the original's own short names are not new noise
# helper names that say nothing about what the helper computes
PLACEHOLDER = re.compile(r"_?(expr|helper|calc|compute|result|value|answer|evaluate|derive|"
                         r"combine|tmp|temp|func|fn|aux|do|stuff|thing|foo|bar)(_?\d+)?")

Finding = tuple[str, str]


def ruff_bin() -> str:
    try:
        from ruff.__main__ import find_ruff_bin
    except ImportError:
        raise RuntimeError("ruff is not installed: it is a dependency of semforge (pip install "
                           "'ruff>=0.17,<0.18'); generation lints every candidate with it") from None
    return find_ruff_bin()


def ruff_findings(sources: Sequence[str]) -> list[list[Finding]]:
    """The ``RUFF_NOISE`` findings of each source, from one run of ruff over all of them."""
    if not sources:
        return []
    with tempfile.TemporaryDirectory(prefix="semforge-lint-") as tmp:
        folder = Path(tmp)
        for i, code in enumerate(sources):
            (folder / f"p{i}.py").write_text(code, encoding="utf-8")
        proc = subprocess.run(
            [ruff_bin(), "check", "--isolated", "--no-cache", "--preview", "--exit-zero",
             "--target-version", "py311", "--output-format", "json",
             "--select", ",".join(RUFF_NOISE), str(folder)],
            capture_output=True, text=True, timeout=120, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"ruff failed ({proc.returncode}): {proc.stderr.strip()[:500]}")
        found: list[list[Finding]] = [[] for _ in sources]
        for item in json.loads(proc.stdout or "[]"):
            index = int(Path(item["filename"]).stem[1:])
            found[index].append((item["code"], item["message"]))
    return found


def ast_findings(code: str) -> list[Finding]:
    """The ``AST_NOISE`` findings of ``code`` (none for code that does not parse)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    found: list[Finding] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp)) and isinstance(node.test, ast.Constant):
            found.append(("constant-condition", f"test {node.test.value!r}"))
        elif isinstance(node, ast.While) and isinstance(node.test, ast.Constant) \
                and not node.test.value:
            found.append(("constant-condition", f"while {node.test.value!r}"))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) \
                and isinstance(node.operand, ast.Compare) and len(node.operand.ops) == 1 \
                and isinstance(node.operand.ops[0], (ast.Lt, ast.Gt, ast.LtE, ast.GtE)):
            found.append(("negated-comparison", ast.unparse(node)[:80]))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                and PLACEHOLDER.fullmatch(node.name):
            found.append(("placeholder-helper", node.name))
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if not isinstance(block, list):
                continue
            for stmt, after in zip(block, block[1:]):
                if isinstance(stmt, (ast.Return, ast.Raise, ast.Break, ast.Continue)):
                    found.append(("unreachable", f"after {type(stmt).__name__.lower()}"))
                    break
    return found


def findings(sources: Sequence[str]) -> list[list[Finding]]:
    """Every noise finding of each source: ruff's and ours."""
    return [r + ast_findings(code) for r, code in zip(ruff_findings(sources), sources)]


def added(original: list[Finding], variant: list[Finding]) -> list[Finding]:
    """The findings of ``variant`` that ``original`` does not have (as many times as they are
    more frequent; ambiguous names by name)."""
    base = Counter(f for f in original if f[0] not in _BY_NAME)
    extra = Counter(f for f in variant if f[0] not in _BY_NAME) - base
    names = {f for f in original if f[0] in _BY_NAME}
    by_name = {f for f in variant if f[0] in _BY_NAME} - names
    return sorted(extra.elements()) + sorted(by_name)


def added_noise(original: str, variants: Sequence[str]) -> list[list[Finding]]:
    """For each variant, the noise findings it adds to ``original`` (empty: natural)."""
    all_findings = findings([original, *variants])
    return [added(all_findings[0], f) for f in all_findings[1:]]


# Counters of a run (a plain Counter keyed by strings, summed across shards): how many candidates
# were linted, how many were dropped, per rule in their chain and per finding.
def count_noise(noisy, candidates: int, counters) -> None:
    """Add one seed's generation outcome (``GenerateResult.noisy``, ``.candidates``)."""
    counters["candidates"] += candidates
    for transforms, found in noisy:
        counters["noise_dropped"] += 1
        for rule in dict.fromkeys(transforms):
            counters[f"noise_dropped_rule:{rule}"] += 1
        for code in dict.fromkeys(code for code, _ in found):
            counters[f"noise_finding:{code}"] += 1


def noise_summary(counters) -> dict:
    """The ``naturalness`` section of stats.json, from a run's counters."""
    def prefixed(prefix: str) -> dict[str, int]:
        found = {k[len(prefix):]: v for k, v in counters.items() if k.startswith(prefix) and v}
        return dict(sorted(found.items(), key=lambda kv: (-kv[1], kv[0])))

    return {"candidates": counters.get("candidates", 0),
            "dropped": counters.get("noise_dropped", 0),
            "dropped_by_rule": prefixed("noise_dropped_rule:"),
            "dropped_by_finding": prefixed("noise_finding:")}
