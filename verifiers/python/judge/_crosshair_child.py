"""The confined CrossHair process: explore an (original, variant) pair symbolically, report inputs.

A script, run by path (``semforge.sandbox.tool.command``, so the verifier package and its
Hypothesis never load here), started by ``crosshair.propose_inputs`` with a request file and
two pipes: one for the analysing process's pid, one for its report. CrossHair cannot run in a
zygote child: its tracer needs ``sys.settrace`` and z3 needs ``ctypes``, both of which the child's
audit hook refuses. So the analysing process confines *itself* with ``semforge.sandbox.tool``,
in the same order as a zygote child, and more, because ctypes (loaded for z3) is reachable here:

1. read the request, import CrossHair and z3 (trusted, installed code), ``tool.prepare``;
2. ``tool.unshare_namespaces`` (an empty network namespace, as the zygote's, and a PID
   namespace), then fork the analysing process, the new namespace's init: killing it kills all
   it may have started;
3. ``tool.confine``: what a zygote child applies (the result pipe on fd 3, private directory,
   Landlock, rlimits, ...), then every capability dropped;
4. ``tool.guard``: the audit hook and module stubs, with three events let through, all needed by
   CrossHair and z3: ``sys.settrace``/``sys.setprofile`` (tracing hands out frames, which here
   can only falsify this process's own report, see below) and ``ctypes.cdata/buffer`` (z3 wraps
   Python buffers; ``dlopen``/``dlsym`` and the other ctypes events stay refused);
5. load both programs from files in the directory, explore both on the original's signature
   (``diff_behavior_with_signature``, the engine of ``crosshair diffbehavior``), writing one JSON
   line per difference as it is found and a last line with the status.

At the budget the caller kills the analysing process and both process groups, whatever happens here. Its report is
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
from collections import Counter

from semforge.sandbox import tool

# Both directions of the report are bounded: the parent reads at most this many bytes.
MAX_REPORT = 1 << 20
MAX_REPR = 4000
_LET_THROUGH = frozenset({"sys.settrace", "sys.setprofile", "ctypes.cdata/buffer"})


def _load(path: str, name: str, code: str):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(code)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def main() -> None:
    """Fork the analysing process and wait for it. This first process never loads a program.

    With a PID namespace, the analysing process is its init: the caller kills it by pid, and
    the kernel then kills everything it may have started, whatever session or group they
    moved to."""
    with open(sys.argv[1], encoding="utf-8") as fh:
        req = json.load(fh)
    # Trusted imports first: after the hook, imports of ctypes and friends are refused.
    import crosshair.core_and_libs  # noqa: F401 - registers CrossHair's symbolic builtins

    prepared = tool.prepare()
    # Die with the verifier: the analysing process dies with this one (its own parent-death
    # signal), and with it its PID namespace.
    tool.die_with_parent(prepared, req.get("parent"))
    namespaces, capset = tool.unshare_namespaces()
    me = os.getpid()
    pid = tool.fork_tied(prepared)
    if pid == 0:
        try:
            os.close(int(req["pid_fd"]))
            _analyse(req, prepared, namespaces, capset, me)
        finally:
            os._exit(70)
    os.close(int(req["result_fd"]))
    os.write(int(req["pid_fd"]), str(pid).encode())
    os.close(int(req["pid_fd"]))
    os.waitpid(pid, 0)
    os._exit(0)


def _analyse(req: dict, prepared: dict, namespaces: str, capset, parent: int) -> None:
    from crosshair.diff_behavior import ExceptionEquivalenceType, diff_behavior_with_signature
    from crosshair.fnutil import FunctionInfo
    from crosshair.options import DEFAULT_OPTIONS

    workdir = req["workdir"]
    conf = tool.confine(int(req["result_fd"]), workdir, req["limits"], prepared, namespaces, capset,
                        parent)
    _write, _exit, _dumps, _fd = os.write, os._exit, json.dumps, tool.CHANNEL_FD
    report = {"status": "failed", "confinement": conf, "violations": []}
    sent = [0]

    def send(line: dict, last: bool = False) -> None:
        data = (_dumps(line, default=repr) + "\n").encode("ascii", "backslashreplace")
        if sent[0] + len(data) > (MAX_REPORT if last else MAX_REPORT // 2):  # room for the last
            return
        sent[0] += len(data)
        view = memoryview(data)
        while view:
            view = view[_write(_fd, view):]

    # Each difference is sent the moment CrossHair records it (BehaviorDiff is built once per
    # differing path), so one found early survives the kill at the budget.
    import crosshair.diff_behavior as diff_module

    behavior_diff = diff_module.BehaviorDiff

    def streamed_diff(args, *rest):
        send({"diff": [str(v)[:MAX_REPR] for v in dict(args).values()]})
        return behavior_diff(args, *rest)

    diff_module.BehaviorDiff = streamed_diff

    violations = tool.guard(workdir, prepared, _LET_THROUGH)
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
        # One path may overrun its limit a little; a short path limit keeps the report in time.
        options = DEFAULT_OPTIONS.overlay(per_condition_timeout=left, per_path_timeout=left / 4,
                                          max_iterations=10**9)
        options.stats = Counter()
        # The original's signature is the domain: a variant cannot dodge the analysis by
        # dropping its annotations (CrossHair's diffbehavior would also try the variant's).
        fn1, sig = FunctionInfo.from_module(original, entry).callable()
        fn2 = getattr(variant, entry)
        diff_behavior_with_signature(fn1, fn2, sig, options, ExceptionEquivalenceType.SAME_TYPE)
        report.update(
            status="done",
            paths=int(options.stats.get("num_paths", 0)),
            exhausted=bool(options.stats.get("exhaustion", 0)))
    except BaseException as exc:  # noqa: BLE001 - anything CrossHair or the program raised
        report.update(status="failed", detail=f"{type(exc).__name__}: {str(exc)[:200]}")
    finally:
        report["violations"] = [str(v)[:200] for v in violations[:5]]
        try:
            send(report, last=True)
        finally:
            _exit(0)


if __name__ == "__main__":
    main()
