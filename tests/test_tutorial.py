"""docs/rules.md, followed step by step: its files are written and its commands are run."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
BUILD_CACHE = Path.home() / ".cache" / "semforge-tests" / "build-backend"


def blocks() -> list[tuple[str, str]]:
    return [(lang, body) for lang, body in BLOCK.findall(DOC.read_text())]


def write_files(root: Path) -> list[str]:
    written = []
    for _lang, body in blocks():
        first, _, rest = body.partition("\n")
        if first.startswith("# file: "):
            path = root / first[len("# file: "):].strip()
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(rest)
            written.append(str(path.relative_to(root)))
    return written


def commands() -> list[str]:
    return [line.strip() for lang, body in blocks() if lang == "bash"
            for line in body.splitlines() if line.strip() and not line.startswith("#")]


def argv(command: str, site: Path) -> list[str]:
    """The documented command as run here: our interpreter, and `pip install -e .` installing
    into a private folder from the cached build backend (offline, leaving our venv alone)."""
    words = shlex.split(command)
    if words[0] == "semforge":
        return [sys.executable, "-m", "semforge.cli", *words[1:]]
    if words[0] == "python":
        return [sys.executable, *words[1:]]
    if words[:3] == ["pip", "install", "-e"]:
        return [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
                "--find-links", str(BUILD_CACHE), "--target", str(site), words[3]]
    raise AssertionError(f"docs/rules.md runs a command this test does not know: {command}")


def run(command: str, repo: Path, site: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(repo), str(site)]))
    return subprocess.run(argv(command, site), cwd=repo, env=env, capture_output=True, text=True,
                          timeout=600)


def test_doc_has_the_promised_steps():
    files = [body.partition("\n")[0] for _lang, body in blocks()]
    for name in ("myrules/double_not.py", "tests/test_double_not.py", "run.yaml",
                 "pyproject.toml", "mylib/checks.py"):
        assert f"# file: {name}" in files
    joined = "\n".join(commands())
    for needle in ("rules list --config", "pip install -e .", "rules check", "rewrite"):
        assert needle in joined


def test_fixtures_and_config_registration(tmp_path: Path):
    write_files(tmp_path)
    site = tmp_path / "site"
    for command in commands():
        if command.startswith("python -m pytest") or command.startswith("semforge rules list --config"):
            proc = run(command, tmp_path, site)
            assert proc.returncode == 0, f"{command}\n{proc.stdout}\n{proc.stderr}"
            if "pytest" in command:
                assert "7 passed" in proc.stdout  # one test per fixture case, plus the has-cases check
            else:
                assert "double-not" in proc.stdout


@pytest.mark.slow
def test_every_step(tmp_path: Path):
    if not list(BUILD_CACHE.glob("setuptools-*.whl")):
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--dest",
                        str(BUILD_CACHE), "setuptools", "wheel"], check=False, timeout=300)
    write_files(tmp_path)
    site = tmp_path / "site"
    outputs = {}
    for command in commands():
        proc = run(command, tmp_path, site)
        assert proc.returncode == 0, f"{command}\n{proc.stdout}\n{proc.stderr}"
        outputs[command] = proc.stdout
    # after `pip install -e .` the entry point alone brings the rule in
    assert "double-not" in outputs["semforge rules list"]
    check = next(out for cmd, out in outputs.items() if cmd.startswith("semforge rules check"))
    assert "fired on 2" in check and "equivalent 2" in check
    rewritten = (tmp_path / "rewritten" / "mylib" / "checks.py").read_text()
    assert rewritten.count("bool(") == 2 and "not not" not in rewritten
