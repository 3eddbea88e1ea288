"""A device worker: one long-lived process (one CUDA context) judging many pairs.

    python -m semforge.verifiers.cuda.worker   # reads job folders, one path per stdin line

Starting a process and a CUDA context per pair costs more than checking most pairs, and
copying multi-gigabyte outputs to the host (KernelBench's shapes) costs more still. Here the
reference and the variants of one original live in this process; each case's inputs are drawn
on the device, the reference's outputs stay there, and every variant is compared with them in
place (``compare.diff_tensor``, chunk by chunk), then timed (``_child.time_models``).

What keeps variants honest in one process: the reference runs first on each case; a variant
that changes torch's functions or numeric settings (``guard_state``) is ``different`` and the
worker exits so a clean one takes over; a variant that breaks the CUDA context takes only this
process down and is blamed by the parent (``engine.py``), which resumes with the others. The
allocator is poisoned (0xFF, NaN) before every variant call, and each variant runs twice.

The job folder holds ``job.json``; this process writes ``status`` (what it is doing, for blame
and progress) and appends one JSON line per variant to ``results.jsonl``.
"""

from __future__ import annotations

import copy
import gc
import json
import os
import sys
import traceback
from pathlib import Path

import torch

from ._child import INIT_SEED, build_model, call, clone_args, load_program, patched, poison, time_models
from .cases import CaseSpec, redraw, shrink
from .compare import diff_call, diff_tensor

GUARD_EXIT = 5     # a variant changed torch: this process is no longer clean
CONTEXT_EXIT = 6   # a variant broke the CUDA context


def guard_state() -> dict:
    """What a variant could patch to fool the reference or the comparison: the objects torch's
    namespaces, tensor methods and module classes hold, and numeric settings. Loading an
    extension may add names (``guard_changed`` ignores additions); replacing one is a change."""
    import torch.nn.functional as F

    owners = [torch, F, torch.Tensor, torch.nn.Module, torch.nn.modules,
              getattr(torch._C, "TensorBase", None) or torch._C._TensorBase]
    owners += [v for v in vars(torch.nn).values() if isinstance(v, type) and issubclass(v, torch.nn.Module)]
    state = {(k, name): id(v) for k, owner in enumerate(owners) for name, v in vars(owner).items()}
    state["flags"] = hash((torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32,
                           torch.backends.cudnn.enabled, torch.get_default_dtype(),
                           torch.are_deterministic_algorithms_enabled(), torch.get_num_threads()))
    return state


def guard_changed(before: dict) -> bool:
    now = guard_state()
    return any(now.get(key) != value for key, value in before.items())


def _status(workdir: Path, text: str) -> None:
    tmp = workdir / "status.tmp"
    tmp.write_text(text)
    os.replace(tmp, workdir / "status")


def _context_alive(device) -> bool:
    if device.type != "cuda":
        return True
    try:
        torch.cuda.synchronize()
        return True
    except Exception:
        return False


class Job:
    def __init__(self, workdir: Path, job: dict, serial: int) -> None:
        self.workdir = workdir
        self.job = job
        self.serial = serial
        self.device = torch.device(job["device"])
        self.results = open(workdir / "results.jsonl", "a")

    def emit(self, index: int, verdict: str, reason: str, examples: int = 0,
             counterexample: str | None = None, timing: dict | None = None) -> None:
        self.results.write(json.dumps({"index": index, "verdict": verdict, "reason": reason[:500],
                                       "examples": examples, "counterexample": counterexample,
                                       "timing": timing}) + "\n")
        self.results.flush()

    def draw(self, module, spec: CaseSpec, shrunk: dict) -> list:
        with patched(module, shrunk if spec.shape == 1 else {}):
            torch.manual_seed(spec.seed)
            with torch.device(self.device):
                raw = list(module.get_inputs())
        gen = torch.Generator(device=self.device).manual_seed(spec.seed)
        return [redraw(a.to(self.device) if isinstance(a, torch.Tensor) else a, spec.dist, gen)
                for a in raw]

    def run(self) -> None:
        job, dev, wd = self.job, self.device, self.workdir
        _status(wd, "reference")
        ref_module = load_program(job["original"], f"semforge_reference_{self.serial}", wd)
        torch.manual_seed(INIT_SEED)
        init_args = list(ref_module.get_init_inputs())
        reference = _build(ref_module, "Model", init_args, dev)
        ref_state = reference.state_dict() if isinstance(reference, torch.nn.Module) else {}
        clean = guard_state()
        models = {}
        for v in job["variants"]:
            i = v["index"]
            _status(wd, f"load {i}")
            try:
                os.environ["TORCH_EXTENSIONS_DIR"] = v["ext_dir"]  # load_inline: built ahead there
                module = load_program(v["source"], f"semforge_candidate_{self.serial}_{i}", wd)
                model = _build(module, v["cls"], init_args, dev)
                if isinstance(model, torch.nn.Module):
                    state = model.state_dict()
                    if list(state) == list(ref_state) and all(state[k].shape == ref_state[k].shape
                                                              for k in ref_state):
                        model.load_state_dict(ref_state)
            except Exception as exc:
                text = f"{type(exc).__name__}: {exc}".strip().splitlines()
                self.emit(i, "error", "variant failed to load: " + (text[0] if text else ""))
                continue
            if guard_changed(clean):
                self.emit(i, "different", "the variant changes torch's functions or settings "
                          "when it is loaded")
                sys.exit(GUARD_EXIT)
            models[i] = model
        shrunk = {k: shrink(getattr(ref_module, k)) for k in job["shape_names"]
                  if isinstance(getattr(ref_module, k, None), int)}
        alive = dict(models)
        examples = {i: 0 for i in alive}
        argsets, firsts, constant, notes, dropped = [], {}, {}, [], set()
        first_ref = None
        for spec in (CaseSpec(*s) for s in job["schedule"]):
            if not alive or spec.shape in dropped or (spec.shape == 1 and not shrunk):
                continue
            _status(wd, "reference")
            try:
                args = self.draw(ref_module, spec, shrunk)
            except Exception as exc:
                if spec.shape == 0:
                    raise
                dropped.add(1)
                notes.append(f"odd shapes dropped: get_inputs raised {type(exc).__name__}")
                continue
            ref = call(reference, clone_args(args, dev), dev, host=False)
            if "error" in ref:
                if spec.shape == 1 and spec.shape not in firsts:
                    dropped.add(1)
                notes.append(f"case {spec} dropped: the reference raised {ref['error'][:80]}")
                continue
            nbytes = sorted({o["tensor"].numel() * o["tensor"].element_size()
                             for o in ref["outputs"] if "tensor" in o})
            self._constant(spec.shape, ref, firsts, constant)
            if first_ref is None:
                first_ref = (args, ref)
            high = _Float64(reference, args, dev)
            for i in list(alive):
                _status(wd, f"case {i}")
                for label in ("", " (second call)"):
                    poison(nbytes, dev)
                    got = call(alive[i], clone_args(args, dev), dev, host=False)
                    detail = diff_call(ref, got, high)
                    if detail:
                        break
                del got
                if guard_changed(clean):
                    self.emit(i, "different", "the variant changes torch's functions or settings "
                              "when it runs", examples[i])
                    sys.exit(GUARD_EXIT)
                if detail:
                    self.emit(i, "different", f"variant{label}: {detail}", examples[i] + 1,
                              _counterexample(spec, args, detail))
                    del alive[i]
                    if not _context_alive(dev):
                        sys.exit(CONTEXT_EXIT)
                else:
                    examples[i] += 1
            if spec.shape == 0 and spec.dist in ("program", "normal", "uniform") and len(argsets) < 2:
                argsets.append(args)
            del ref
        if alive and first_ref is not None:  # the reference again, after every variant ran
            _status(wd, "reference")
            again = call(reference, clone_args(first_ref[0], dev), dev, host=False)
            detail = diff_call(first_ref[1], again)
            if detail:
                for i in alive:
                    self.emit(i, "undecided", "the reference's output changed after the variants "
                              f"ran in the same process: {detail}", examples[i])
                return
        for i, model in alive.items():
            if not examples[i]:
                self.emit(i, "error", "original raised on every input: " + "; ".join(notes)[:200])
                continue
            if constant and all(constant.values()):
                self.emit(i, "undecided", "the reference's outputs are (near-)constant across "
                          "inputs: a kernel ignoring its inputs would pass", examples[i])
                continue
            timing = None
            if job["timing"] and argsets:
                _status(wd, f"time {i}")
                timing = time_models(reference, model, argsets, dev, job["timing"])
            shapes = sorted({s for s in firsts})
            self.emit(i, "equivalent", f"{examples[i]} cases agree ({len(shapes)} shape set"
                      f"{'s' if len(shapes) > 1 else ''}, inputs drawn on {dev.type})"
                      + (f"; {notes[0]}" if notes else ""), examples[i], timing=timing)

    @staticmethod
    def _constant(shape: int, ref: dict, firsts: dict, constant: dict) -> None:
        """Track whether every case's output of this shape set equals the first case's (or
        zeros): then a kernel ignoring its inputs would pass, and the test proves nothing."""
        if shape not in firsts:
            firsts[shape] = ref
            return
        same = True
        for r, g in zip(ref["outputs"], firsts[shape]["outputs"]):
            if "tensor" not in r:
                same = same and r == g
                continue
            zeros = dict(r, tensor=torch.zeros_like(r["tensor"]))
            if diff_tensor(r, g) is not None and diff_tensor(r, zeros) is not None:
                same = False
        constant[shape] = constant.get(shape, True) and same


def _build(module, cls: str, init_args: list, device):
    """The model, its parameters made on the device (a large layer initialised on the host
    costs seconds); the same seed for the reference and every variant."""
    with torch.device(device):
        return build_model(module, cls, init_args, device)


class _Float64:
    """The reference's outputs on one case computed in float64, made on first request."""

    def __init__(self, reference, args: list, device) -> None:
        self.reference, self.args, self.device = reference, args, device
        self.result: dict | None = None
        self.asked = False

    def __call__(self) -> dict | None:
        if not self.asked:
            self.asked = True
            try:
                model = copy.deepcopy(self.reference).double()
                args = [a.double() if isinstance(a, torch.Tensor) and a.is_floating_point() else a
                        for a in self.args]
                self.result = call(model, args, self.device, host=False)
                del model
            except Exception:
                self.result = None
        return self.result


def _counterexample(spec: CaseSpec, args: list, detail: str) -> str:
    shapes = [list(a.shape) if hasattr(a, "shape") else a for a in args]
    return json.dumps({"case": {"shapes": "program" if spec.shape == 0 else "odd",
                                "distribution": spec.dist, "seed": spec.seed, "arg_shapes": shapes},
                       "difference": detail}, default=repr)


def main() -> None:
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    serial = 0
    for line in sys.stdin:
        path = line.strip()
        if not path or path == "quit":
            break
        workdir = Path(path)
        job = json.loads((workdir / "job.json").read_text())
        torch.set_num_threads(max(1, int(job.get("threads", 1))))
        serial += 1
        worker_job = Job(workdir, job, serial)
        try:
            worker_job.run()
            _status(workdir, "done")
        except SystemExit:
            raise
        except BaseException:
            (workdir / "error.txt").write_text(traceback.format_exc()[-4000:])
            _status(workdir, "failed")
            if not _context_alive(worker_job.device):
                sys.exit(CONTEXT_EXIT)
        finally:
            worker_job.results.close()
            for name in [m for m in sys.modules if m.startswith(f"semforge_candidate_{serial}_")
                         or m == f"semforge_reference_{serial}"]:
                del sys.modules[name]
            gc.collect()
            if torch.cuda.is_available():
                torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
