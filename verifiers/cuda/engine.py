"""The parent side of device workers (``worker.py``): start them, hand them jobs, blame crashes.

``judge(original, variants, config, device)`` runs one original's variants in a worker of this
process (one per visible GPU, started once and reused by every later call: the CUDA context and
loaded modules stay warm). Kernels are compiled before the job reaches the worker
(``precompile``: cubins for generated programs, in parallel nvcc processes), so the device never
waits for a compiler. Calls from several threads use several workers at once (one per GPU).

When a worker dies, the variant it was on (its ``status`` file says which) gets the verdict —
``different`` for a crash while running, ``error`` while loading — and a fresh worker resumes
with the variants that have no verdict yet. A worker silent for longer than the timeouts is
killed and blamed the same way (``timeout``).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from .build import extension_dir, torch_arch_list
from .cases import schedule, shape_names

_FREE: "queue.Queue[Worker] | None" = None
_PHASE = {"load": "loading", "case": "on its cases", "time": "while timed"}
_LOCK = threading.Lock()
_ALL: list["Worker"] = []


def _devices() -> list[str]:
    visible = os.environ.get("CUDA_VISIBLE_DEVICES")
    if visible is not None:
        return [d for d in visible.split(",") if d.strip()] or [""]
    try:
        import torch

        return [str(i) for i in range(torch.cuda.device_count())] or [""]
    except Exception:
        return [""]


class Worker:
    def __init__(self, gpu: str) -> None:
        self.gpu = gpu
        self.proc: subprocess.Popen | None = None

    def start(self, arch_list: str | None = None) -> None:
        env = dict(os.environ)
        if arch_list:
            env.setdefault("TORCH_CUDA_ARCH_LIST", arch_list)
        if self.gpu:
            env["CUDA_VISIBLE_DEVICES"] = self.gpu
        env.setdefault("PYTHONHASHSEED", "0")
        self.log = tempfile.NamedTemporaryFile(prefix="semforge-worker-", suffix=".log", delete=False)
        self.proc = subprocess.Popen([sys.executable, "-m", "semforge.verifiers.cuda.worker"],
                                     stdin=subprocess.PIPE, stdout=self.log, stderr=subprocess.STDOUT,
                                     env=env, start_new_session=True)

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, 9)
            except OSError:
                self.proc.kill()
            self.proc.wait()
        self._drop_log()

    def _drop_log(self) -> None:
        log = getattr(self, "log", None)
        if log is not None:
            log.close()
            try:
                os.unlink(log.name)
            except OSError:
                pass
            self.log = None

    def close(self) -> None:
        if self.alive():
            try:
                self.proc.stdin.write(b"quit\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                self.kill()
        self._drop_log()

    def submit(self, workdir: Path, arch_list: str | None = None) -> None:
        if not self.alive():
            self._drop_log()  # the last one's (it ended: a crash, or a variant that patched torch)
            self.start(arch_list)
        self.proc.stdin.write(str(workdir).encode() + b"\n")
        self.proc.stdin.flush()


def _take() -> Worker:
    global _FREE
    with _LOCK:
        if _FREE is None:
            import atexit

            atexit.register(shutdown)
            _FREE = queue.Queue()
            for gpu in _devices():
                w = Worker(gpu)
                _ALL.append(w)
                _FREE.put(w)
    return _FREE.get()


def shutdown() -> None:
    """Stop every worker of this process (they also end with it)."""
    for w in _ALL:
        w.close()


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


def _results(workdir: Path) -> dict[int, dict]:
    out = {}
    for line in _read(workdir / "results.jsonl").splitlines():
        try:
            r = json.loads(line)
        except ValueError:
            continue  # a line cut by a crash
        out[r["index"]] = r
    return out


def judge(original: str, variants: dict[int, tuple[str, str]], config, device: str,
          tmp: Path) -> dict[int, dict]:
    """Results per variant index: ``{verdict, reason, examples, counterexample, timing}``.
    ``variants``: index -> (source, class name)."""
    opts = ({"warmup": config.warmup, "min_trials": config.min_trials,
             "max_trials": config.max_trials, "budget_s": config.time_budget_s}
            if config.measure_speed else None)
    specs = schedule(config.cases_per_shape, config.shapes, config.seed,
                     distributions=("program", "normal", "special", "large", "negative", "uniform"))
    base = {"original": original, "device": device, "threads": config.threads, "timing": opts,
            "schedule": [[s.shape, s.dist, s.seed] for s in specs],
            "shape_names": shape_names(original) if config.shapes > 1 else []}
    done: dict[int, dict] = {}
    worker = _take()
    try:
        attempt = 0
        while len(done) < len(variants):
            attempt += 1
            todo = [i for i in variants if i not in done]
            workdir = tmp / f"job-{attempt}"
            workdir.mkdir(parents=True)
            job = dict(base, variants=[{"index": i, "source": variants[i][0], "cls": variants[i][1],
                                        "ext_dir": str(extension_dir(config, variants[i][0]))}
                                       for i in todo])
            (workdir / "job.json").write_text(json.dumps(job))
            worker.submit(workdir, torch_arch_list(config))
            state = _wait(worker, workdir, config)
            done.update({r["index"]: r for r in _results(workdir).values() if r["index"] in variants})
            if state == "done":
                for i in todo:  # a variant the worker skipped (never expected): say so
                    done.setdefault(i, _result("error", "the worker gave no verdict"))
                break
            status = _read(workdir / "status")
            error = _read(workdir / "error.txt").strip().splitlines()
            why = error[-1][:300] if error else f"the worker process ended ({state})"
            if state == "failed" or status == "reference":
                for i in todo:
                    done.setdefault(i, _result("error", f"original failed: {why}"))
                break
            phase, _, who = status.partition(" ")
            if who.isdigit() and int(who) not in done:
                kind = {"load": "error", "case": "different", "time": "different"}.get(phase, "error")
                if state == "timeout":
                    kind, why = "timeout", f"no progress for {config.run_timeout_s:g}s while {phase}"
                done[int(who)] = _result(kind, f"variant crashed the worker ({_PHASE.get(phase, phase)}): {why}"
                                         if kind != "timeout" else why)
            elif attempt > len(variants) + 1:
                for i in todo:
                    done.setdefault(i, _result("error", f"the worker kept failing: {why}"))
    finally:
        if not worker.alive():
            worker.proc = None
        _FREE.put(worker)
    return done


def _result(verdict: str, reason: str) -> dict:
    return {"verdict": verdict, "reason": reason, "examples": 0, "counterexample": None,
            "timing": None}


def _progress(workdir: Path) -> float:
    times = []
    for name in ("status", "results.jsonl"):
        try:
            times.append((workdir / name).stat().st_mtime)
        except OSError:
            pass
    return max(times, default=0.0)


def _wait(worker: Worker, workdir: Path, config) -> str:
    """Wait for the job: ``done``, ``failed``, ``exited`` (the process ended) or ``timeout``
    (no new status or result for longer than the phase's timeout)."""
    started = time.time()
    while True:
        status = _read(workdir / "status")
        if status in ("done", "failed"):
            return status
        if not worker.alive():
            return "exited"
        limit = config.compile_timeout_s if status.startswith("load") or not status else config.run_timeout_s
        if time.time() - max(_progress(workdir), started) > limit:
            worker.kill()
            return "timeout"
        time.sleep(0.01)


def worker_count() -> int:
    return len(_devices())
