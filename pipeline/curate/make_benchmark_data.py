"""Rebuild the benchmark file shipped for decontamination from an EvalPlus HumanEval+ file.

    python -m semforge.pipeline.curate.make_benchmark_data HumanEvalPlus.jsonl.gz

HumanEval+ (EvalPlus) is Apache-2.0; semforge ships each task's id and code (prompt plus
canonical solution), which is all decontamination compares, as ``data/humaneval.jsonl.gz``.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

OUT = Path(__file__).with_name("data") / "humaneval.jsonl.gz"


def main(source: str) -> None:
    opener = gzip.open if source.endswith(".gz") else open
    rows = []
    with opener(source, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                rec = json.loads(line)
                rows.append({"id": rec["task_id"], "code": rec["prompt"] + rec["canonical_solution"]})
    # mtime=0: the same input gives the same bytes, so a rebuild shows no spurious diff.
    with open(OUT, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        for row in rows:
            gz.write((json.dumps(row, sort_keys=True) + "\n").encode("utf-8"))
    print(f"wrote {len(rows)} tasks to {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
