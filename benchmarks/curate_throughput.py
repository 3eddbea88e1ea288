"""Curation throughput (pairs per second per core), with a baseline measured in the same run.

Rows are synthetic pairs built from the shipped HumanEval+ programs with renamed functions and
perturbed constants (so near duplicates and contamination both occur), processed by:

  * baseline: reading each row's two programs into code tokens (the floor of any token-based check);
  * exact: exact deduplication only (normal forms of both programs);
  * full: the default curation (HumanEval+ decontamination, exact and near-duplicate removal).

    python benchmarks/curate_throughput.py [--rows N]

Prints pairs/s (CPU time of this process) and the ratio full / baseline, plus how many rows each
reason dropped. Compare ratios rather than absolute numbers on shared machines.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import time

from semforge.pipeline.config import parse_config
from semforge.pipeline.curate import build_curator
from semforge.pipeline.curate.decontam import SHIPPED
from semforge.pipeline.curate.tokens import code_tokens


def make_rows(n: int) -> list[dict]:
    with gzip.open(SHIPPED["humaneval"], "rt") as fh:
        programs = [json.loads(line)["code"] for line in fh]
    rnd = random.Random(0)
    rows = []
    for i in range(n):
        code = programs[i % len(programs)]
        # Every copy after the first renames identifiers and shifts numbers: some stay near
        # copies, some drift far enough to be new; a few keep the benchmark text (contaminated).
        if i >= len(programs):
            code = re.sub(r"\b([a-z_]+)\b", lambda m: m.group(1) + str(i % 7)
                          if rnd.random() < 0.3 and m.group(1) not in ("def", "return", "for", "in",
                          "if", "else", "elif", "while", "not", "and", "or", "import", "from",
                          "range", "len", "True", "False", "None", "is", "lambda", "with", "as",
                          "try", "except", "yield", "pass", "break", "continue", "class", "assert",
                          "raise", "del", "global", "nonlocal") else m.group(1), code)
        variant = code + f"\n_V{i} = {i}\n"
        rows.append({"language": "python", "original": code, "variant": variant,
                     "source_id": str(i), "id": str(i)})
    return rows


def timed(fn) -> tuple[float, float]:
    c0, w0 = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - c0, time.perf_counter() - w0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=2000)
    args = ap.parse_args()
    rows = make_rows(args.rows)

    def baseline():
        for r in rows:
            code_tokens(r["original"]), code_tokens(r["variant"])

    results = {}
    exact = build_curator(parse_config({"curate": {"decontaminate": [], "near_dup": False}}).curate,
                          [], lambda _: None)
    full = build_curator(parse_config({}).curate, [], lambda _: None)  # index built outside timing
    results["baseline"] = timed(baseline)
    results["exact"] = timed(lambda: exact.keep("default", rows))
    results["full"] = timed(lambda: full.keep("default", rows))
    print(f"{args.rows} pairs")
    for name, (cpu, wall) in results.items():
        print(f"  {name:9s} {args.rows / cpu:9.0f} pairs/s/core  (cpu {cpu:.2f} s, wall {wall:.2f} s)")
    print(f"  ratio full / baseline: {results['baseline'][0] / results['full'][0]:.3f}")
    c = full.counts.to_json()
    print(f"  full dropped: contaminated {c['contaminated']}, exact {c['exact_duplicates']}, "
          f"near {c['near_duplicates']}, kept {c['output']}")


if __name__ == "__main__":
    main()
