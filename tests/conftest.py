import os
import subprocess
import tempfile
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

# Tests load the datasets they write with `datasets`; a cache of their own keeps results from
# depending on (or leaking into) the user's ~/.cache/huggingface. Set before `datasets` loads.
os.environ["HF_DATASETS_CACHE"] = tempfile.mkdtemp(prefix="semforge-test-hf-cache-")
# Module surveys and inputs carved from test suites are cached too: in a folder of the run's own.
os.environ["SEMFORGE_CACHE_DIR"] = tempfile.mkdtemp(prefix="semforge-test-cache-")
SEMFORGE = [sys.executable, "-m", "semforge.cli"]


def shared_data(name: str) -> Path:
    """A file of the shared data folder that sits beside the repository (and beside CI's clone)."""
    root = Path(os.environ.get("SEMFORGE_SHARED", REPO.parent / "shared"))
    path = root / "data" / name
    if not path.exists():
        message = f"{path} is not present (set SEMFORGE_SHARED to the shared folder)"
        if os.environ.get("CI"):  # in CI the data is laid beside the clone: a skip would hide tests
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture
def humaneval_path() -> Path:
    return shared_data("HumanEvalPlus.jsonl.gz")


def run_cli(*args: str, check: bool = True, timeout: float = 600, **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run([*SEMFORGE, *args], capture_output=True, text=True, timeout=timeout, **kw)
    if check and proc.returncode != 0:
        raise AssertionError(f"semforge {' '.join(args)} exited {proc.returncode}:\n"
                             f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
    return proc


def read_scheduler_file(path: Path, timeout: float = 60.0) -> str:
    """The address a `dask scheduler --scheduler-file` wrote: the file appears before its JSON
    is complete, so wait until it parses."""
    import json
    import time

    deadline = time.monotonic() + timeout
    while True:
        try:
            return json.loads(path.read_text())["address"]
        except (FileNotFoundError, ValueError, KeyError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
