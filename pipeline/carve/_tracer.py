"""The confined test run: a project's pytest suite under a call tracer, reporting the arguments
of calls to the project's own functions and methods.

A script, run by path (``semforge.sandbox.tool.command``) by ``carve.run_tests``, with a request
file and two pipes (the analysing process's pid, its report). The suite is untrusted code, so
this process confines itself as a CrossHair process does (``_crosshair_child``): trusted imports
(pytest) first, then a PID and network namespace, Landlock (writes only in its own directory),
rlimits, no capabilities, and the sandbox's audit hook, with one event let through: the tracer's
own ``sys.setprofile`` (Python 3.12+: ``sys.monitoring``, with ``sys._getframe`` to read the
started frame's arguments).

The tracer sees every call whose code comes from a file of the corpus outside the tests and
records, per function (``co_qualname``), the arguments at entry as ``repr`` text, only for
values built of builtin types (what the caller can parse back without running anything, and
copy into the sandbox), bounded per function. For a method it records the arguments the
instance was constructed with (its outermost ``__init__`` call) instead of the instance. It also
counts which tests called each function. Each record is one JSON line, written as it is found,
so a run killed at its budget still reports what it saw.
"""

from __future__ import annotations

import json
import os
import sys
import time
import types

from semforge.references import reference_name
from semforge.sandbox import tool

MAX_REPORT = 8 << 20
MAX_REPR = 4000
MAX_CALLS_PER_FUNCTION = 32  # distinct calls recorded per function
MAX_SEEN_PER_FUNCTION = 4000  # calls looked at per function before it is left alone
# Past those bounds a call whose argument types are new is still recorded (up to this many more,
# among this many calls): the carved inputs define the seed's typed domain, so the first calls
# (a suite's common case, alignment="right" 32 times) must not hide a type the tests pass later
# (alignment=None).
MAX_NEW_SHAPES_PER_FUNCTION = 16
MAX_SHAPE_SEEN_PER_FUNCTION = 40000
MAX_TESTS_PER_FUNCTION = 2000
MAX_TRACKED_OBJECTS = 50000
_SCALARS = (type(None), bool, int, float, complex, str, bytes)
_CONTAINERS = (list, tuple, set, frozenset)
CO_OPTIMIZED, CO_VARARGS, CO_VARKEYWORDS = 0x01, 0x04, 0x08
CO_SUSPENDABLE = 0x20 | 0x80 | 0x200  # generator, coroutine, async generator
CALLABLE_PREFIX = "__semforge_callable_"
FunctionType = types.FunctionType


def arity(code) -> str:
    """How many positional arguments a function takes: "n", or "v" (any number)."""
    if code.co_flags & CO_VARARGS:
        return "v"
    return str(code.co_argcount)


def text_of(value, budget: list, depth: int = 0) -> str | None:
    """Python source for ``value`` when it is built of exactly builtin scalar and container
    types and named builtin callables (``semforge.references``), small enough (``budget``:
    items); else None. The caller reads it back without running it."""
    budget[0] -= 1
    if budget[0] < 0 or depth > 20:
        return None
    t = type(value)
    if t in _SCALARS:
        return repr(value)
    name = reference_name(value)
    if name is not None:
        return name
    if t is FunctionType:  # a test's own function or lambda: stands for "a callable of n"
        return f"{CALLABLE_PREFIX}{arity(value.__code__)}"
    if t is dict:
        items = [(text_of(k, budget, depth + 1), text_of(v, budget, depth + 1))
                 for k, v in value.items()]
        if any(k is None or v is None for k, v in items):
            return None
        return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
    if t not in _CONTAINERS:
        return None
    items = [text_of(x, budget, depth + 1) for x in value]
    if any(x is None for x in items):
        return None
    inner = ", ".join(items)
    if t is list:
        return f"[{inner}]"
    if t is tuple:
        return f"({inner},)" if len(items) == 1 else f"({inner})"
    if not items:
        return "set()" if t is set else "frozenset()"
    return "{" + inner + "}" if t is set else "frozenset({" + inner + "})"


def main() -> None:
    with open(sys.argv[1], encoding="utf-8") as fh:
        req = json.load(fh)
    import pytest  # trusted, installed code: imported before the guard

    prepared = tool.prepare()
    tool.die_with_parent(prepared, req.get("parent"))
    namespaces, capset = tool.unshare_namespaces()
    me = os.getpid()
    pid = tool.fork_tied(prepared)
    if pid == 0:
        try:
            os.close(int(req["pid_fd"]))
            _run(req, prepared, namespaces, capset, me, pytest)
        finally:
            os._exit(70)
    os.close(int(req["result_fd"]))
    os.write(int(req["pid_fd"]), str(pid).encode())
    os.close(int(req["pid_fd"]))
    os.waitpid(pid, 0)
    os._exit(0)


def _run(req: dict, prepared: dict, namespaces: str, capset, parent: int, pytest) -> None:
    workdir = req["workdir"]
    conf = tool.confine(int(req["result_fd"]), workdir, req["limits"], prepared, namespaces,
                        capset, parent)
    _write, _fd, _dumps = os.write, tool.CHANNEL_FD, json.dumps
    sent = [0]

    def send(line: dict, last: bool = False) -> None:
        data = (_dumps(line) + "\n").encode("ascii", "backslashreplace")
        if sent[0] + len(data) > (MAX_REPORT if last else MAX_REPORT - (1 << 16)):
            return
        sent[0] += len(data)
        view = memoryview(data)
        while view:
            view = view[_write(_fd, view):]

    corpus = os.path.realpath(req["corpus"]).rstrip("/") + "/"
    tests = os.path.realpath(req["tests"])
    tests_prefix = tests.rstrip("/") + "/"
    targets: dict = {}  # code object -> (relpath, qualname) or None
    calls: dict = {}  # (relpath, qualname) -> [seen, reprs recorded, shapes recorded, extra]
    touched: dict = {}  # (relpath, qualname) -> set of test ids
    inits: dict = {}  # id(instance) -> (instance, type name, init reprs or None)
    current = [""]

    def target(code):
        if not code.co_flags & CO_OPTIMIZED:  # a module's or a class body's code: not a call
            return None
        name = code.co_filename
        if not name.startswith(corpus) or name == tests or name.startswith(tests_prefix):
            return None
        qual = getattr(code, "co_qualname", code.co_name)
        if "<" in qual:  # nested functions, lambdas, comprehensions: not units
            return None
        return (name[len(corpus):], qual)

    def arguments(frame, code):
        names = code.co_varnames
        n = code.co_argcount
        f_locals = frame.f_locals
        args = [f_locals.get(x) for x in names[:n]]
        k = code.co_kwonlyargcount
        kw = {x: f_locals.get(x) for x in names[n:n + k]}
        pos = n + k
        if code.co_flags & CO_VARARGS:
            args.extend(f_locals.get(names[pos], ()))
            pos += 1
        if code.co_flags & CO_VARKEYWORDS and f_locals.get(names[pos]):
            return None, None  # **kwargs given: not expressible as positional arguments
        return args, kw

    def show(values):
        budget = [2000]
        text = [text_of(v, budget) for v in values]
        if any(t is None for t in text):
            return None
        return text if sum(map(len, text)) <= MAX_REPR else None

    import dis

    first_resume: dict = {}

    def resumed(frame, code) -> bool:
        """Whether a generator's frame is resumed rather than started (a profiler's "call"
        event comes at both; its arguments are those of the start only)."""
        if not code.co_flags & CO_SUSPENDABLE:
            return False
        offset = first_resume.get(code)
        if offset is None:
            offset = first_resume[code] = next(
                (i.offset for i in dis.get_instructions(code) if i.opname == "RESUME"), -1)
        return frame.f_lasti != offset

    def on_call(frame, code, key) -> None:
        if current[0]:
            seen_by = touched.setdefault(key, set())
            if len(seen_by) < MAX_TESTS_PER_FUNCTION:
                seen_by.add(current[0])
        record = calls.setdefault(key, [0, set(), set(), 0])
        record[0] += 1
        full = record[0] > MAX_SEEN_PER_FUNCTION or len(record[1]) >= MAX_CALLS_PER_FUNCTION
        if full and code.co_name != "__init__" and (
                record[3] >= MAX_NEW_SHAPES_PER_FUNCTION or record[0] > MAX_SHAPE_SEEN_PER_FUNCTION):
            return
        args, kw = arguments(frame, code)
        if args is None:
            return
        if code.co_name == "__init__" and args:
            obj = args[0]
            if id(obj) not in inits and len(inits) < MAX_TRACKED_OBJECTS:
                t = type(obj)
                inits[id(obj)] = (obj, f"{t.__module__}.{t.__qualname__}", show(args[1:]))
        shape = (tuple(map(type, args)), tuple((n, type(v)) for n, v in kw.items()))
        if full and (shape in record[2] or record[3] >= MAX_NEW_SHAPES_PER_FUNCTION
                     or record[0] > MAX_SHAPE_SEEN_PER_FUNCTION):
            return
        shown = show(args[1:]) if args else show(args)
        shown_kw = show(list(kw.values()))
        first = show(args[:1]) if args else []
        line = {"unit": list(key), "kw": dict(zip(kw, shown_kw)) if shown_kw is not None else None}
        if args:
            entry = inits.get(id(args[0]))
            if entry is not None and entry[0] is args[0]:
                line["self_type"], line["init"] = entry[1], entry[2]
            line["first"] = first[0] if first else None
        line["rest"] = shown
        blob = _dumps(line, sort_keys=True)
        if blob in record[1]:
            return
        record[1].add(blob)
        record[2].add(shape)
        record[3] += full
        send(line)

    def profile(frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        key = targets.get(code, 0)
        if key == 0:
            key = targets[code] = target(code)
        if key is not None and not resumed(frame, code):
            on_call(frame, code, key)

    def start_tracing() -> None:
        """``sys.monitoring`` (3.12+: calls to code of no interest stop reporting at once),
        else ``sys.setprofile``."""
        monitoring = getattr(sys, "monitoring", None)
        if monitoring is None:
            sys.setprofile(profile)
            return
        tool_id = monitoring.PROFILER_ID
        monitoring.use_tool_id(tool_id, "semforge-carve")
        getframe, disable = sys._getframe, monitoring.DISABLE

        def started(code, offset):  # PY_START: a call, never a resumption
            key = targets.get(code, 0)
            if key == 0:
                key = targets[code] = target(code)
            if key is None:
                return disable
            on_call(getframe(1), code, key)

        monitoring.register_callback(tool_id, monitoring.events.PY_START, started)
        monitoring.set_events(tool_id, monitoring.events.PY_START)

    def stop_tracing() -> None:
        monitoring = getattr(sys, "monitoring", None)
        if monitoring is None:
            sys.setprofile(None)
        else:
            monitoring.set_events(monitoring.PROFILER_ID, 0)

    class Tracker:
        """A pytest plugin that names the test running now."""

        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_call(self, item):
            current[0] = item.nodeid
            yield
            current[0] = ""

    sys.path[:0] = [os.path.realpath(p) for p in req["paths"]]
    sys.dont_write_bytecode = True
    os.chdir(req["rootdir"])
    # 3.12+ reads the started frame with sys._getframe (sys.monitoring hands the code only).
    violations = tool.guard(workdir, prepared, frozenset({"sys.setprofile", "sys._getframe"}
                                                          if hasattr(sys, "monitoring")
                                                          else {"sys.setprofile"}))
    del prepared
    outcome = {"status": "failed", "confinement": conf}
    counts: dict = {}

    class Counter:
        def pytest_runtest_logreport(self, report):
            if report.when == "call" or report.outcome != "passed":
                counts[report.outcome] = counts.get(report.outcome, 0) + 1

    import io

    output = io.StringIO()  # pytest's own report: its last lines go into ours
    sys.stdout = sys.stderr = output
    t0 = time.monotonic()
    try:
        start_tracing()
        # The project's own pytest configuration is left out (an empty one in its place): its
        # addopts and warning filters name plugins that may not be installed here.
        config = os.path.join(workdir, "pytest.ini")
        with open(config, "w") as fh:
            fh.write("[pytest]\n")
        code = pytest.main([req["tests"], "-q", "-s", "-c", config, "--rootdir", req["rootdir"],
                            "-p", "no:cacheprovider", "-p", "no:faulthandler", "-p", "no:timeout",
                            "-p", "no:logging", "--continue-on-collection-errors"], plugins=[Tracker(), Counter()])
        sys.setprofile(None)
        outcome.update(status="done", exit=int(code))
    except BaseException as exc:  # noqa: BLE001 - whatever the suite raised past pytest
        sys.setprofile(None)
        outcome.update(detail=f"{type(exc).__name__}: {str(exc)[:200]}")
    finally:
        sys.setprofile(None)
        for key, ids in touched.items():
            send({"touched": list(key), "tests": sorted(ids)[:200], "count": len(ids)})
        outcome.update(seconds=round(time.monotonic() - t0, 3), tests=counts,
                       violations=[str(v)[:200] for v in violations[:5]],
                       tail=output.getvalue()[-2000:])
        send(outcome, last=True)
        os._exit(0)


if __name__ == "__main__":
    main()
