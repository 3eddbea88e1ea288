"""KernelBench levels 1 and 2 (and the built-in PyTorch corpus) at their own shapes: variants
made and compiled on a CPU machine, then verified and timed on a GPU, twice.

    # here (CPU, nvcc): variants of every problem, their kernels compiled to cubins
    python benchmarks/cuda_scale.py prepare --kernelbench KernelBench/KernelBench --out bundle
    # on the GPU machine: verify + time every pair (one device worker per GPU), one JSONL per run
    python benchmarks/cuda_scale.py run --bundle bundle --out run1.jsonl [--deadline 480]
    # the table: problems with a verified faster variant, speedups, agreement of two runs
    python benchmarks/cuda_scale.py summary run1.jsonl [run2.jsonl]

The bundle holds ``problems.jsonl`` (each problem's program and variants: CUDA templates in the
chosen forms and chained PyTorch rewrites) and ``cubin/`` (the kernels, keyed by content), so the
GPU machine compiles nothing and needs no libcst.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path


def prepare(args) -> None:
    from semforge.pipeline.config import GenerateSettings
    from semforge.pipeline.kernelbench import builtin_programs, program_reason
    from semforge.pipeline.steps.generate import pytorch_variants
    from semforge.verifiers.cuda.build import precompile
    from semforge.verifiers.cuda.config import TorchVerifyConfig

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    problems = [("builtin", name, code) for name, code in builtin_programs().items()]
    for level in args.levels.split(","):
        folder = Path(args.kernelbench) / f"level{level}"
        for path in sorted(folder.glob("*.py"), key=lambda p: int(p.name.split("_")[0])):
            problems.append((f"level{level}", path.stem, path.read_text()))
    t0 = time.perf_counter()
    rows, programs = [], []
    for corpus, name, code in problems:
        if program_reason(code):
            continue
        variants = pytorch_variants(code, GenerateSettings(
            variants_per_seed=args.rules, max_chain=2, seed=0, cuda_forms=args.forms.split(","),
            cuda_edits=[])).variants
        rows.append({"corpus": corpus, "name": name, "code": code,
                     "variants": [{"code": v.code, "transforms": v.transforms} for v in variants]})
        programs += [v.code for v in variants]
    gen = time.perf_counter() - t0
    (out / "problems.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    os.environ["SEMFORGE_CUBIN_CACHE"] = str(out / "cubin")
    stats = precompile(programs, TorchVerifyConfig(cuda_arch=args.arch), jobs=args.jobs)
    n_var = sum(len(r["variants"]) for r in rows)
    kinds = Counter(("cuda" if v["transforms"][0].startswith("cuda") else "pytorch")
                    for r in rows for v in r["variants"])
    print(f"{len(rows)} problems, {n_var} variants ({dict(kinds)}) generated in {gen:.1f}s; "
          f"{stats['sources']} kernel sources compiled ({stats['compiled']} ok) in "
          f"{stats['seconds']:.1f}s with {args.jobs} nvcc at a time")


def run(args) -> None:
    from semforge.verifiers.cuda import TorchVerifyConfig, cuda_available, verify_pytorch_variants

    bundle = Path(args.bundle)
    os.environ["SEMFORGE_CUBIN_CACHE"] = str(bundle / "cubin")
    rows = [json.loads(line) for line in (bundle / "problems.jsonl").read_text().splitlines()]
    if args.corpus:
        rows = [r for r in rows if r["corpus"] in args.corpus.split(",")]
    rows = rows[::args.every]
    config = TorchVerifyConfig(engine="worker", cases_per_shape=args.cases, shapes=2,
                               min_trials=args.min_trials, max_trials=args.max_trials,
                               time_budget_s=args.time_budget, warmup=2,
                               run_timeout_s=args.run_timeout, compile_timeout_s=300,
                               cuda_arch=args.arch if not cuda_available() else None)
    print(f"CUDA available: {cuda_available()}; {len(rows)} problems", flush=True)
    t0 = time.perf_counter()
    with open(args.out, "w") as fh:
        for r in rows:
            if not r["variants"]:
                continue
            if args.deadline and time.perf_counter() - t0 > args.deadline:
                print(f"  {r['corpus']}/{r['name']}: skipped (past --deadline)", flush=True)
                fh.write(json.dumps({"corpus": r["corpus"], "name": r["name"], "skipped": True}) + "\n")
                continue
            t = time.perf_counter()
            verdicts = verify_pytorch_variants(r["code"], [v["code"] for v in r["variants"]], config)
            for v, verdict in zip(r["variants"], verdicts):
                fh.write(json.dumps({"corpus": r["corpus"], "name": r["name"],
                                     "transforms": v["transforms"], "verdict": verdict.verdict,
                                     "reason": verdict.reason, "speedup": verdict.speedup,
                                     "speedup_ci": verdict.speedup_ci,
                                     "perf_label": verdict.perf_label}) + "\n")
            fh.flush()
            print(f"  {r['corpus']}/{r['name']}: {len(verdicts)} pairs in {time.perf_counter() - t:.1f}s: "
                  + ", ".join(f"{v['transforms'][0]}={d.verdict}"
                              + (f"/{d.perf_label} {d.speedup:.2f}x" if d.speedup else "")
                              for v, d in zip(r["variants"], verdicts)), flush=True)
    print(f"run wall {time.perf_counter() - t0:.0f}s", flush=True)


def _q(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1) + 0.5))]


def summary(args) -> None:
    runs = [[json.loads(line) for line in Path(p).read_text().splitlines()] for p in args.runs]
    first = runs[0]
    print("| corpus | problems run | with ≥1 faster (verified) | pairs | equivalent | different | "
          "error/timeout | undecided | faster | slower | same | speedup p10 / median / p90 / max |")
    print("|---" * 12 + "|")
    by_corpus = defaultdict(list)
    for row in first:
        by_corpus[row["corpus"]].append(row)
    for corpus, rows in sorted(by_corpus.items()):
        pairs = [r for r in rows if not r.get("skipped")]
        problems = {r["name"] for r in pairs}
        faster = {r["name"] for r in pairs if r["perf_label"] == "faster"}
        v = Counter(r["verdict"] for r in pairs)
        lab = Counter(r["perf_label"] for r in pairs if r["perf_label"])
        sp = [r["speedup"] for r in pairs if r["speedup"]]
        dist = (f"{_q(sp, .1):.2f} / {statistics.median(sp):.2f} / {_q(sp, .9):.2f} / {max(sp):.2f}"
                if sp else "-")
        skipped = sum(1 for r in rows if r.get("skipped"))
        print(f"| {corpus} | {len(problems)}{f' (+{skipped} skipped)' if skipped else ''} | "
              f"{len(faster)} ({100 * len(faster) / max(len(problems), 1):.0f}%) | {len(pairs)} | "
              f"{v['equivalent']} | {v['different']} | {v['error'] + v['timeout']} | {v['undecided']} | "
              f"{lab['faster']} | {lab['slower']} | {lab['same']} | {dist} |")
    cuda_fast = [r for r in first if r.get("perf_label") == "faster"]
    kinds = Counter(r["transforms"][0] for r in cuda_fast)
    print(f"\nfaster pairs by generator: {dict(kinds)}")
    best = sorted((r for r in cuda_fast), key=lambda r: -r["speedup"])[:12]
    print("fastest: " + "; ".join(f"{r['corpus']}/{r['name'][:28]} {r['transforms'][0]} {r['speedup']:.2f}x"
                                  for r in best))
    wrong = [r for r in first if r.get("verdict") in ("different", "error", "timeout")]
    for r in wrong[:25]:
        print(f"  {r['verdict']}: {r['corpus']}/{r['name'][:30]} {r['transforms'][0]}: {r['reason'][:150]}")
    if len(runs) > 1:
        key = lambda r: (r["corpus"], r["name"], tuple(r["transforms"]))  # noqa: E731
        second = {key(r): r for r in runs[1] if not r.get("skipped")}
        outside = agree = 0
        flips = []
        for r in first:
            if r.get("skipped") or key(r) not in second:
                continue
            a, b = r["perf_label"], second[key(r)]["perf_label"]
            if a in ("faster", "slower") or b in ("faster", "slower"):
                outside += 1
                agree += a == b
                if a != b:
                    flips.append(f"{r['name'][:24]} {r['transforms'][0]} {a}->{b}")
        print(f"\ntwo runs: {agree}/{outside} labels outside the band agree "
              f"({100 * agree / max(outside, 1):.1f}%); differing: {'; '.join(flips[:10])}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--kernelbench", required=True, help="folder holding level1/, level2/")
    p.add_argument("--levels", default="1,2")
    p.add_argument("--forms", default="fused,strided")
    p.add_argument("--rules", type=int, default=2, help="PyTorch rule variants per problem")
    p.add_argument("--arch", default="sm_90")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", required=True)
    r = sub.add_parser("run")
    r.add_argument("--bundle", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("--corpus", default=None)
    r.add_argument("--every", type=int, default=1, help="every N-th problem only (a sample)")
    r.add_argument("--cases", type=int, default=4)
    r.add_argument("--min-trials", type=int, default=10)
    r.add_argument("--max-trials", type=int, default=100)
    r.add_argument("--time-budget", type=float, default=0.4)
    r.add_argument("--run-timeout", type=float, default=120)
    r.add_argument("--deadline", type=float, default=None)
    r.add_argument("--arch", default="sm_90")
    s = sub.add_parser("summary")
    s.add_argument("runs", nargs="+")
    args = ap.parse_args()
    {"prepare": prepare, "run": run, "summary": summary}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
