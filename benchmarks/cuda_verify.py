"""Build CUDA variants of the built-in PyTorch corpus, verify and time them, and reject planted faults.

    python benchmarks/cuda_verify.py [--limit N] [--forms fused,plain,strided,separate] [--out DIR]

Needs a CUDA GPU (without one, CUDA pairs are ``undecided``, which the table shows). Prints:

* pairs per verdict, faster / slower / same counts and the speedup range of the template
  variants, and verify seconds per pair;
* A/A pairs (each seed against an identical copy) and how many got a label other than ``same``:
  the band must keep identical programs ``same``;
* every planted fault (benchmarks/cuda_faults/) with its verdict and reason, and the baseline:
  how many of them KernelBench's own check (``torch.rand`` inputs, atol = rtol = 1e-2, one
  process) lets through, run in the same session.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from semforge.transforms.cuda.generate import FORMS, cuda_variants
from semforge.verifiers.cuda import TorchVerifyConfig, cuda_available, verify_pytorch_variants

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "pipeline" / "data" / "pytorch"
FAULTS = HERE / "cuda_faults"

AA_SUFFIX = "\n\nclass ModelNew(Model):\n    pass\n"

KB_CHECK = r'''
import sys, types, torch
def load(path, name):
    m = types.ModuleType(name); src = open(path).read()
    exec(compile(src, path, "exec"), m.__dict__); return m
ref, new = load(sys.argv[1], "ref"), load(sys.argv[2], "new")
ok = True
for trial in range(5):
    torch.manual_seed(trial)
    init = ref.get_init_inputs()
    # KernelBench's programs draw every input with torch.rand: uniform in [0, 1)
    inputs = [torch.rand_like(x).cuda() if isinstance(x, torch.Tensor) and x.is_floating_point()
              else (x.cuda() if isinstance(x, torch.Tensor) else x) for x in ref.get_inputs()]
    torch.manual_seed(42); a = ref.Model(*init).cuda()
    torch.manual_seed(42); b = new.ModelNew(*init).cuda()
    with torch.no_grad():
        ra = a(*inputs); rb = b(*inputs)
    torch.cuda.synchronize()
    ok &= ra.shape == rb.shape and bool(torch.allclose(ra, rb, atol=1e-2, rtol=1e-2))
print("PASS" if ok else "FAIL")
'''


def kernelbench_check(original: Path, variant: Path, config: TorchVerifyConfig) -> str:
    """KernelBench's correctness check (its inputs, its tolerance), in a process of its own
    (which finds the variant's extension already built by the verifier)."""
    from semforge.verifiers.cuda.build import extension_dir, torch_arch_list

    env = dict(os.environ, TORCH_EXTENSIONS_DIR=str(extension_dir(config, variant.read_text())))
    env.setdefault("TORCH_CUDA_ARCH_LIST", torch_arch_list(config) or "")
    proc = subprocess.run([sys.executable, "-c", KB_CHECK, str(original), str(variant)],
                          capture_output=True, text=True, timeout=900, env=env)
    out = proc.stdout.strip().splitlines()
    return out[-1] if out and out[-1] in ("PASS", "FAIL") else "FAIL (crashed)"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="first N seeds only")
    ap.add_argument("--forms", default=",".join(f.name for f in FORMS))
    ap.add_argument("--seeds-parallel", type=int, default=4)
    ap.add_argument("--no-faults", action="store_true")
    ap.add_argument("--no-aa", action="store_true")
    ap.add_argument("--out", default=None, help="write every verdict as JSONL here")
    ap.add_argument("--deadline", type=float, default=None,
                    help="seconds after which no new seed starts (the table covers what finished)")
    ap.add_argument("--time-budget", type=float, default=2.0, help="seconds of timing per pair (after 30 trials)")
    args = ap.parse_args()
    forms = tuple(f for f in FORMS if f.name in args.forms.split(","))
    config = TorchVerifyConfig(parallel=4, time_budget_s=args.time_budget)
    print(f"CUDA available: {cuda_available()}", flush=True)

    seeds = sorted(CORPUS.glob("*.py"))[: args.limit]
    jobs = []
    for path in seeds:
        original = path.read_text()
        variants = [(v.code, v.transforms) for v in cuda_variants(original, forms)]
        if not args.no_aa:
            variants.append((original + AA_SUFFIX, ["a/a"]))
        jobs.append((path.stem, original, variants))
    n_pairs = sum(len(v) for _, _, v in jobs)
    print(f"{len(seeds)} seeds, {n_pairs} pairs", flush=True)

    rows = []
    t0 = time.perf_counter()

    def run(job):
        name, original, variants = job
        if args.deadline and time.perf_counter() - t0 > args.deadline:
            print(f"  {name}: skipped (past --deadline)", flush=True)
            return []
        t = time.perf_counter()
        verdicts = verify_pytorch_variants(original, [c for c, _ in variants], config)
        print(f"  {name}: {len(variants)} pairs in {time.perf_counter() - t:.1f}s: "
              + ", ".join(f"{tr[0]}={v.verdict}"
                          + (f"/{v.perf_label} {v.speedup:.2f}x" if v.speedup else "")
                          for (_, tr), v in zip(variants, verdicts)), flush=True)
        done = [(name, tr, v) for (_, tr), v in zip(variants, verdicts)]
        if args.out:  # written as seeds finish: a run cut short keeps what it measured
            with open(args.out, "a") as fh:
                for _, tr, v in done:
                    fh.write(json.dumps({"seed": name, "transforms": tr, **v.__dict__}) + "\n")
        return done

    with ThreadPoolExecutor(max_workers=args.seeds_parallel) as pool:
        for out in pool.map(run, jobs):
            rows.extend(out)
    wall = time.perf_counter() - t0

    faults = []
    if not args.no_faults:
        t1 = time.perf_counter()
        fjobs = []
        for path in sorted(FAULTS.glob("*.py")):
            seed = path.read_text().splitlines()[1].split(":", 1)[1].strip()
            fjobs.append((path, CORPUS / f"{seed}.py"))

        def judge(item):
            path, orig = item
            v = verify_pytorch_variants(orig.read_text(), [path.read_text()], config)[0]
            kb = kernelbench_check(orig, path, config) if cuda_available() else "n/a"
            return path.stem, v, kb

        with ThreadPoolExecutor(max_workers=max(args.seeds_parallel, 1)) as pool:
            faults = list(pool.map(judge, fjobs))
        fault_wall = time.perf_counter() - t1

    if args.out:
        with open(args.out, "a") as fh:
            for name, v, kb in faults:
                fh.write(json.dumps({"fault": name, "kernelbench": kb, **v.__dict__}) + "\n")

    tmpl = [(n, tr, v) for n, tr, v in rows if tr != ["a/a"]]
    aa = [(n, tr, v) for n, tr, v in rows if tr == ["a/a"]]
    verdicts = Counter(v.verdict for _, _, v in tmpl)
    labels = Counter(v.perf_label for _, _, v in tmpl if v.perf_label)
    speedups = [v.speedup for _, _, v in tmpl if v.speedup]
    print("\n## Template variants of the built-in corpus")
    print("| pairs | " + " | ".join(["equivalent", "different", "error", "timeout", "undecided"])
          + " | faster | slower | same | speedup min / median / max | verify s/pair (wall / pairs) |")
    print("|---" * 11 + "|")
    sp = (f"{min(speedups):.2f} / {statistics.median(speedups):.2f} / {max(speedups):.2f}"
          if speedups else "-")
    print(f"| {len(tmpl)} | " + " | ".join(str(verdicts[k]) for k in
          ["equivalent", "different", "error", "timeout", "undecided"])
          + f" | {labels['faster']} | {labels['slower']} | {labels['same']} | {sp} | "
          f"{wall / max(len(rows), 1):.2f} |")
    by_form = Counter()
    for _, tr, v in tmpl:
        by_form[(tr[0], v.verdict, v.perf_label)] += 1
    print("\nper form: " + "; ".join(f"{k[0]} {k[1]}/{k[2]}: {n}" for k, n in sorted(by_form.items(), key=str)))
    for name, tr, v in tmpl:
        if v.verdict != "equivalent":
            print(f"  not equivalent: {name} {tr[0]}: {v.verdict}: {v.reason}")
    if aa:
        aa_labels = Counter(v.perf_label for _, _, v in aa)
        aa_sp = [v.speedup for _, _, v in aa if v.speedup]
        print(f"\n## A/A (identical programs): {len(aa)} pairs, labels {dict(aa_labels)}, "
              f"speedup {min(aa_sp):.3f}..{max(aa_sp):.3f}" if aa_sp else
              f"\n## A/A: {len(aa)} pairs, verdicts {dict(Counter(v.verdict for _, _, v in aa))}")
    if faults:
        rejected = sum(v.verdict != "equivalent" for _, v, _ in faults)
        kb_pass = sum(kb == "PASS" for _, _, kb in faults)
        print(f"\n## Planted faults: {rejected}/{len(faults)} rejected by semforge; "
              f"KernelBench's check (baseline, same run) passes {kb_pass}/{len(faults)}  "
              f"({fault_wall:.0f}s)")
        print("| fault | semforge verdict | reason | KernelBench check |")
        print("|---|---|---|---|")
        for name, v, kb in faults:
            print(f"| {name} | {v.verdict} | {v.reason[:110]} | {kb} |")
    print(f"\ntotal wall {time.perf_counter() - t0:.0f}s")


if __name__ == "__main__":
    main()
