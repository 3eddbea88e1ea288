"""Judge KernelBench-format (original, variant) pairs by running them, on a GPU when there is one.

``verify_pytorch_variants(original, variants, config)`` returns one ``Verdict`` per variant:

0. static checks: both programs have the KernelBench shape; a variant that launches work on a
   side stream, or ships kernels yet calls every compute op of the reference (a silent
   fallback), is not ``equivalent``; a variant that needs CUDA on a machine without it is
   ``undecided``;
1. the reference runs once, in its own process, on every case (``cases.py``: seeds x input
   distributions x two sets of shapes) and its inputs and outputs are saved;
2. each variant runs in its own process (a kernel that crashes the CUDA context takes only that
   process down), variant -> reference -> variant on each case, with the allocator poisoned;
   its kernels compile into a cache folder keyed by the variant's content, shared by every
   worker of the machine; compile and run have separate timeouts;
3. the parent compares: outputs of both variant calls and of the in-process reference against
   the separate reference (``compare.py``), inputs unchanged unless the reference changes them;
   outputs that a constant would match make the pair ``undecided``;
4. with ``compute-sanitizer`` on the PATH (and ``sanitize`` on), a passing CUDA variant runs
   once under ``initcheck`` so reads of memory nobody wrote are caught even when poisoning
   missed them;
5. equivalent pairs are timed in the variant's process (``_child.time_models``): CUDA events, an
   L2 flush, device-wide synchronisation, rotating inputs; speedup = ratio of medians with a
   bootstrap CI, labelled only outside the band.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..speed import bootstrap_ratio, perf_label
from ..verdict import Verdict
from . import static
from .cases import schedule, shape_names

METHOD = "torch-diff"
NO_CUDA_REASON = "needs a CUDA GPU: the variant compiles or launches CUDA code and none is available"


@dataclass
class TorchVerifyConfig:
    seed: int = 0
    cases_per_shape: int = 6         # cases on the program's own shapes (half as many on odd shapes)
    shapes: int = 2                  # 1: only the program's own shapes
    device: str = "auto"             # auto | cuda | cpu
    compile_timeout_s: float = 600.0  # loading the variant (nvcc through load_inline)
    run_timeout_s: float = 120.0     # every case after loading
    measure_speed: bool = True
    speed_band: float = 0.08         # identical programs drift up to ~6.4% on an H200
    min_trials: int = 30
    max_trials: int = 400
    time_budget_s: float = 2.0
    warmup: int = 5
    parallel: int = 4                # variants of one original checked at once (compiles overlap)
    sanitize: bool = True            # compute-sanitizer initcheck on passing CUDA variants
    sanitize_timeout_s: float = 300.0
    cache_dir: str | None = None     # compiled kernels; default ~/.cache/semforge/torch_extensions
    threads: int = 1                 # torch CPU threads per process
    keep_dirs: bool = False


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
_CUDA: bool | None = None


def cuda_available() -> bool:
    global _CUDA
    if _CUDA is None:
        try:
            import torch

            _CUDA = bool(torch.cuda.is_available())
        except Exception:
            _CUDA = False
    return _CUDA


def sanitizer_path() -> str | None:
    found = shutil.which("compute-sanitizer")
    if found:
        return found
    for cand in ("/usr/local/cuda/bin/compute-sanitizer",):
        if os.path.exists(cand):
            return cand
    return None


def cache_root(config: TorchVerifyConfig) -> Path:
    root = config.cache_dir or os.environ.get("SEMFORGE_TORCH_EXTENSIONS") or \
        os.path.join(os.path.expanduser("~"), ".cache", "semforge", "torch_extensions")
    return Path(root)


def extension_dir(config: TorchVerifyConfig, source: str) -> Path:
    """Per-content build folder: the same kernels compile once per machine, whichever worker
    asks first (torch's own file lock serialises concurrent builds of one folder)."""
    import torch

    key = hashlib.sha256(f"{torch.__version__}\0{compile_key(source)}".encode()).hexdigest()[:20]
    return cache_root(config) / key


def compile_key(source: str) -> str:
    """What decides the compiled extensions: the module's string constants (kernel sources,
    extension names, flags) when they are all literal; the whole text otherwise. Programs that
    differ only in Python share one build."""
    tree = static.parse(source)
    if tree is None:
        return source
    import ast

    if any(isinstance(n, ast.JoinedStr) for n in ast.walk(tree)):
        return source
    strings = {}
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                strings[node.targets[0].id] = node.value.value
    parts = []
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
        if name not in ("load_inline", "load"):
            continue
        for arg in [*call.args, *(kw.value for kw in call.keywords)]:
            for sub in ast.walk(arg):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    parts.append(sub.value)
                elif isinstance(sub, ast.Name):
                    if sub.id not in strings:
                        return source  # a source built at run time: key on everything
                    parts.append(strings[sub.id])
    return "\0".join(parts) if parts else source


def _verdict(kind: str, reason: str, config: TorchVerifyConfig, t0: float, examples: int = 0,
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


def verify_pytorch_variants(original: str, variants: list[str],
                            config: TorchVerifyConfig | None = None) -> list[Verdict]:
    """One verdict per variant; never raises for a bad program."""
    config = config or TorchVerifyConfig()
    t0 = time.perf_counter()
    if not variants:
        return []
    reason = static.program_shape(original)
    if reason:
        return [_verdict("error", f"original is not a KernelBench program: {reason}", config, t0)
                for _ in variants]
    device = config.device
    if device == "auto":
        device = "cuda" if cuda_available() else "cpu"
    results: list[Verdict | None] = [None] * len(variants)
    todo = []
    for i, variant in enumerate(variants):
        why = static.program_shape(variant, ("ModelNew", "Model"))
        if why:
            results[i] = _verdict("error", f"variant is not a KernelBench program: {why}", config, t0)
        elif (why := static.side_stream_reason(variant)):
            results[i] = _verdict("different", why, config, t0)
        elif (why := static.fallback_reason(original, variant)):
            results[i] = _verdict("undecided", why, config, t0)
        elif device == "cpu" and static.needs_cuda(variant):
            results[i] = _verdict("undecided", NO_CUDA_REASON, config, t0)
        else:
            todo.append(i)
    if not todo:
        return results  # type: ignore[return-value]
    if device == "cpu" and static.needs_cuda(original):
        for i in todo:
            results[i] = _verdict("undecided", "needs a CUDA GPU: the original runs on CUDA", config, t0)
        return results  # type: ignore[return-value]
    tmp = Path(tempfile.mkdtemp(prefix="semforge-torch-"))
    try:
        ref = _run_reference(original, device, config, tmp)
        if isinstance(ref, str):
            for i in todo:
                results[i] = _verdict("error", ref, config, t0)
            return results  # type: ignore[return-value]
        with ThreadPoolExecutor(max_workers=max(1, config.parallel)) as pool:
            futures = {i: pool.submit(_judge_one, original, variants[i], device, config, tmp, i, ref)
                       for i in todo}
            for i, fut in futures.items():
                try:
                    results[i] = fut.result()
                except Exception as exc:  # a bug here must not lose the pair
                    results[i] = _verdict("error", f"verifier failed: {type(exc).__name__}: {exc}",
                                          config, t0)
    finally:
        if not config.keep_dirs:
            shutil.rmtree(tmp, ignore_errors=True)
    return results  # type: ignore[return-value]


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
            return _verdict("timeout", f"loading the variant (compiling its kernels) took over "
                            f"{config.compile_timeout_s:g}s", config, t0)
        if state == "loaded":
            DEVICE_LOCK.acquire_shared()
            try:
                child.send("run")
                state = child.wait_for({"checked"}, config.run_timeout_s)
            finally:
                DEVICE_LOCK.release_shared()
        if state == "timeout":
            return _verdict("timeout", f"the variant ran over {config.run_timeout_s:g}s on "
                            f"{n} cases (the reference did not)", config, t0)
        if state != "checked":
            text = child.error_text()
            loading = child.status() in ("", "loading", "loaded")
            if loading:
                return _verdict("error", f"variant failed to load: {_last_line(text)}", config, t0)
            return _verdict("different", f"variant crashed: {_last_line(text)}", config, t0, n)
        try:
            got = torch.load(workdir / "cand.pt", weights_only=True)
        except Exception as exc:
            return _verdict("error", f"variant's outputs cannot be read back: {type(exc).__name__}",
                            config, t0, n)
        for k, case in enumerate(ref.cases):
            for label, runs in (("", got["first"]), (" (second call)", got["second"]),
                                (" (reference after the variant, same process)", got["reference"])):
                if k >= len(runs):
                    return _verdict("different", f"variant stopped after case {k}", config, t0, k)
                detail = diff_call(case, runs[k])
                if detail:
                    who = "the reference" if "reference" in label else "variant"
                    return _verdict("different", f"{who}{label}: {detail}", config, t0, k + 1,
                                    _counterexample(case, detail))
        if ref.near_constant:
            return _verdict("undecided", "the reference's outputs are (near-)constant across "
                            "inputs: a kernel ignoring its inputs would pass", config, t0, n)
        sanitizer = sanitizer_path() if (config.sanitize and device == "cuda"
                                         and static.has_custom_kernels(variant)) else None
        note = ""
        if sanitizer:
            found = _sanitize(sanitizer, job, workdir, env, config, ref)
            if found and not found.startswith("-"):
                return _verdict("different", found, config, t0, n)
            note = "; compute-sanitizer initcheck " + (found[1:] if found else "clean")
        verdict = _verdict("equivalent", f"{n} cases agree ({_summary(ref)}){note}", config, t0, n)
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
                verdict.speedup = point
                verdict.speedup_ci = [lo, hi]
                verdict.perf_label = perf_label(lo, hi, config.speed_band)
                verdict.timing = timing["timing"]
        verdict.seconds = round(time.perf_counter() - t0, 3)
        return verdict
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


def config_dict(config: TorchVerifyConfig) -> dict:
    return asdict(config)
