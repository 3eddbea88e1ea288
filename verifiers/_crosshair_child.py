"""The confined CrossHair process: explore an (original, variant) pair symbolically, report inputs.

Started by ``crosshair_check.propose_inputs`` (``python -c <boot> REQUEST_PATH``) with the write end
of a result pipe as its only extra fd. CrossHair cannot run in a zygote child: its tracer needs
``sys.settrace`` and z3 needs ``ctypes``, both of which the child's audit hook refuses. So this
process confines *itself* with the sandbox's own primitives, in the same order as a zygote child:

1. read the request, import CrossHair and z3 (trusted, installed code), prepare like a zygote;
2. move into an empty network namespace (as the zygote does);
3. ``_sandbox_child._confine``: own process group, fds 0-2 on /dev/null, the result pipe on fd 3,
   everything else closed, private directory, Landlock (writes only beneath it, no execve, no
   signals out), parent-death signal, no core dumps, rlimits (memory, CPU, file size, files);
4. the guard's audit hook and module stubs, with exactly two events let through, both needed by
   CrossHair and z3 and neither a way out: ``sys.settrace``/``sys.setprofile`` (tracing hands out
   frames, which here can only falsify this process's own report, see below) and
   ``ctypes.cdata/buffer`` (z3 wraps Python buffers; ``dlopen``/``dlsym``/raw addresses stay refused);
5. load both programs from files in the directory, explore both on the original's signature
   (``diff_behavior_with_signature``, the engine of ``crosshair diffbehavior``), write one JSON line.

The parent kills the whole process group at the budget, whatever happens here. Its report is
untrusted and only *proposes* inputs: each is re-run concretely in the normal sandbox, and only
that run can make a pair ``different``. A program that falsifies the report can at most hide a
counterexample from this second opinion, never make a pair look equivalent.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import time

# Both directions of the report are bounded: the parent reads at most this many bytes.
MAX_REPORT = 1 << 20
MAX_DIFFS = 8
MAX_REPR = 4000
_CLONE_NEWNET = 0x40000000
_LET_THROUGH = frozenset({"sys.settrace", "sys.setprofile", "ctypes.cdata/buffer"})


def _load(path: str, name: str, code: str):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(code)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _filtered_guard_hook(workdir: str, violations: list, trust):
    """The guard's audit hook behind a filter that lets ``_LET_THROUGH`` pass.

    The guard finds the code that raised an event at a fixed depth below its hook (to trust
    installed code, refuse the program); the filter adds one frame, so the guard is built with a
    ``_getframe`` that looks that much deeper (two: the filter and this shim)."""
    from semforge.verifiers import _sandbox_guard

    real_getframe = sys._getframe

    def deeper(depth: int = 0):
        return real_getframe(depth + 2)

    sys._getframe = deeper
    try:
        hook, _ = _sandbox_guard.make_audit_hook(workdir, violations, trust)
    finally:
        sys._getframe = real_getframe

    def filtered(event, args):
        if event not in _LET_THROUGH:
            hook(event, args)

    return filtered


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as fh:
        req = json.load(fh)
    parent = os.getppid()
    # Trusted imports first: after the hook, imports of ctypes and friends are refused.
    import crosshair.core_and_libs  # noqa: F401 - registers CrossHair's symbolic builtins
    from crosshair.diff_behavior import ExceptionEquivalenceType, diff_behavior_with_signature
    from crosshair.fnutil import FunctionInfo
    from crosshair.options import DEFAULT_OPTIONS

    from semforge.verifiers import _sandbox_child, _sandbox_guard

    prepared = _sandbox_child.prepare()
    netns = False
    try:
        import ctypes

        netns = ctypes.CDLL(None, use_errno=True).unshare(_CLONE_NEWNET) == 0
    except (OSError, AttributeError):
        pass
    result_fd = int(req["result_fd"])
    workdir = req["workdir"]
    applied = _sandbox_child._confine(result_fd, workdir, req["limits"], prepared)
    if os.getppid() != parent:  # the parent died before the parent-death signal was armed
        os._exit(71)
    _write, _exit, _dumps = os.write, os._exit, json.dumps
    report = {"status": "failed", "diffs": [], "confinement": applied + (",netns" if netns else ""),
              "violations": []}

    def send() -> None:
        data = _dumps(report, default=repr).encode("ascii", "backslashreplace")[:MAX_REPORT]
        view = memoryview(data)
        while view:
            view = view[_write(_sandbox_child.CHANNEL_FD, view):]

    violations: list = []
    hook = _filtered_guard_hook(workdir, violations, prepared["trust"])

    sys.addaudithook(hook)
    _sandbox_guard.disarm_modules(prepared["stubs"])
    del prepared
    try:
        try:
            original = _load(os.path.join(workdir, "semforge_original.py"), "semforge_original",
                             req["original"])
            variant = _load(os.path.join(workdir, "semforge_variant.py"), "semforge_variant",
                            req["variant"])
        except BaseException as exc:  # noqa: BLE001 - a program that cannot load is not ours to judge
            report.update(status="load_error", detail=f"{type(exc).__name__}: {str(exc)[:200]}")
            return
        entry = req["entry_point"]
        left = float(req["deadline"]) - time.monotonic()
        if left <= 0.2:
            report.update(status="no_time", detail="budget spent before the analysis could start")
            return
        options = DEFAULT_OPTIONS.overlay(per_condition_timeout=left, max_iterations=10**9)
        from collections import Counter

        options.stats = Counter()
        # The original's signature is the domain: a variant cannot dodge the analysis by
        # dropping its annotations (CrossHair's diffbehavior would also try the variant's).
        fn1, sig = FunctionInfo.from_module(original, entry).callable()
        fn2 = getattr(variant, entry)
        diffs = diff_behavior_with_signature(fn1, fn2, sig, options,
                                             ExceptionEquivalenceType.SAME_TYPE)
        report.update(
            status="done",
            diffs=[[str(v)[:MAX_REPR] for v in d.args.values()] for d in list(diffs)[:MAX_DIFFS]],
            paths=int(options.stats.get("num_paths", 0)),
            exhausted=bool(options.stats.get("exhaustion", 0)))
    except BaseException as exc:  # noqa: BLE001 - anything CrossHair or the program raised
        report.update(status="failed", detail=f"{type(exc).__name__}: {str(exc)[:200]}")
    finally:
        report["violations"] = [str(v)[:200] for v in violations[:5]]
        try:
            send()
        finally:
            _exit(0)


if __name__ == "__main__":
    main()
