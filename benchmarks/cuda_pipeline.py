"""The generate and verify stages on the built-in PyTorch corpus, without Dask.

    python benchmarks/cuda_pipeline.py [--limit N] [--forms fused,strided] [--out rows.parquet]

Runs the ``Generate`` and ``Verify`` steps (``semforge run``'s per-seed steps, see
``pipeline/steps``) with ``run_steps`` over the ``builtin-pytorch`` corpus and prints the pairs per generator kind (PyTorch
rules, CUDA templates) and verdict, with the speed labels. On a machine without CUDA the CUDA
pairs come out ``undecided``; with one, they are verified and timed.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from semforge.pipeline.config import parse_config
from semforge.pipeline.corpora import iter_corpus
from semforge.pipeline.steps import SeedWork, run_steps, seed_steps
from semforge.record import Seed, rows_to_table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--forms", default="fused,plain,strided,separate")
    ap.add_argument("--variants", type=int, default=4)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    config = parse_config({"corpus": [{"kind": "builtin-pytorch", "limit": args.limit}],
                           "generate": {"variants_per_seed": args.variants, "max_chain": 2,
                                        "cuda_forms": args.forms.split(",")}})
    seeds = [s for s in iter_corpus(config.corpus[0]) if isinstance(s, Seed)]
    t0 = time.perf_counter()
    rows = run_steps(seed_steps(config, "demo"), [SeedWork(s) for s in seeds])
    wall = time.perf_counter() - t0
    table = Counter()
    for r in rows:
        kind = "cuda-template" if r["transforms"][0].startswith("cuda") else "pytorch-rules"
        table[(kind, r["verdict"], r["perf_label"] or "-", r["timing"] or "-")] += 1
    print(f"{len(seeds)} seeds, {len(rows)} pairs in {wall:.0f}s")
    print("| variants | verdict | perf label | timing | pairs |\n|---|---|---|---|---|")
    for (kind, verdict, label, timing), n in sorted(table.items()):
        print(f"| {kind} | {verdict} | {label} | {timing} | {n} |")
    reasons = Counter(r["verification"]["reason"] for r in rows if r["verdict"] == "undecided")
    for reason, n in reasons.most_common(3):
        print(f"undecided x{n}: {reason}")
    for r in rows:
        if r["verdict"] in ("different", "error", "timeout"):
            print(f"  {r['source_id']} {r['transforms']}: {r['verdict']}: {r['verification']['reason'][:160]}")
    if args.out:
        import pyarrow.parquet as pq

        pq.write_table(rows_to_table(rows), args.out)


if __name__ == "__main__":
    main()
