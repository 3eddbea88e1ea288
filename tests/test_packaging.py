"""`pip install .` builds without setuptools warnings and installs every data file the package
reads (built-in seeds, PyTorch seeds, decontamination data, prompts)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile

from conftest import REPO


def test_the_wheel_builds_quietly_with_its_data(tmp_path):
    tracked = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True,
                             check=True).stdout.decode().split("\0")
    src = tmp_path / "src"
    for rel in filter(None, tracked):
        if (REPO / rel).is_file():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / rel, src / rel)
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                           "-v", "-w", str(tmp_path / "dist"), str(src)],
                          capture_output=True, text=True, timeout=600)
    log = proc.stdout + proc.stderr
    assert proc.returncode == 0, log[-3000:]
    for noise in ("would be ignored", "is absent from the `packages` configuration"):
        assert noise not in log, log[log.find(noise) - 500:log.find(noise) + 200]
    [wheel] = (tmp_path / "dist").glob("semforge-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for data in ("semforge/pipeline/data/builtin.json", "semforge/pipeline/data/pytorch/relu.py",
                 "semforge/pipeline/curate/data/humaneval.jsonl.gz",
                 "semforge/transforms/llm/prompts/faster@1.txt", "semforge/cards/dataset_card.md.j2",
                 "semforge/transforms/harness/hostile.py"):
        assert data in names, data
