"""One process per program: the reference once, each variant in its own child (``_child.py``).

The engine for CPUs, for ``compute-sanitizer`` (which wraps a whole process) and for anyone
who wants a crash or a patched torch to stay inside one variant's process. Compiles overlap;
checks share the device; a timing has it alone (``DEVICE_LOCK``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ..verdict import Verdict
from ..speed import bootstrap_ratio, perf_label
from . import static
from .build import extension_dir
from .cases import schedule, shape_names
from .config import METHOD, TorchVerifyConfig, sanitizer_path


class _DeviceLock:
    """Checks share the device; a timing has it alone (no other kernel of ours runs meanwhile).

    Loading (compiling) needs no lock, so compiles overlap with everything."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._shared = 0
        self._exclusive = False

    def acquire_shared(self) -> None:
        with self._cond:
            self._cond.wait_for(lambda: not self._exclusive)
            self._shared += 1

    def release_shared(self) -> None:
        with self._cond:
            self._shared -= 1
            self._cond.notify_all()

    def acquire_exclusive(self) -> None:
        with self._cond:
            self._cond.wait_for(lambda: not self._exclusive)
            self._exclusive = True  # new checks wait from now on
            self._cond.wait_for(lambda: self._shared == 0)

    def release_exclusive(self) -> None:
        with self._cond:
            self._exclusive = False
            self._cond.notify_all()


DEVICE_LOCK = _DeviceLock()


def verdict(kind: str, reason: str, config: TorchVerifyConfig, t0: float, examples: int = 0,
             counterexample: str | None = None) -> Verdict:
    return Verdict(kind, reason[:500], counterexample, examples, config.seed, METHOD, "strict",
                   round(time.perf_counter() - t0, 3))


class _Child:
    """A child process running ``_child.py`` in ``workdir``."""

    def __init__(self, workdir: Path, job: dict, env_extra: dict | None = None,
                 prefix: list[str] | None = None) -> None:
        self.workdir = workdir
        workdir.mkdir(parents=True, exist_ok=True)
        (workdir / "job.json").write_text(json.dumps(job))
        env = dict(os.environ)
        env.update(env_extra or {})
        env.setdefault("PYTHONHASHSEED", "0")
        self.log = open(workdir / "log.txt", "wb")
        self.proc = subprocess.Popen(
            [*(prefix or []), sys.executable, "-m", "semforge.verifiers.cuda._child", str(workdir)],
            stdin=subprocess.PIPE, stdout=self.log, stderr=subprocess.STDOUT, env=env,
            cwd=workdir, start_new_session=True)

    def status(self) -> str:
        try:
            return (self.workdir / "status").read_text()
        except OSError:
            return ""

    def wait_for(self, states: set[str], timeout: float) -> str:
        """Wait until the child reaches one of ``states`` (``exited`` when it ends first,
        ``timeout`` after ``timeout`` seconds, the child then killed)."""
        deadline = time.monotonic() + timeout
        while True:
            st = self.status()
            if st in states:
                return st
            if self.proc.poll() is not None:
                st = self.status()
                return st if st in states else "exited"
            if time.monotonic() > deadline:
                self.kill()
                return "timeout"
            time.sleep(0.02)

    def send(self, line: str) -> None:
        try:
            self.proc.stdin.write(line.encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def error_text(self) -> str:
        for name in ("error.txt", "log.txt"):
            try:
                text = (self.workdir / name).read_text(errors="replace").strip()
            except OSError:
                continue
            if text:
                return text
        code = self.proc.returncode
        return f"exited with status {code}" + (f" (signal {-code})" if code and code < 0 else "")

    def kill(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, 9)
            except OSError:
                self.proc.kill()
        self.proc.wait()

    def close(self) -> None:
        self.send("quit")
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()
        self.log.close()


def _last_line(text: str) -> str:
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    # a compiler error is more useful than the traceback's last line
    for ln in lines:
        if " error" in ln.lower() and ("error:" in ln.lower() or "error " in ln.lower()):
            return ln.strip()[:300]
    return (lines[-1].strip() if lines else "no output")[:300]


def judge_with_processes(original: str, variants: list[str], todo: list[int], device: str,
                         config: TorchVerifyConfig, tmp: Path, t0: float, results: list) -> None:
    """Verdicts for ``variants[i]``, ``i`` in ``todo``, into ``results``."""
    ref = _run_reference(original, device, config, tmp)
    if isinstance(ref, str):
        for i in todo:
            results[i] = verdict("error", ref, config, t0)
        return
    with ThreadPoolExecutor(max_workers=max(1, config.parallel)) as pool:
        futures = {i: pool.submit(_judge_one, original, variants[i], device, config, tmp, i, ref)
                   for i in todo}
        for i, fut in futures.items():
            try:
                results[i] = fut.result()
            except Exception as exc:  # a bug here must not lose the pair
                results[i] = verdict("error", f"verifier failed: {type(exc).__name__}: {exc}",
                                     config, t0)


@dataclass
class _Reference:
    path: Path
    cases: list[dict]
    notes: list[str] = field(default_factory=list)
    near_constant: bool = False


def _run_reference(original: str, device: str, config: TorchVerifyConfig, tmp: Path) -> _Reference | str:
    import torch

    from .compare import near_constant

    workdir = tmp / "reference"
    job = {"mode": "reference", "source": original, "device": device, "threads": config.threads,
           "schedule": [[s.shape, s.dist, s.seed] for s in
                        schedule(config.cases_per_shape, config.shapes, config.seed)],
           "shape_names": shape_names(original) if config.shapes > 1 else []}
    child = _Child(workdir, job, {"TORCH_EXTENSIONS_DIR": str(extension_dir(config, original))})
    try:
        state = child.wait_for({"loaded"}, config.compile_timeout_s)
        if state == "timeout":
            return f"original timed out while loading (over {config.compile_timeout_s:g}s)"
        if state == "loaded":
            DEVICE_LOCK.acquire_shared()
            try:
                child.send("run")
                state = child.wait_for(set(), config.run_timeout_s)
            finally:
                DEVICE_LOCK.release_shared()
            if state == "timeout":
                return f"original timed out on its cases (over {config.run_timeout_s:g}s)"
        if child.proc.returncode != 0 or not (workdir / "ref.pt").exists():
            return f"original failed: {_last_line(child.error_text())}"
    finally:
        child.close()
    data = torch.load(workdir / "ref.pt", weights_only=False)
    if not data["cases"]:
        return "original raised on every input: " + "; ".join(data["notes"])[:200]
    return _Reference(workdir / "ref.pt", data["cases"], data["notes"], near_constant(data["cases"]))


def _counterexample(case: dict, detail: str) -> str:
    shape, dist, seed = case["spec"]
    shapes = [list(a.shape) if hasattr(a, "shape") else a for a in case["args"]]
    return json.dumps({"case": {"shapes": "program" if shape == 0 else "odd", "distribution": dist,
                                "seed": seed, "arg_shapes": shapes}, "difference": detail},
                      default=repr)


def _judge_one(original: str, variant: str, device: str, config: TorchVerifyConfig, tmp: Path,
               index: int, ref: _Reference) -> Verdict:
    import torch

    from .compare import diff_call

    t0 = time.perf_counter()
    workdir = tmp / f"variant-{index}"
    cls = static.model_class(variant)
    opts = {"warmup": config.warmup, "min_trials": config.min_trials,
            "max_trials": config.max_trials, "budget_s": config.time_budget_s}
    job = {"mode": "candidate", "source": variant, "ref_source": original, "cls": cls,
           "device": device, "ref_path": str(ref.path), "timing": opts, "threads": config.threads}
    env = {"TORCH_EXTENSIONS_DIR": str(extension_dir(config, variant))}
    n = len(ref.cases)
    child = _Child(workdir, job, env)
    try:
        state = child.wait_for({"loaded"}, config.compile_timeout_s)
        if state == "timeout":
            return verdict("timeout", f"loading the variant (compiling its kernels) took over "
                            f"{config.compile_timeout_s:g}s", config, t0)
        if state == "loaded":
            DEVICE_LOCK.acquire_shared()
            try:
                child.send("run")
                state = child.wait_for({"checked"}, config.run_timeout_s)
            finally:
                DEVICE_LOCK.release_shared()
        if state == "timeout":
            return verdict("timeout", f"the variant ran over {config.run_timeout_s:g}s on "
                            f"{n} cases (the reference did not)", config, t0)
        if state != "checked":
            text = child.error_text()
            loading = child.status() in ("", "loading", "loaded")
            if loading:
                return verdict("error", f"variant failed to load: {_last_line(text)}", config, t0)
            return verdict("different", f"variant crashed: {_last_line(text)}", config, t0, n)
        try:
            got = torch.load(workdir / "cand.pt", weights_only=True)
        except Exception as exc:
            return verdict("error", f"variant's outputs cannot be read back: {type(exc).__name__}",
                            config, t0, n)
        for k, case in enumerate(ref.cases):
            for label, runs in (("", got["first"]), (" (second call)", got["second"]),
                                (" (reference after the variant, same process)", got["reference"])):
                if k >= len(runs):
                    return verdict("different", f"variant stopped after case {k}", config, t0, k)
                detail = diff_call(case, runs[k])
                if detail:
                    who = "the reference" if "reference" in label else "variant"
                    return verdict("different", f"{who}{label}: {detail}", config, t0, k + 1,
                                    _counterexample(case, detail))
        if ref.near_constant:
            return verdict("undecided", "the reference's outputs are (near-)constant across "
                            "inputs: a kernel ignoring its inputs would pass", config, t0, n)
        sanitizer = sanitizer_path() if (config.sanitize and device == "cuda"
                                         and static.has_custom_kernels(variant)) else None
        note = ""
        if sanitizer:
            found = _sanitize(sanitizer, job, workdir, env, config, ref)
            if found and not found.startswith("-"):
                return verdict("different", found, config, t0, n)
            note = "; compute-sanitizer initcheck " + (found[1:] if found else "clean")
        result = verdict("equivalent", f"{n} cases agree ({_summary(ref)}){note}", config, t0, n)
        if config.measure_speed:
            DEVICE_LOCK.acquire_exclusive()
            try:
                child.send("time")
                state = child.wait_for({"timed"}, config.run_timeout_s)
            finally:
                DEVICE_LOCK.release_exclusive()
            if state == "timed":
                timing = json.loads((workdir / "timing.json").read_text())
                point, lo, hi = bootstrap_ratio(timing["reference_ns"], timing["candidate_ns"],
                                                seed=config.seed)
                result.speedup = point
                result.speedup_ci = [lo, hi]
                result.perf_label = perf_label(lo, hi, config.speed_band)
                result.timing = timing["timing"]
        result.seconds = round(time.perf_counter() - t0, 3)
        return result
    finally:
        child.close()


def _summary(ref: _Reference) -> str:
    dists = sorted({c["spec"][1] for c in ref.cases})
    shapes = len({c["spec"][0] for c in ref.cases})
    text = f"{shapes} shape set{'s' if shapes > 1 else ''}, {', '.join(dists)}"
    return text + (f"; {ref.notes[0]}" if ref.notes else "")


def _sanitize(sanitizer: str, job: dict, workdir: Path, env: dict, config: TorchVerifyConfig,
              ref: _Reference, reference_check: bool = False) -> str | None:
    """Run the variant once under compute-sanitizer initcheck (on the smallest case)."""
    sizes = [sum(a.numel() for a in c["args"] if hasattr(a, "numel")) for c in ref.cases]
    case = min(range(len(sizes)), key=sizes.__getitem__)
    sjob = dict(job, mode="sanitize", case=case)
    child = _Child(workdir / "sanitize", sjob, env,
                   prefix=[sanitizer, "--tool", "initcheck", "--error-exitcode", "86",
                           "--print-limit", "5"])
    try:
        state = child.wait_for({"loaded"}, config.compile_timeout_s + config.sanitize_timeout_s)
        if state == "loaded":
            DEVICE_LOCK.acquire_shared()
            try:
                child.send("run")
                state = child.wait_for(set(), config.sanitize_timeout_s)
            finally:
                DEVICE_LOCK.release_shared()
        if state == "timeout":
            return "-timed out"  # a second opinion; its slowness is not the variant's fault
        if child.proc.returncode == 86:
            if not reference_check:
                # torch's own kernels can trip initcheck: only errors the original lacks count
                rjob = dict(sjob, source=job["ref_source"], cls="Model")
                if _sanitize(sanitizer, rjob, workdir / "sanitize-reference", env, config, ref,
                             reference_check=True):
                    return "-flags the original too (ignored)"
            text = (workdir / "sanitize" / "log.txt").read_text(errors="replace")
            first = next((ln.strip() for ln in text.splitlines() if "=========" in ln
                          and ("Uninitialized" in ln or "Invalid" in ln)), "errors reported")
            return f"compute-sanitizer initcheck: {first.strip('= ').strip()[:200]}"
        if child.proc.returncode != 0:
            return f"-did not finish (status {child.proc.returncode})"
        return None
    finally:
        child.close()


