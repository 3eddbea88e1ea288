"""Where the benchmarks find HumanEval+ (EvalPlus's HumanEvalPlus.jsonl.gz).

``SEMFORGE_SHARED`` names a folder holding ``data/HumanEvalPlus.jsonl.gz``; without it, the
``shared/`` folder beside the repository (or inside it) is used. Benchmarks take ``--data`` (or
their own flag) to point at any other copy.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
NAME = "HumanEvalPlus.jsonl.gz"


def humaneval_path() -> Path:
    """The first existing candidate, else the first one (so an error message names a real place)."""
    roots = [REPO.parent / "shared", REPO / "shared"]
    if os.environ.get("SEMFORGE_SHARED"):
        roots.insert(0, Path(os.environ["SEMFORGE_SHARED"]))
    candidates = [root / "data" / NAME for root in roots]
    return next((p for p in candidates if p.exists()), candidates[0])
