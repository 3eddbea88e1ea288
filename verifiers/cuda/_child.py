"""One KernelBench-format program run in its own process: ``python -m ... WORKDIR``.

The parent writes ``WORKDIR/job.json`` and reads back what this process leaves in WORKDIR. It
never trusts anything computed here beyond the files it asked for: outputs are compared in the
parent, against outputs of the reference computed in a *different* process.

Modes:
* ``reference``: build the cases (seeds x distributions x shapes, ``cases.py``), run the
  reference on each and save inputs, outputs and any input mutation to ``ref.pt``.
* ``candidate``: load the reference and the variant in this process; for every case run
  variant -> reference -> variant, each on fresh clones of the inputs, with the CUDA caching
  allocator poisoned (0xFF bytes, NaN as floats) before each variant call so that reading memory
  nobody wrote shows up as NaN; save ``cand.pt``. Then wait on stdin: ``time`` times both models
  (``timing.json``), anything else exits.
* ``sanitize``: run the variant on one case and exit (the parent runs this under
  compute-sanitizer).

``status`` holds the phase (``loading`` while CUDA extensions compile, then ``running``), which
the parent uses to apply the compile and run timeouts separately.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
import traceback
import types
from pathlib import Path

import torch

from .cases import CaseSpec, redraw

INIT_SEED = 42


def _status(workdir: Path, text: str) -> None:
    tmp = workdir / "status.tmp"
    tmp.write_text(text)
    os.replace(tmp, workdir / "status")


def load_program(source: str, name: str, workdir: Path) -> types.ModuleType:
    path = workdir / f"{name}.py"
    path.write_text(source)
    module = types.ModuleType(name)
    module.__file__ = str(path)
    sys.modules[name] = module
    exec(compile(source, str(path), "exec"), module.__dict__)
    return module


def build_model(module, cls: str, init_args, device):
    torch.manual_seed(INIT_SEED)
    model = getattr(module, cls)(*init_args)
    return model.to(device) if isinstance(model, torch.nn.Module) else model


def leaves(value) -> tuple[list, str]:
    """(flat leaves, structure) of a forward result."""
    if isinstance(value, torch.Tensor):
        return [value], "T"
    if isinstance(value, (tuple, list)):
        out, parts = [], []
        for v in value:
            sub, s = leaves(v)
            out.extend(sub)
            parts.append(s)
        return out, f"{type(value).__name__}({','.join(parts)})"
    return [value], type(value).__name__


def to_cpu(value, host: bool = True):
    """A call's output as compared: layout facts, and the values contiguous (on the host, or
    where they are when ``host`` is False)."""
    if isinstance(value, torch.Tensor):
        t = value.detach()
        t = t.to("cpu").contiguous() if host else t.contiguous()
        return {"tensor": t, "stride": list(value.stride()),
                "device": value.device.type, "dtype": str(value.dtype), "shape": list(value.shape)}
    return {"value": value}


def same(a, b) -> bool:
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.is_floating_point() or a.is_complex():
            return bool(((a == b) | (torch.isnan(a) & torch.isnan(b))).all())
        return torch.equal(a, b)
    return a is b or a == b


def clone_args(args, device):
    return [a.to(device).clone() if isinstance(a, torch.Tensor) else a for a in args]


def sync(device) -> None:
    if device.type == "cuda":
        torch.cuda.synchronize()


def poison(nbytes: list[int], device) -> None:
    """Leave freed blocks full of 0xFF in the caching allocator, sized like the outputs."""
    if device.type != "cuda":
        return
    blocks = [torch.full((max(n, 1),), 255, dtype=torch.uint8, device=device) for n in nbytes]
    del blocks


def call(model, args, device, host: bool = True) -> dict:
    """Run one forward on ``args`` (consumed); outputs and input mutation, or the error."""
    before = [a.clone() if isinstance(a, torch.Tensor) else a for a in args]
    try:
        with torch.no_grad():
            out = model(*args)
        sync(device)
        flat, struct = leaves(out)
        result = {"outputs": [to_cpu(v, host) for v in flat], "struct": struct}
    except Exception as exc:  # the parent decides what a raise means
        text = f"{type(exc).__name__}: {exc}".strip().splitlines()
        return {"error": text[0][:400] if text else type(exc).__name__}
    changed = [i for i, (a, b) in enumerate(zip(args, before)) if not same(a, b)]
    result["mutated"] = changed
    result["post_args"] = [to_cpu(a, host) if i in changed else None for i, a in enumerate(args)]
    return result


@contextlib.contextmanager
def patched(module, values: dict):
    old = {k: getattr(module, k) for k in values}
    for k, v in values.items():
        setattr(module, k, v)
    try:
        yield
    finally:
        for k, v in old.items():
            setattr(module, k, v)


def run_reference(job: dict, workdir: Path, device) -> None:
    from .cases import shrink

    module = load_program(job["source"], "semforge_reference", workdir)
    torch.manual_seed(INIT_SEED)
    init_args = list(module.get_init_inputs())
    model = build_model(module, "Model", init_args, device)
    _status(workdir, "loaded")
    if sys.stdin.readline().strip() != "run":
        return
    _status(workdir, "running")
    shrunk = {k: shrink(getattr(module, k)) for k in job["shape_names"]
              if isinstance(getattr(module, k, None), int)}
    cases, notes, dropped_shapes = [], [], set()
    for spec in (CaseSpec(*s) for s in job["schedule"]):
        if spec.shape == 1 and not shrunk:
            continue
        if spec.shape in dropped_shapes:
            continue
        with patched(module, shrunk if spec.shape == 1 else {}):
            torch.manual_seed(spec.seed)
            try:
                raw = list(module.get_inputs())
            except Exception as exc:
                if spec.shape == 0:
                    raise
                dropped_shapes.add(spec.shape)
                notes.append(f"odd shapes dropped: get_inputs raised {type(exc).__name__}")
                continue
        gen = torch.Generator().manual_seed(spec.seed)
        args = [redraw(a.cpu() if isinstance(a, torch.Tensor) else a, spec.dist, gen) for a in raw]
        result = call(model, clone_args(args, device), device)
        if "error" in result:
            if spec.shape == 1 and not any(c["spec"][0] == 1 for c in cases):
                dropped_shapes.add(1)
                notes.append(f"odd shapes dropped: the reference raised {result['error'][:80]}")
            else:
                notes.append(f"case {spec} dropped: the reference raised {result['error'][:80]}")
            continue
        cases.append({"spec": [spec.shape, spec.dist, spec.seed], "args": args, **result})
    torch.save({"cases": cases, "notes": notes, "shrunk": shrunk, "init_args": init_args},
               workdir / "ref.pt")


def run_candidate(job: dict, workdir: Path, device) -> None:
    ref_data = torch.load(job["ref_path"], weights_only=False)
    ref_module = load_program(job["ref_source"], "semforge_reference", workdir)
    cand_module = load_program(job["source"], "semforge_candidate", workdir)  # compiles kernels
    init_args = ref_data["init_args"]
    reference = build_model(ref_module, "Model", init_args, device)
    candidate = build_model(cand_module, job["cls"], init_args, device)
    ref_state = reference.state_dict()
    if isinstance(candidate, torch.nn.Module):
        cand_state = candidate.state_dict()
        if (list(cand_state) == list(ref_state)
                and all(cand_state[k].shape == ref_state[k].shape for k in ref_state)):
            candidate.load_state_dict(ref_state)  # same weights whatever the creation order
    _status(workdir, "loaded")
    # The parent starts the cases when no timing runs on the device (compiles overlap freely).
    if sys.stdin.readline().strip() != "run":
        return
    _status(workdir, "running")
    nbytes = sorted({o["tensor"].numel() * o["tensor"].element_size()
                     for c in ref_data["cases"] for o in c["outputs"] if "tensor" in o})
    if job["mode"] == "sanitize":
        case = ref_data["cases"][job.get("case", 0)]
        call(candidate, clone_args(case["args"], device), device)
        return
    first, inproc, second = [], [], []
    for case in ref_data["cases"]:
        poison(nbytes, device)
        first.append(call(candidate, clone_args(case["args"], device), device))
        inproc.append(call(reference, clone_args(case["args"], device), device))
        poison(nbytes, device)
        second.append(call(candidate, clone_args(case["args"], device), device))
        if "error" in first[-1] and device.type == "cuda" and not _context_alive():
            break
    torch.save({"first": first, "second": second, "reference": inproc}, workdir / "cand.tmp")
    os.replace(workdir / "cand.tmp", workdir / "cand.pt")
    _status(workdir, "checked")
    command = sys.stdin.readline().strip()
    if command != "time":
        return
    argsets = [c["args"] for c in ref_data["cases"] if c["spec"][0] == 0
               and c["spec"][1] in ("normal", "uniform")] or [ref_data["cases"][0]["args"]]
    result = time_models(reference, candidate, argsets, device, job["timing"])
    (workdir / "timing.json").write_text(json.dumps(result))
    _status(workdir, "timed")


def _context_alive() -> bool:
    try:
        torch.cuda.synchronize()
        return True
    except Exception:
        return False


def time_models(reference, candidate, argsets, device, opts: dict) -> dict:
    """Interleaved timings (ns) of both models on rotating fresh inputs.

    CUDA: events around each call, an L2 flush (a write over twice the L2 size) before it and a
    device-wide synchronisation on both sides, so work on any stream is inside the interval.
    """
    pool = [clone_args(a, device) for a in argsets for _ in range(2)]
    cuda = device.type == "cuda"
    flush = None
    if cuda:
        l2 = getattr(torch.cuda.get_device_properties(device), "L2_cache_size", 64 << 20)
        flush = torch.empty(max(2 * l2, 1 << 20), dtype=torch.uint8, device=device)
    models = {"reference": reference, "candidate": candidate}
    times = {"reference": [], "candidate": []}

    def one(name: str, args) -> int:
        model = models[name]
        if cuda:
            flush.zero_()
            torch.cuda.synchronize()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            model(*args)
            end.record()
            torch.cuda.synchronize()
            return int(start.elapsed_time(end) * 1e6)
        t0 = time.perf_counter_ns()
        model(*args)
        return time.perf_counter_ns() - t0

    with torch.no_grad():
        for i in range(opts["warmup"]):
            for name in models:
                one(name, pool[i % len(pool)])
        t_start = time.monotonic()
        k = 0
        while True:
            order = ("reference", "candidate") if k % 2 == 0 else ("candidate", "reference")
            for name in order:
                times[name].append(one(name, pool[(k + (name == "candidate")) % len(pool)]))
            k += 1
            elapsed = time.monotonic() - t_start
            if k >= opts["max_trials"] or (k >= opts["min_trials"] and elapsed > opts["budget_s"]):
                break
    return {"reference_ns": times["reference"], "candidate_ns": times["candidate"],
            "timing": "cuda-events" if cuda else "wall"}


def main() -> None:
    workdir = Path(sys.argv[1])
    job = json.loads((workdir / "job.json").read_text())
    _status(workdir, "loading")
    device = torch.device(job["device"])
    # Verification compares against a reference computed the same way: no TF32 shortcuts.
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.set_num_threads(max(1, int(job.get("threads", 1))))
    try:
        if job["mode"] == "reference":
            run_reference(job, workdir, device)
        else:
            run_candidate(job, workdir, device)
    except BaseException:
        (workdir / "error.txt").write_text(traceback.format_exc()[-4000:])
        sys.exit(3)


if __name__ == "__main__":
    main()
